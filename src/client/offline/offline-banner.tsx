import type { ReactNode } from 'react';
import { m } from '../../shared/paraglide/messages.js';
import { useOnline } from './online';
import './offline.css';

/**
 * Issue 14 §5: says plainly that the app is offline and what happens to new entries. In the
 * page flow under the menu bar (never over controls), at every width. `children`: room for more
 * state next to the message (the outbox's count of entries waiting to be sent).
 */
export function OfflineBanner({ children }: { children?: ReactNode }) {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <svg className="offline-banner__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />
      </svg>
      <p className="offline-banner__text">{m.offline_banner()}</p>
      {children}
    </div>
  );
}
