import { Link, type LinkProps } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { buttonClass } from '../../../components/button';

const plus = 'M12 5v14M5 12h14';
const pencil = 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4';

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

/** The list page's add link (spec §2). */
export function AddLink({ to, label }: { to: LinkProps['to']; label: string }) {
  return (
    <Link to={to} className={buttonClass('primary')}>
      <Icon d={plus} />
      {label}
    </Link>
  );
}

/** The row's edit action: the edit route with the key as query (spec §2). */
export function EditLink({ to, search, what }: { to: LinkProps['to']; search: Record<string, string>; what: string }) {
  return (
    <Link to={to} search={search as never} className={buttonClass('secondary')} aria-label={m.admin_edit_named({ what })}>
      <Icon d={pencil} />
      <span>{m.admin_edit()}</span>
    </Link>
  );
}
