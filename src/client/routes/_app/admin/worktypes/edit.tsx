import { createFileRoute } from '@tanstack/react-router';
import { keySearch } from '../../../../lib/search';
import { WorktypeEditPage } from '../../../../features/admin/worktypes/worktype-edit-page';

export const Route = createFileRoute('/_app/admin/worktypes/edit')({
  validateSearch: keySearch('code'),
  component: function RouteComponent() {
    const { code } = Route.useSearch();
    return <WorktypeEditPage code={code} />;
  },
});
