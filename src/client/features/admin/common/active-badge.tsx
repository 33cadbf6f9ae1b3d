import { m } from '../../../../shared/paraglide/messages.js';

/**
 * The active / inactive badge of the admin lists (spec §2). A user whose expiration date has
 * passed may not log in (DESIGN §4), so an active but expired user shows "Expired", not "Active".
 */
export function ActiveBadge({ active, expired = false }: { active: boolean; expired?: boolean }) {
  if (active && expired) return <span className="badge badge--inactive">{m.admin_badge_expired()}</span>;
  return <span className={active ? 'badge badge--active' : 'badge badge--inactive'}>{active ? m.admin_active() : m.admin_inactive()}</span>;
}

/** Whether an expiration date (YYYY-MM-DD) lies before today, as the server decides at login. */
export function isExpired(expirationDate: string | null | undefined, today = new Date().toISOString().slice(0, 10)): boolean {
  return !!expirationDate && expirationDate < today;
}
