import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/app-layout';
import { PageSpinner } from '../components/spinner';
import { applyUserLanguage } from '../lib/i18n';
import { isUnauthorized } from '../lib/trpc';
import { forgetIdentity, lastIdentity, rememberIdentity } from '../offline/identity';
import { finishPendingLogout, logoutPending } from '../lib/logout-pending';
import { isUnreachable, userConfirmed } from '../offline/master-data-sync';

/** Every authenticated page sits below this pathless layout route. */
export const Route = createFileRoute('/_app')({
  // Spec §1: the account info is loaded before the application is shown. Cached after the first
  // load, so later navigations don't wait.
  beforeLoad: async ({ context }) => {
    // A logout the server has not confirmed (made offline): the session cookie still on this
    // device counts for nothing; the next person gets the login page (decision 0199).
    if (logoutPending()) {
      void finishPendingLogout();
      forgetIdentity();
      throw redirect({ to: '/login' });
    }
    try {
      const info = await context.trpcUtils.user.info.ensureData();
      // The pending spinner shows while a Danish user's messages load (decision 0171).
      await applyUserLanguage(info.languageCode);
      const { user, replaced, again } = rememberIdentity(info);
      if (!again) userConfirmed(user, replaced);
      return { info };
    } catch (error) {
      if (isUnauthorized(error)) {
        forgetIdentity();
        throw redirect({ to: '/login' });
      }
      // Offline (issue 14 §1): the server cannot be asked, so the last user confirmed on this
      // device is shown the app; their entries and master data are theirs (decision 0150).
      if (!isUnreachable(error)) throw error;
      const last = lastIdentity();
      // Nobody confirmed on this device (e.g. after a logout): the login page, also offline.
      if (!last) throw redirect({ to: '/login' });
      context.trpcUtils.user.info.setData(undefined, last);
      await applyUserLanguage(last.languageCode);
      return { info: last };
    }
  },
  pendingComponent: () => <PageSpinner />,
  component: AppLayout,
});
