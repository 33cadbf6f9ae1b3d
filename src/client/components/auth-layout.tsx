import { Outlet } from '@tanstack/react-router';
import { m } from '../../shared/paraglide/messages.js';
import { Footer } from './footer';
import { Logo } from './logo';

/** The minimal layout of /login and /logout: brand, one card, footer. */
export function AuthLayout() {
  return (
    <div className="auth">
      <main className="auth__main">
        <div className="auth__brand">
          <Logo size={40} />
          <span className="auth__name">{m.app_name()}</span>
        </div>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
