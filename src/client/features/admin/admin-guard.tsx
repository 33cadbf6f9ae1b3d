import { Outlet } from '@tanstack/react-router';
import { NotAllowed } from '../../components/not-allowed';
import { isAdmin, useAccountInfo } from '../../lib/account';

export function AdminGuard() {
  const info = useAccountInfo();
  return isAdmin(info) ? <Outlet /> : <NotAllowed />;
}
