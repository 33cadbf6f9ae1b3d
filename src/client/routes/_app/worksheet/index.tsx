import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: /worksheet redirects to /. */
export const Route = createFileRoute('/_app/worksheet/')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
