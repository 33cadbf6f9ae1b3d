import { useSyncExternalStore } from 'react';
import type { OutboxItem } from './outbox-core';
import { OUTBOX_DB } from './outbox-names';

/*
 * What the page shows of the outbox before its code is loaded (decision 0285): the current
 * login's queued entries and whether sending fails, as a React store, and the session (who is
 * logged in, what to refetch after a send). The outbox itself (outbox.ts: IndexedDB, sending,
 * retries, triggers) comes as a chunk of its own, only when something may wait on this device or
 * the entry form saves — not on every first paint (issue 25 §4). Every device that has never
 * queued an entry loads none of it.
 */

const EMPTY: readonly OutboxItem[] = [];
let items: readonly OutboxItem[] = EMPTY;
let failing = false;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** outbox.ts's one way to publish what the page shows. */
export function publishOutbox(next: { items?: readonly OutboxItem[]; failing?: boolean }): void {
  if (next.items !== undefined) items = next.items.length === 0 ? EMPTY : next.items;
  if (next.failing !== undefined) failing = next.failing;
  for (const listener of listeners) listener();
}

/** The current login's queued entries, oldest first. */
export function useOutboxItems(): readonly OutboxItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
}

/** Whether the last round was cut off because the server did not answer (it is tried again by itself). */
export function useOutboxFailing(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failing,
    () => false,
  );
}

export const currentOutboxItems = (): readonly OutboxItem[] => items;

/** The logged-in user whose outbox this is (null: nobody), and what to refetch after a send. */
export interface OutboxSession {
  owner: string | null;
  afterSent?: (() => void) | undefined;
}
let session: OutboxSession = { owner: null };
export const outboxSession = (): OutboxSession => session;

type OutboxModule = typeof import('./outbox');
let loaded: Promise<OutboxModule> | null = null;
let module: OutboxModule | null = null;

/** The outbox's code, bound to the current session and sending what waits; loaded once. */
export function loadOutbox(): Promise<OutboxModule> {
  loaded ??= import('./outbox').then(
    async (mod) => {
      module = mod;
      mod.startOutboxTriggers();
      await mod.setOutboxOwner(session.owner, session.afterSent);
      return mod;
    },
    (error: unknown) => {
      // The chunk could not be fetched (server out of reach before the service worker had it):
      // asked again next time, not failed for good.
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

const HINT = 'webtid-outbox-count:';

/** outbox.ts records how many entries wait for a login, so a later start knows without opening IndexedDB. */
export function rememberOutboxCount(owner: string, count: number): void {
  try {
    localStorage.setItem(HINT + owner, String(count));
  } catch {
    // storage refused (private mode, quota): the next start opens the outbox to find out
  }
}

/**
 * False only when nothing can wait for this login here: the count last recorded is 0, or this
 * browser has no outbox database at all. A device that queued an entry in an older version (no
 * count recorded) or a browser that cannot list its databases is asked the slow way.
 */
async function mayHaveItems(owner: string): Promise<boolean> {
  let hint: string | null = null;
  try {
    hint = localStorage.getItem(HINT + owner);
  } catch {
    hint = null;
  }
  if (hint === '0') return false;
  if (hint !== null || typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  const databases = await indexedDB.databases().catch(() => null);
  return databases === null || databases.some((d) => d.name === OUTBOX_DB);
}

/**
 * Binds the outbox to the logged-in user (null on logout). Its code is loaded when entries may wait
 * for them; else the first save of the entry form, or another tab that queues one, loads it.
 */
export async function setOutboxSession(next: OutboxSession): Promise<void> {
  session = next;
  if (module) return module.setOutboxOwner(next.owner, next.afterSent);
  if (loaded) {
    await loaded;
    return module ? (module as OutboxModule).setOutboxOwner(next.owner, next.afterSent) : undefined;
  }
  if (next.owner === null) {
    publishOutbox({ items: EMPTY, failing: false });
    return;
  }
  watchOtherTabs();
  if (await mayHaveItems(next.owner)) await loadOutbox();
}

let watching = false;
/** Another tab of this browser queued an entry for this login: load the outbox here too (it shows and sends it). */
function watchOtherTabs(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('storage', (event) => {
    if (module || session.owner === null || event.key !== HINT + session.owner || event.newValue === '0') return;
    void loadOutbox().catch(() => undefined);
  });
}
