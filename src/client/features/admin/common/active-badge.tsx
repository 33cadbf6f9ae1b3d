import { m } from '../../../../shared/paraglide/messages.js';

/** The active / inactive badge of the admin lists (spec §2). */
export function ActiveBadge({ active }: { active: boolean }) {
  return <span className={active ? 'badge badge--active' : 'badge badge--inactive'}>{active ? m.admin_active() : m.admin_inactive()}</span>;
}
