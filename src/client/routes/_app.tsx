import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../components/app-layout';
import { PageSpinner } from '../components/spinner';
import { applyUserLanguage } from '../lib/i18n';
import { isUnauthorized } from '../lib/trpc';

/** Every authenticated page sits below this pathless layout route. */
export const Route = createFileRoute('/_app')({
  // Spec §1: the account info is loaded before the application is shown. Cached after the first
  // load, so later navigations don't wait.
  beforeLoad: async ({ context }) => {
    try {
      const info = await context.trpcUtils.user.info.ensureData();
      // The pending spinner shows while a Danish user's messages load (decision 0171).
      await applyUserLanguage(info.languageCode);
      return { info };
    } catch (error) {
      if (isUnauthorized(error)) throw redirect({ to: '/login' });
      throw error;
    }
  },
  pendingComponent: () => <PageSpinner />,
  component: AppLayout,
});
