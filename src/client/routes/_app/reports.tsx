import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../features/report/reports-page';
import { validateReportSearch } from '../../features/report/report-search';

/** Reports (issue 26); the search is checked in features/report/report-search.ts. */
export const Route = createFileRoute('/_app/reports')({
  validateSearch: validateReportSearch,
  component: ReportsPage,
});
