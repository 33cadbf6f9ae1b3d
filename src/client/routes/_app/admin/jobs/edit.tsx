import { createFileRoute } from '@tanstack/react-router';
import { keySearch } from '../../../../lib/search';
import { JobEditPage } from '../../../../features/admin/jobs/job-edit-page';

export const Route = createFileRoute('/_app/admin/jobs/edit')({
  validateSearch: keySearch('code'),
  component: function RouteComponent() {
    const { code } = Route.useSearch();
    return <JobEditPage code={code} />;
  },
});
