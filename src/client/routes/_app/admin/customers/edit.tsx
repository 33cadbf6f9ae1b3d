import { createFileRoute } from '@tanstack/react-router';
import { keySearch } from '../../../../lib/search';
import { CustomerEditPage } from '../../../../features/admin/customers/customer-edit-page';

export const Route = createFileRoute('/_app/admin/customers/edit')({
  validateSearch: keySearch('no'),
  component: function RouteComponent() {
    const { no } = Route.useSearch();
    return <CustomerEditPage no={no} />;
  },
});
