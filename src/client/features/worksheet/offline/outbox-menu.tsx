import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, type MouseEvent } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { confirm } from '../../../components/confirm';
import { sharedLazyPart } from '../../../lib/lazy';
import type { AccountInfo } from '../../../lib/trpc';
import { trpc } from '../../../lib/trpc';
import { ownerOf } from './outbox-names';
import { setOutboxSession, useOutboxItems } from './outbox-state';
import type { TWorksheetFormSettings } from '../../../../shared/schemas/worksheet';
import './outbox.css';
import { invalidateCounts } from '../invalidate-counts';

/*
 * The outbox in the menu bar (decision 0155): binding it to the logged-in user, the count of waiting
 * entries, and the question before logging out. Kept apart from the list so the layout's chunk does
 * not carry the entry form.
 */

/**
 * The list of waiting entries (outbox-list.tsx, with the entry form for fixing one) comes as a
 * chunk of its own: the worksheet home renders it only when entries wait, never at a first paint.
 * The count below preloads it as soon as entries wait, so the home page (which asks for the same
 * shared part) shows it at once (decision 0185).
 */
const OutboxListPart = sharedLazyPart<{ settings: TWorksheetFormSettings | undefined }>('outbox-list', () => import('./outbox-list').then((mod) => mod.OutboxList));

/** Binds the outbox to the logged-in user and sends what waits (app start; its code only if something may wait); once, in the menu bar. */
export function useOutboxSession(info: Pick<AccountInfo, 'accountId' | 'username'>): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    const refetch = () => void invalidateCounts(utils);
    void setOutboxSession({ owner: ownerOf(info.accountId, info.username), afterSent: refetch }).catch(() => undefined);
  }, [info.accountId, info.username, utils]);
}

/** The menu bar's count of entries waiting to send (outside the folding menu, so visible at 320 px). */
export function OutboxCount() {
  const items = useOutboxItems();
  const waiting = items.length > 0;
  // The worksheet home lists what waits; its code comes now, so the list is there at once (decision 0185).
  useEffect(() => {
    if (waiting) OutboxListPart.preload();
  }, [waiting]);
  if (!waiting) return null;
  const refused = items.some((i) => i.state === 'refused');
  return (
    <Link
      to="/"
      hash="outbox"
      className={refused ? 'outbox-count outbox-count--refused' : 'outbox-count'}
      aria-label={m.outbox_count_label({ count: String(items.length) })}
      title={m.outbox_count_label({ count: String(items.length) })}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 12l16-8-6 16-2-6-8-2z" />
      </svg>
      <span data-testid="outbox-count">{items.length}</span>
    </Link>
  );
}

/** The logout link's click: with entries waiting, asks first (they stay on this device for this user). */
export function useLogoutGuard(): (event: MouseEvent) => void {
  const items = useOutboxItems();
  const navigate = useNavigate();
  return (event) => {
    if (items.length === 0) return;
    event.preventDefault();
    void confirm({
      title: m.outbox_logout_title(),
      message: items.length === 1 ? m.outbox_logout_message_one() : m.outbox_logout_message({ count: String(items.length) }),
      confirmLabel: m.outbox_logout_confirm(),
      danger: true,
    }).then((ok) => (ok ? navigate({ to: '/logout' }) : undefined));
  };
}
