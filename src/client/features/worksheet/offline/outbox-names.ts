/*
 * The names the page and the service worker share for the outbox (decision 0155), in a module of
 * its own so the page's first load (the service worker's registration) imports no outbox code.
 */

/** The outbox's IndexedDB database. */
export const OUTBOX_DB = 'webtid-outbox';

/** Whose queued entries an item is: the account and the user, as one key. */
export const ownerOf = (accountId: number, username: string): string => `${accountId}:${username}`;

/** The one name of the outbox's lock (Web Locks): one sending round at a time across tabs and the service worker. */
export const OUTBOX_LOCK = 'webtid-outbox';

/** The tag the page registers (SyncManager) when an entry waits; the worker's sync event names it. */
export const OUTBOX_SYNC_TAG = 'webtid-outbox';

/** What the worker tells the open tabs after a round (they refresh their list and toast). */
export interface OutboxSyncedMessage {
  type: 'webtid-outbox-synced';
  owner: string;
  sent: number;
  refused: number;
}

export const isOutboxSyncedMessage = (data: unknown): data is OutboxSyncedMessage =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'webtid-outbox-synced';
