import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '../components/auth-layout';

/** /login and /logout use their own minimal layout (spec §2). */
export const Route = createFileRoute('/_auth')({
  component: AuthLayout,
});
