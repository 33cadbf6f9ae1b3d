import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent } from 'react';
import { m } from '../../../shared/paraglide/messages.js';
import { isAdmin } from '../../lib/account';
import type { AccountInfo } from '../../lib/trpc';
import { OutboxCount, useLogoutGuard, useOutboxSession } from '../worksheet/offline/outbox-menu';
import { Logo } from '../../components/logo';

const SUPPORT_SUBJECT = 'Support: NS-Webtid';

/** The worksheet entry is highlighted on / and on /worksheet/…, which are not below / for Link. */
function section(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  return first === '' || first === 'worksheet' ? 'worksheet' : first;
}

/**
 * Spec §2 menu bar. Below the laptop breakpoint the entries fold into a toggle menu that closes
 * on navigation, on Esc and when an entry is chosen.
 */
export function MenuBar({ info }: { info: AccountInfo }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // The menu counts as open only on the path where it was opened, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const current = section(pathname);
  useOutboxSession(info);
  const guardLogout = useLogoutGuard();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as HTMLElement).closest('a[href]')) setOpenOn(null);
  };

  // Link marks itself active (aria-current) for its own path and the paths below it.
  const active = { className: 'is-active' };

  return (
    <header className="topbar">
      <div className="topbar__inner">
        <Link to="/" className="brand" activeOptions={{ exact: true }}>
          <Logo />
          <span className="brand__name">{m.app_name()}</span>
        </Link>
        <OutboxCount />
        <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpenOn(open ? null : pathname)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
          <span className="menu-toggle__label">{m.menu_toggle()}</span>
        </button>
        <nav id="main-menu" className={open ? 'nav is-open' : 'nav'} aria-label={m.menu_label()} onClick={closeOnLink}>
          <div className="nav__who">
            <span className="nav__account" title={m.menu_account()}>
              {info.accountName}
            </span>
            <span className="nav__user" title={m.menu_user()}>
              {info.username}
            </span>
          </div>
          <ul className="nav__list">
            <li>
              <Link to="/" activeOptions={{ exact: true }} activeProps={{}} className={current === 'worksheet' ? 'nav__link is-active' : 'nav__link'}>
                {m.menu_worksheet()}
              </Link>
            </li>
            <li>
              <a role="link" aria-disabled="true" className="nav__link is-disabled" title={m.menu_not_available()}>
                {m.menu_punch_clock()}
              </a>
            </li>
            <li>
              <Link to="/archive" className="nav__link" activeProps={active}>
                {m.menu_archive()}
              </Link>
            </li>
            <li>
              <Link to="/reports" className="nav__link" activeProps={active}>
                {m.rep_menu()}
              </Link>
            </li>
            <li>
              <Link to="/security" className="nav__link" activeProps={active}>
                {m.menu_security()}
              </Link>
            </li>
            {isAdmin(info) && (
              <li>
                <Link to="/admin" className="nav__link" activeProps={active}>
                  {m.menu_admin()}
                </Link>
              </li>
            )}
            <li>
              <a className="nav__link" href={`mailto:${info.supportEmail}?subject=${encodeURIComponent(SUPPORT_SUBJECT)}`}>
                {m.menu_help()}
              </a>
            </li>
            <li className="nav__logout">
              <Link to="/logout" preload={false} className="nav__link" onClick={guardLogout}>
                {m.menu_logout()}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
