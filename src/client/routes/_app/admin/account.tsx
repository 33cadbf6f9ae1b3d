import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/admin/account/account-page';

export const Route = createFileRoute('/_app/admin/account')({
  component: AccountPage,
});
