import { Link } from '@tanstack/react-router';
import { m } from '../../shared/paraglide/messages.js';
import { buttonClass } from './button';
import { EmptyState } from './empty-state';
import { Logo } from './logo';
import { PageHeader } from './page-header';

/** For paths that match no route; stands alone because the visitor may not be logged in. */
export function NotFoundPage() {
  return (
    <div className="auth">
      <main className="auth__main auth__main--wide">
        <div className="auth__brand">
          <Logo size={40} />
          <span className="auth__name">{m.app_name()}</span>
        </div>
        <div className="card">
          <PageHeader title={m.not_found_title()} />
          <EmptyState
            title={m.not_found_text()}
            action={
              <Link to="/" className={buttonClass('primary')}>
                {m.go_home()}
              </Link>
            }
          />
        </div>
      </main>
    </div>
  );
}
