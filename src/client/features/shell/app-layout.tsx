import { Outlet } from '@tanstack/react-router';
import { useDeferredValue } from 'react';
import { PageSpinner } from '../../components/spinner';
import { m } from '../../../shared/paraglide/messages.js';
import { useAccountInfo } from '../../lib/account';
import { useIdleLogout } from '../../lib/idle';
import { useMasterDataRefresh } from '../../offline/master-data-sync';
import { OfflineBanner } from '../../offline/offline-banner';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { Footer } from '../../components/footer';
import { MenuBar } from './menu-bar';

/** The layout of every authenticated page: menu bar, breadcrumbs, page, footer. */
export function AppLayout() {
  const info = useAccountInfo();
  useIdleLogout();
  // Issue 14: the offline copy of the form's master data is kept fresh while the app is open.
  useMasterDataRefresh();
  // The first page renders in the background (issue 43 §1): the router delivers it in a synchronous
  // update (useSyncExternalStore), one task of 300–400 ms at 4× CPU on a phone. Deferred, React
  // renders it in slices of ~5 ms, and the menu bar with a spinner paints meanwhile. Later
  // navigations keep the layout mounted, so only the first load goes this way.
  const pageShown = useDeferredValue(true, false);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {m.app_skip_to_content()}
      </a>
      <MenuBar info={info} />
      {/* Issue 14 §5: offline state; the outbox adds its waiting count as children. */}
      <OfflineBanner />
      <main id="main" className="main" tabIndex={-1}>
        {pageShown ? (
          <>
            <Breadcrumbs />
            <Outlet />
          </>
        ) : (
          <PageSpinner />
        )}
      </main>
      {/* With the page: a footer painted under the spinner would be pushed down by it (a layout shift). */}
      {pageShown && <Footer />}
    </div>
  );
}
