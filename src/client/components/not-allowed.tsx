import { Link } from '@tanstack/react-router';
import { m } from '../../shared/paraglide/messages.js';
import { buttonClass } from './button';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

export function NotAllowed() {
  return (
    <>
      <PageHeader title={m.not_allowed_title()} />
      <EmptyState
        title={m.not_allowed_text()}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {m.go_home()}
          </Link>
        }
      />
    </>
  );
}
