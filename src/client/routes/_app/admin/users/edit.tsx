import { createFileRoute } from '@tanstack/react-router';
import { keySearch } from '../../../../lib/search';
import { UserEditPage } from '../../../../features/admin/users/user-edit-page';

export const Route = createFileRoute('/_app/admin/users/edit')({
  validateSearch: keySearch('username'),
  component: function RouteComponent() {
    const { username } = Route.useSearch();
    return <UserEditPage username={username} />;
  },
});
