import { m } from '../../../../shared/paraglide/messages.js';
import type { TWorksheetRecord } from '../../../../shared/schemas/worksheet';
import { toast } from '../../../lib/toast';
import { deleteWorksheetEntry, submitWorksheet, type WorksheetFieldsOut } from '../ws-api';
import { AppCallError, translateCode, translateText } from '../../../lib/errors';
import {
  editItem,
  enqueue,
  enqueueChange,
  filesOf,
  flush,
  getItem,
  failedOutcome,
  listItems,
  opOf,
  openOutbox,
  OutboxFullError,
  photosOf,
  recoverSending,
  removeItem,
  sendItem,
  OutboxBusyError,
  type OutboxItem,
  type OutboxProblem,
  type OutboxStore,
  type SendOutcome,
} from './outbox-core';
import { isOnline } from '../../../offline/online';
import { OUTBOX_LOCK, isOutboxSyncedMessage } from './outbox-names';
import { currentOutboxItems, publishOutbox, rememberOutboxCount } from './outbox-state';
import { requestOutboxSync } from './request-sync';
import { backoffDelay, SERVER_BACK_EVENT } from '../../../lib/recovery';

/*
 * The outbox as the app sees it (decision 0155): the current login's queued entries as a React
 * store, `submitOrQueue` for the entry form, and the triggers that send (app start, `online`,
 * window focus, "Send now", and Background Sync in the service worker where the browser has it:
 * outbox-sync.ts). The logic itself is in outbox-core.ts.
 */

/**
 * A failed call that never got our server's answer: no response at all (status 0), or a gateway
 * in between answering 502/503/504. The one place that knows AppCallError's shape.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof AppCallError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

let storePromise: Promise<OutboxStore> | null = null;
const store = () => (storePromise ??= openOutbox());

let owner: string | null = null;

async function refresh(): Promise<void> {
  const current = owner;
  const next = current === null ? [] : await listItems(await store(), current);
  if (current !== owner) return;
  if (current !== null) rememberOutboxCount(current, next.length);
  publishOutbox({ items: next });
}

/** The sender: the item's request (create, change or removal, decision 0471) with its key; the server's answer as a SendOutcome. */
async function send(item: OutboxItem): Promise<SendOutcome> {
  void refresh(); // shows this item as sending
  try {
    const op = opOf(item);
    if (op === 'delete' && item.target) {
      await deleteWorksheetEntry(item.target, item.key);
      return { kind: 'sent' };
    }
    const target = op === 'update' && item.target ? { id: item.target.id, version: item.target.version } : {};
    const record = await submitWorksheet(item.fields, { files: filesOf(item), idempotencyKey: item.key, ...target });
    return { kind: 'sent', record };
  } catch (error) {
    if (!(error instanceof AppCallError)) return { kind: 'network' };
    return failedOutcome({ status: error.status, message: error.detail, code: error.code, params: error.params, errors: error.errors, errorCodes: error.errorCodes });
  }
}

/** One sending round at a time across the tabs of this browser (Web Locks), else within this tab. */
let localChain: Promise<unknown> = Promise.resolve();
function exclusive<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(OUTBOX_LOCK, run) as Promise<T>;
  const next = localChain.then(run, run);
  localChain = next.catch(() => undefined);
  return next;
}

let onSent: (() => void) | null = null;

/*
 * Issue 22 §7 (decision 0207): a round cut off because the server did not answer (the browser
 * still online) is tried again by itself with back-off while the page is visible, and at once when
 * the lists get an answer again (lib/recovery.ts), on focus and on `online`. While it fails, the
 * outbox says so and offers "Retry".
 */
let failing = false;
let retryAttempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function setFailing(next: boolean): void {
  if (!next) retryAttempt = 0;
  if (next === failing) return;
  failing = next;
  publishOutbox({ failing });
}

function scheduleRetry(): void {
  if (retryTimer !== undefined || typeof window === 'undefined') return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    // A hidden page waits: it tries again when it is shown (visibilitychange).
    if (document.visibilityState === 'hidden') return;
    void sendNow().catch(() => undefined);
  }, backoffDelay(retryAttempt));
  retryAttempt += 1;
}

/** Sends the current login's waiting entries now (if online); toasts how many went. */
export async function sendNow(): Promise<void> {
  const current = owner;
  if (current === null || !isOnline()) return;
  if (retryTimer !== undefined) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }
  const result = await exclusive(async () => flush(await store(), current, send));
  await refresh();
  reportSent(result.sent, result.refused);
  if (result.stopped === 'network') {
    setFailing(true);
    scheduleRetry();
    // Cut off by the connection: the service worker tries again when it is back, even if the app is closed by then.
    void requestOutboxSync();
  } else setFailing(false);
}

/** The toasts of a round, the tab's own or the service worker's (Background Sync). */
function reportSent(sent: number, refused: number): void {
  if (sent > 0) {
    toast.success(sent === 1 ? m.outbox_sent_one() : m.outbox_sent_many({ count: String(sent) }));
    onSent?.();
  }
  if (refused > 0) toast.error(refused === 1 ? m.outbox_refused_toast_one() : m.outbox_refused_toast({ count: String(refused) }));
}

/** The service worker sent this login's entries in a Background Sync round: show it as our own. */
function onWorkerMessage(event: MessageEvent): void {
  if (!isOutboxSyncedMessage(event.data) || event.data.owner !== owner) return;
  void refresh();
  reportSent(event.data.sent, event.data.refused);
}

/**
 * Sets whose outbox this is (the logged-in user, or null when nobody is) and sends it. Items of
 * other users stay untouched on the device until they log in here again.
 */
export async function setOutboxOwner(next: string | null, afterSent?: () => void): Promise<void> {
  onSent = afterSent ?? null;
  if (next === owner) return;
  owner = next;
  failing = false;
  retryAttempt = 0;
  publishOutbox({ items: [], failing: false });
  if (next === null) return;
  // What waits shows at once, read without the lock: a round in flight elsewhere (the service
  // worker's sync, another tab) holds it for as long as its server takes to answer.
  await refresh();
  await exclusive(async () => recoverSending(await store(), next));
  await refresh();
  await sendNow();
}

let started = false;
/** The triggers: back online, window focus. Call once. */
export function startOutboxTriggers(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const go = () => void sendNow().catch(() => undefined);
  window.addEventListener('online', go);
  window.addEventListener('focus', go);
  window.addEventListener(SERVER_BACK_EVENT, go);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && currentOutboxItems().length > 0) go();
  });
  // addEventListener (unlike onmessage) leaves the worker's messages queued until startMessages().
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  navigator.serviceWorker?.startMessages();
  // Ask the browser not to evict the outbox under storage pressure (best effort, issue 14 §6).
  void navigator.storage?.persist?.().catch(() => false);
}

export type SubmitOrQueueResult = TWorksheetRecord | 'queued';

/**
 * The entry form's create: sends at once when online, else (or when the send fails for network
 * reasons) queues it and resolves 'queued'. A refusal rejects as submitWorksheet does, so the form
 * shows it. `outboxId`: the form edits that queued entry (saving replaces it, see editItem).
 */
export async function submitOrQueue(fields: WorksheetFieldsOut, opts: { files: File[]; outboxId?: string | undefined }): Promise<SubmitOrQueueResult> {
  const current = owner;
  if (current === null) return submitWorksheet(fields, { files: opts.files });
  const db = await store();
  try {
    if (opts.outboxId && (await getItem(db, current, opts.outboxId))) return await resend(db, current, opts.outboxId, fields, opts.files);
    if (!isOnline()) {
      await enqueue(db, current, fields, photosOf(opts.files));
      return queued();
    }
    // The key goes with the first try, so a queued retry of a send that did reach the server is replayed, not repeated.
    const key = crypto.randomUUID();
    try {
      return await submitWorksheet(fields, { files: opts.files, idempotencyKey: key });
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      await enqueue(db, current, fields, photosOf(opts.files), { key, uncertain: true });
      // The server did not answer: tried again by itself (issue 22 §7).
      setFailing(true);
      scheduleRetry();
      return queued();
    }
  } catch (error) {
    if (error instanceof OutboxFullError) throw new AppCallError(507, outboxFullMessage(error));
    if (error instanceof OutboxBusyError) throw new AppCallError(409, m.outbox_busy());
    throw error;
  }
}

/**
 * The week grid's change or removal of a stored entry (decision 0471): sent at once with an
 * Idempotency-Key when online; offline, or when the server did not answer, queued with that key
 * and the version it was made on, and sent once when the connection returns. A refusal rejects
 * as submitWorksheet does, so the cell shows it. A change of an entry that already waits in the
 * outbox joins that item (enqueueChange), so the two go in order as one request.
 */
export async function changeOrQueue(
  op: 'update' | 'delete',
  target: { id: number; version: number },
  fields: WorksheetFieldsOut,
): Promise<TWorksheetRecord | 'deleted' | 'queued'> {
  const current = owner;
  const direct = async (key?: string) => {
    if (op === 'delete') {
      await deleteWorksheetEntry(target, key);
      return 'deleted' as const;
    }
    return submitWorksheet(fields, { id: target.id, version: target.version, files: [], ...(key ? { idempotencyKey: key } : {}) });
  };
  if (current === null) return direct();
  const db = await store();
  try {
    const waiting = (await listItems(db, current)).some((i) => opOf(i) !== 'create' && i.target?.id === target.id);
    if (!isOnline() || waiting) {
      await exclusive(() => enqueueChange(db, current, op, target, fields));
      if (waiting && isOnline()) void sendNow().catch(() => undefined);
      return queued();
    }
    const key = crypto.randomUUID();
    try {
      return await direct(key);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      await exclusive(() => enqueueChange(db, current, op, target, fields, { key, uncertain: true }));
      setFailing(true);
      scheduleRetry();
      return queued();
    }
  } catch (error) {
    if (error instanceof OutboxFullError) throw new AppCallError(507, outboxFullMessage(error));
    throw error;
  }
}

/** Saves the edit of a queued entry and, when online, sends that entry at once. */
async function resend(db: OutboxStore, current: string, id: string, fields: WorksheetFieldsOut, files: File[]): Promise<SubmitOrQueueResult> {
  await exclusive(() => editItem(db, current, id, fields, photosOf(files)));
  if (!isOnline()) return queued();
  const outcome = await exclusive(() => sendItem(db, current, id, send));
  await refresh();
  if (outcome.kind === 'sent') return outcome.record as TWorksheetRecord;
  if (outcome.kind === 'refused')
    throw new AppCallError(outcome.problem.status, problemMessage(outcome.problem), undefined, {}, outcome.problem.errors, outcome.problem.errorCodes ?? {});
  return 'queued';
}

async function queued(): Promise<'queued'> {
  await refresh();
  void requestOutboxSync();
  return 'queued';
}

export function outboxFullMessage(error: OutboxFullError): string {
  if (error.reason === 'quota') return m.outbox_err_quota();
  return error.reason === 'entries' ? m.outbox_err_full_entries() : m.outbox_err_full_bytes();
}

/** Removes a queued entry (the user confirmed). */
export async function discardOutboxItem(id: string): Promise<void> {
  const current = owner;
  if (current === null) return;
  await exclusive(async () => removeItem(await store(), current, id));
  await refresh();
}

/** A refusal in the user's language. */
export function problemMessage(problem: OutboxProblem): string {
  if (problem.code === 'IDEMPOTENCY_MISMATCH') return m.outbox_err_already_sent();
  // A refusal stored before codes were kept has only the English detail: shown as it is.
  return translateCode(problem.code, problem.params, problem.message);
}

/** A refusal's field errors, translated, without the one the main message already says. */
export function problemFieldMessages(problem: OutboxProblem): string[] {
  const main = problemMessage(problem);
  const lines = Object.entries(problem.errors).flatMap(([field, list]) => {
    const first = list[0];
    if (first === undefined) return [];
    const c = problem.errorCodes?.[field]?.[0];
    return [c ? translateCode(c.code, c.params, first) : translateText(first)];
  });
  return [...new Set(lines)].filter((line) => line !== main);
}

export { OutboxBusyError };
