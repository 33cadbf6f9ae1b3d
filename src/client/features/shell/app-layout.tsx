import { Outlet } from '@tanstack/react-router';
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
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {m.app_skip_to_content()}
      </a>
      <MenuBar info={info} />
      {/* Issue 14 §5: offline state; the outbox adds its waiting count as children. */}
      <OfflineBanner />
      <main id="main" className="main" tabIndex={-1}>
        <Breadcrumbs />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
