import { createFileRoute } from '@tanstack/react-router';
import { AdminGuard } from '../../../features/admin/admin-guard';

/** Layout of /admin/…: only admins get past it (the server checks again). */
export const Route = createFileRoute('/_app/admin')({
  component: AdminGuard,
});
