import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, type MouseEvent } from 'react';
import { m } from '../../shared/paraglide/messages.js';
import { confirm } from '../components/confirm';
import type { AccountInfo } from '../lib/trpc';
import { trpc } from '../lib/trpc';
import { setOutboxOwner, startOutboxTriggers, useOutboxItems } from './outbox';
import { ownerOf } from './outbox-core';
import './outbox.css';

/*
 * The outbox in the menu bar (decision 0155): binding it to the logged-in user, the count of waiting
 * entries, and the question before logging out. Kept apart from the list so the layout's chunk does
 * not carry the entry form.
 */

/** Binds the outbox to the logged-in user and sends what waits (app start); once, in the menu bar. */
export function useOutboxSession(info: Pick<AccountInfo, 'accountId' | 'username'>): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    startOutboxTriggers();
    const refetch = () => void Promise.all([utils.worksheet.list.invalidate(), utils.worksheet.totals.invalidate()]);
    void setOutboxOwner(ownerOf(info.accountId, info.username), refetch).catch(() => undefined);
  }, [info.accountId, info.username, utils]);
}

/** The menu bar's count of entries waiting to send (outside the folding menu, so visible at 320 px). */
export function OutboxCount() {
  const items = useOutboxItems();
  if (items.length === 0) return null;
  const refused = items.some((i) => i.state === 'refused');
  return (
    <Link to="/" hash="outbox" className={refused ? 'outbox-count outbox-count--refused' : 'outbox-count'} aria-label={m.outbox_count_label({ count: String(items.length) })} title={m.outbox_count_label({ count: String(items.length) })}>
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
      message: m.outbox_logout_message({ count: String(items.length) }),
      confirmLabel: m.outbox_logout_confirm(),
      danger: true,
    }).then((ok) => (ok ? navigate({ to: '/logout' }) : undefined));
  };
}
