import { createFileRoute } from '@tanstack/react-router';
import { ArchivePage } from '../../features/export/archive-page';
import type { Mode } from '../../../shared/limits';
import { modeOf, optionalStrings } from '../../lib/search';

const search = optionalStrings('mode', 'from', 'to', 'customerNo', 'jobCode', 'batchId');

export interface ArchiveSearch {
  mode?: Mode;
  from?: string;
  to?: string;
  customerNo?: string;
  jobCode?: string;
  /** An export batch id (issue 24): the entries one marking moved. */
  batchId?: string;
}

/** Archive filters live in the URL. Read them with getRouteApi('/_app/archive').useSearch(). */
export const Route = createFileRoute('/_app/archive')({
  validateSearch: (raw): ArchiveSearch => {
    const { mode, ...filters } = search(raw);
    return { ...filters, mode: modeOf(mode) };
  },
  component: ArchivePage,
});
