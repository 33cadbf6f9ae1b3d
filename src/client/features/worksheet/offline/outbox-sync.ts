import { deleteWorksheet, sendWorksheet, type OriginFetch } from '../transport';
import {
  failedOutcome,
  filesOf,
  flush,
  opOf,
  openOutbox,
  ownerOf,
  recoverSending,
  type FlushResult,
  type OutboxItem,
  type OutboxProblem,
  type OutboxStore,
  type Sender,
  type SendOutcome,
} from './outbox-core';
import { OUTBOX_LOCK } from './outbox-names';

/*
 * Background Sync of the outbox (issue 14 §3, docs/decisions/0155-offline-outbox.md): the round the
 * service worker runs on a `sync` event, when the browser sees the connection back, even with no
 * tab of the app open. No `window` and no React here: it runs in the service worker (src/client/sw.ts)
 * and in the HTTP integration tests against the real server.
 *
 * Whose entries: the worker has no session of its own. It asks the server who the cookie it holds
 * belongs to (GET /api/user/info) and sends that login's entries only, the same owner key the page
 * uses. No session (401): nothing is sent; the entries wait for that user's next login. Another
 * user logged in on a shared phone: only that user's entries go.
 */

export type { OriginFetch } from '../transport';

/** Runs `run` holding the outbox lock (Web Locks where the context has them). */
export type LockRunner = <T>(run: () => Promise<T>) => Promise<T>;

const webLock: LockRunner = (run) => {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  return locks ? (locks.request(OUTBOX_LOCK, run) as ReturnType<typeof run>) : run();
};

/**
 * The worker's sender: the item's request with its Idempotency-Key — POST /api/worksheet with the
 * fields and photos, PUT with the target's id and version (a queued change), or DELETE (a queued
 * removal, decision 0471).
 */
export function httpSender(fetchOnOrigin: OriginFetch): Sender {
  return async (item: OutboxItem): Promise<SendOutcome> => {
    const op = opOf(item);
    const answer =
      op === 'delete' && item.target
        ? await deleteWorksheet(fetchOnOrigin, item.target, item.key)
        : await sendWorksheet(fetchOnOrigin, item.fields, {
            files: filesOf(item),
            idempotencyKey: item.key,
            ...(op === 'update' && item.target ? { id: item.target.id, version: item.target.version } : {}),
          });
    if (answer.kind === 'unreached') return { kind: 'network' };
    if (answer.kind === 'deleted') return { kind: 'sent' };
    if (answer.kind === 'stored') return { kind: 'sent', record: answer.record };
    const { status, detail, code, params, errors, errorCodes } = answer.problem;
    // The refusal is kept by its code and params (what the outbox shows, translated); the English detail only as a fallback.
    const problem: OutboxProblem = { status, message: detail ?? '', code, params, errors, errorCodes };
    return failedOutcome(problem);
  };
}

export type SyncResult = FlushResult & { owner: string | null };

export interface SyncDeps {
  fetch: OriginFetch;
  store?: OutboxStore;
  lock?: LockRunner;
}

/**
 * One Background Sync round: finds out whose session this is, then sends that user's waiting
 * entries oldest first (outbox-core's flush, under the same lock as the tabs). Rejects when the
 * server could not be reached at all; a round cut off half-way resolves with `stopped: 'network'`
 * (the caller reports what went, then asks the browser to try again).
 */
export async function syncOutbox(deps: SyncDeps): Promise<SyncResult> {
  const lock = deps.lock ?? webLock;
  let res: Response;
  try {
    res = await deps.fetch('/api/user/info', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  } catch (error) {
    throw new Error('Outbox sync: the server could not be reached', { cause: error });
  }
  if (res.status === 401) return { owner: null, sent: 0, refused: 0, stopped: 'unauthorized' };
  if (!res.ok) throw new Error(`Outbox sync: user info answered ${res.status}`);
  const info = (await res.json()) as { accountId: number; username: string };
  const owner = ownerOf(info.accountId, info.username);
  const store = deps.store ?? (await openOutbox());
  const result = await lock(async () => {
    // Holding the lock, nothing is being sent: an item left 'sending' (a closed tab, a stopped worker) waits again.
    await recoverSending(store, owner);
    return flush(store, owner, httpSender(deps.fetch));
  });
  return { ...result, owner };
}
