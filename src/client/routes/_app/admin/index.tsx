import { createFileRoute } from '@tanstack/react-router';
import { AdminMenuPage } from '../../../features/admin/admin-menu-page';

export const Route = createFileRoute('/_app/admin/')({
  component: AdminMenuPage,
});
