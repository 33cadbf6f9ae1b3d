import { createFileRoute } from '@tanstack/react-router';
import { WorksheetAddPage } from '../../../features/worksheet/worksheet-add-page';
import { optionalStrings } from '../../../lib/search';

/** Prefill from the week view's empty cell (issue 22 §6): ?date=&customerNo=&jobCode=&jobTaskCode=&unitType=&unitNo=&workTypeCode= */
const search = optionalStrings('date', 'customerNo', 'jobCode', 'jobTaskCode', 'unitType', 'unitNo', 'workTypeCode');
export type AddPrefill = ReturnType<typeof search>;

export const Route = createFileRoute('/_app/worksheet/add')({
  validateSearch: (raw): AddPrefill => {
    const s = search(raw);
    if (s.date && !/^\d{4}-\d{2}-\d{2}$/.test(s.date)) delete s.date;
    if (s.unitType && s.unitType !== 'Item' && s.unitType !== 'Resource') delete s.unitType;
    return s;
  },
  component: WorksheetAddPage,
});
