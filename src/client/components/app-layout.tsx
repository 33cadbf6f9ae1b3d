import { Outlet } from '@tanstack/react-router';
import { m } from '../../shared/paraglide/messages.js';
import { useAccountInfo } from '../lib/account';
import { useIdleLogout } from '../lib/idle';
import { Breadcrumbs } from './breadcrumbs';
import { Footer } from './footer';
import { MenuBar } from './menu-bar';

/** The layout of every authenticated page: menu bar, breadcrumbs, page, footer. */
export function AppLayout() {
  const info = useAccountInfo();
  useIdleLogout();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {m.app_skip_to_content()}
      </a>
      <MenuBar info={info} />
      <main id="main" className="main" tabIndex={-1}>
        <Breadcrumbs />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
