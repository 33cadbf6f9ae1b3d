import { createFileRoute } from '@tanstack/react-router';
import { keySearch } from '../../../../lib/search';
import { ResourceEditPage } from '../../../../features/admin/resources/resource-edit-page';

export const Route = createFileRoute('/_app/admin/resources/edit')({
  validateSearch: keySearch('no'),
  component: function RouteComponent() {
    const { no } = Route.useSearch();
    return <ResourceEditPage no={no} />;
  },
});
