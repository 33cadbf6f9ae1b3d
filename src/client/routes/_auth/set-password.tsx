import { createFileRoute } from '@tanstack/react-router';
import { SetPasswordPage } from '../../features/auth/set-password-page';

export const Route = createFileRoute('/_auth/set-password')({
  component: SetPasswordPage,
});
