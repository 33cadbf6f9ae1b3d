import { createFileRoute } from '@tanstack/react-router';
import { WorksheetHomePage } from '../../features/worksheet/worksheet-home-page';
import type { Mode } from '../../../shared/limits';
import { modeOf, optionalStrings } from '../../lib/search';

const search = optionalStrings('mode');

/** Worksheet home. Read the search with getRouteApi('/_app/').useSearch(). */
export const Route = createFileRoute('/_app/')({
  validateSearch: (raw): { mode?: Mode } => ({ mode: modeOf(search(raw).mode) }),
  component: WorksheetHomePage,
});
