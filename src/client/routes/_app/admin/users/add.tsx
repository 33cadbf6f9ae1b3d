import { createFileRoute } from '@tanstack/react-router';
import { UserAddPage } from '../../../../features/admin/users/user-add-page';

export const Route = createFileRoute('/_app/admin/users/add')({
  component: UserAddPage,
});
