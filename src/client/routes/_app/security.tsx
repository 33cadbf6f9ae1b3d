import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../features/auth/security-page';

/** Issue 41: each user's own sign-in security (two-factor, recovery codes). */
export const Route = createFileRoute('/_app/security')({
  component: SecurityPage,
});
