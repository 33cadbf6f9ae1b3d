import { Link } from '@tanstack/react-router';
import { m } from '../../../shared/paraglide/messages.js';
import type { ProfileType } from '../../../shared/limits';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { todayIso } from '../worksheet/ws-data';

const hours = (n: number) => formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Issue 26 §3, the worksheet home at a glance: a team leader's entries waiting for approval in the
 * team (a link to the Team tab) and everyone's hours this week against last week. One small query
 * (report.glance); nothing shows while it loads or when it fails (offline).
 */
export function HomeGlance({ role }: { role: ProfileType }) {
  const glance = trpc.report.glance.useQuery({ today: todayIso() }, { staleTime: 60_000, retry: false });
  const g = glance.data;
  if (!g) return null;
  return (
    <p className="ws-glance" aria-live="polite">
      {role === 'Teamleader' && g.waiting !== null && g.waiting > 0 && (
        <Link to="/" search={{ mode: 'TEAM', status: 'notApproved' }} className="ws-glance__waiting">
          {g.waiting === 1 ? m.rep_glance_waiting_one() : m.rep_glance_waiting({ count: formatNumber(g.waiting) })}
        </Link>
      )}
      {g.returned > 0 && (
        <Link to="/" search={{ status: 'returned' }} className="ws-glance__returned">
          {m.ws_home_returned({ count: formatNumber(g.returned) })}
        </Link>
      )}
      <span className="ws-glance__hours">{m.rep_glance_hours({ thisWeek: hours(g.thisWeek), lastWeek: hours(g.lastWeek) })}</span>
    </p>
  );
}
