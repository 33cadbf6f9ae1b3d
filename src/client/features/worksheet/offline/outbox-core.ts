import type { CodedError, ErrorParams } from '../../../../shared/error-tokens';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { WorksheetFieldsOut } from '../transport';
import { OUTBOX_DB } from './outbox-names';

/*
 * The offline outbox (issue 14 §3–§6, docs/decisions/0155-offline-outbox.md): worksheet creates that
 * could not reach the server, kept in IndexedDB with their photos as Blobs and the idempotency key
 * they are (re)sent with. No React and no `window` here, so the logic runs in unit tests on
 * fake-indexeddb and could run in a service worker.
 */

/** At most this many queued entries per device (all users together). */
export const OUTBOX_MAX_ENTRIES = 200;
/** At most this many bytes of queued photos per device (all users together). */
export const OUTBOX_MAX_PHOTO_BYTES = 100 * 1024 * 1024;

export type OutboxState = 'waiting' | 'sending' | 'refused';

export interface OutboxProblem {
  status: number;
  /** The server's English `detail`: shown as it is only when the refusal has no code (an entry stored before codes were kept). */
  message: string;
  /** The refusal's catalogue code and params (src/shared/error-codes.ts): what the outbox shows, translated. */
  code?: string | undefined;
  params?: ErrorParams | undefined;
  errors: Record<string, string[]>;
  /** parallel to `errors`: each message's code and params */
  errorCodes?: Record<string, Array<CodedError | null>> | undefined;
}

export interface OutboxPhoto {
  name: string;
  type: string;
  blob: Blob;
}

/**
 * What a queued item does (decision 0471): a new entry (the form's, the grid's empty cell), a
 * change of a stored entry (the grid's changed cell: PUT with the version it was loaded with), or
 * its removal (the grid's cleared cell: DELETE with that version). Absent: a create (items stored
 * before changes were queued).
 */
export type OutboxOp = 'create' | 'update' | 'delete';

export interface OutboxItem {
  id: string;
  op?: OutboxOp;
  /** update / delete: the stored entry and the version the change was made on (409 STALE if it changed since). */
  target?: { id: number; version: number };
  /** `${accountId}:${username}`: items are only ever listed, sent or edited for that login. */
  owner: string;
  createdAt: number;
  /** Tie-breaker for the order of items created in the same millisecond. */
  seq: number;
  fields: WorksheetFieldsOut;
  photos: OutboxPhoto[];
  /** Sent as `Idempotency-Key`; unchanged across retries of the same request. */
  key: string;
  state: OutboxState;
  attempts: number;
  /**
   * A send of this key may have reached the server without its answer reaching us (network
   * failure after the request left). Such a key is never swapped on edit: see editItem.
   */
  uncertain: boolean;
  problem: OutboxProblem | null;
}

export { ownerOf } from './outbox-names';

/** The outbox is full (entries or photo bytes), or the browser's storage quota was hit. */
export class OutboxFullError extends Error {
  constructor(readonly reason: 'entries' | 'bytes' | 'quota') {
    super(`Outbox full: ${reason}`);
  }
}

/** The item is being sent right now; edit or delete it once the send has ended. */
export class OutboxBusyError extends Error {
  constructor() {
    super('Outbox item is being sent');
  }
}

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { owner: string } };
}

export interface OutboxStore {
  db: IDBPDatabase<OutboxDb>;
}

export async function openOutbox(name = OUTBOX_DB): Promise<OutboxStore> {
  const db = await openDB<OutboxDb>(name, 1, {
    upgrade(database) {
      const store = database.createObjectStore('items', { keyPath: 'id' });
      store.createIndex('owner', 'owner');
    },
  });
  return { db };
}

const photoBytes = (photos: OutboxPhoto[]) => photos.reduce((sum, p) => sum + p.blob.size, 0);

export const photosOf = (files: readonly File[]): OutboxPhoto[] => files.map((f) => ({ name: f.name, type: f.type, blob: f }));
export const filesOf = (item: Pick<OutboxItem, 'photos'>): File[] => item.photos.map((p) => new File([p.blob], p.name, { type: p.type }));

function isQuotaError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'QuotaExceededError' || (error as { inner?: { name?: string } }).inner?.name === 'QuotaExceededError');
}

/** A put that turns the browser's quota error into OutboxFullError('quota'). */
async function put(store: OutboxStore, item: OutboxItem): Promise<void> {
  try {
    await store.db.put('items', item);
  } catch (error) {
    if (isQuotaError(error)) throw new OutboxFullError('quota');
    throw error;
  }
}

const byOrder = (a: OutboxItem, b: OutboxItem) => a.createdAt - b.createdAt || a.seq - b.seq;

/** The owner's items, oldest first. */
export async function listItems(store: OutboxStore, owner: string): Promise<OutboxItem[]> {
  return (await store.db.getAllFromIndex('items', 'owner', owner)).sort(byOrder);
}

export async function getItem(store: OutboxStore, owner: string, id: string): Promise<OutboxItem | undefined> {
  const item = await store.db.get('items', id);
  return item?.owner === owner ? item : undefined;
}

/** Checks the device-wide limits for adding `addBytes` (and one entry unless `replacing`). */
async function checkLimits(store: OutboxStore, addBytes: number, replacing?: OutboxItem): Promise<void> {
  const all = await store.db.getAll('items');
  if (!replacing && all.length >= OUTBOX_MAX_ENTRIES) throw new OutboxFullError('entries');
  const used = all.reduce((sum, i) => sum + (i.id === replacing?.id ? 0 : photoBytes(i.photos)), 0);
  if (used + addBytes > OUTBOX_MAX_PHOTO_BYTES) throw new OutboxFullError('bytes');
}

let seqCounter = 0;

export interface EnqueueOptions {
  /** The key a failed direct send already used: kept, so a retry cannot create a second entry. */
  key?: string;
  /** That direct send may have reached the server. */
  uncertain?: boolean;
  now?: number;
}

export async function enqueue(store: OutboxStore, owner: string, fields: WorksheetFieldsOut, photos: OutboxPhoto[], opts: EnqueueOptions = {}): Promise<OutboxItem> {
  await checkLimits(store, photoBytes(photos));
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    owner,
    createdAt: opts.now ?? Date.now(),
    seq: ++seqCounter,
    fields: { ...fields },
    photos,
    key: opts.key ?? crypto.randomUUID(),
    state: 'waiting',
    attempts: 0,
    uncertain: opts.uncertain ?? false,
    problem: null,
  };
  await put(store, item);
  return item;
}

/** The item's operation (items stored before changes were queued are creates). */
export const opOf = (item: Pick<OutboxItem, 'op'>): OutboxOp => item.op ?? 'create';

/**
 * Queues a change or removal of a stored entry. A change of an entry that already waits (not
 * being sent) replaces that item in its place — change then change is one change, change then
 * clear is one removal — with the version the first was made on, so the server sees one request
 * on the version the worker saw (a refused one takes the new version). Its key follows editItem's rule: new unless an earlier send may
 * have reached the server.
 */
export async function enqueueChange(
  store: OutboxStore,
  owner: string,
  op: Exclude<OutboxOp, 'create'>,
  target: { id: number; version: number },
  fields: WorksheetFieldsOut,
  opts: EnqueueOptions = {},
): Promise<OutboxItem> {
  const earlier = (await listItems(store, owner)).find((i) => opOf(i) !== 'create' && i.target?.id === target.id && i.state !== 'sending');
  if (earlier) {
    const next: OutboxItem = {
      ...earlier,
      op,
      // A refused one (STALE, a closed period…) is remade on what the worker sees now.
      target: earlier.state === 'refused' ? { ...target } : earlier.target,
      fields: { ...fields },
      key: earlier.uncertain ? earlier.key : crypto.randomUUID(),
      state: 'waiting',
      problem: null,
    };
    await put(store, next);
    return next;
  }
  await checkLimits(store, 0);
  const item: OutboxItem = {
    id: crypto.randomUUID(),
    op,
    target: { ...target },
    owner,
    createdAt: opts.now ?? Date.now(),
    seq: ++seqCounter,
    fields: { ...fields },
    photos: [],
    key: opts.key ?? crypto.randomUUID(),
    state: 'waiting',
    attempts: 0,
    uncertain: opts.uncertain ?? false,
    problem: null,
  };
  await put(store, item);
  return item;
}

function samePhotos(a: OutboxPhoto[], b: OutboxPhoto[]): boolean {
  return a.length === b.length && a.every((p, i) => p.blob === b[i]!.blob || (p.name === b[i]!.name && p.type === b[i]!.type && p.blob.size === b[i]!.blob.size));
}

function sameFields(a: WorksheetFieldsOut, b: WorksheetFieldsOut): boolean {
  return (Object.keys(a) as (keyof WorksheetFieldsOut)[]).every((k) => a[k] === b[k]);
}

/**
 * Saves an edit of a queued entry and puts it back in line (waiting), keeping its place.
 * The key: a changed request gets a NEW key when the old one certainly created nothing (never
 * sent, or refused: the server frees the key of a failed create). When an earlier send may have
 * reached the server (`uncertain`), the OLD key stays: if that send was committed, the server
 * answers 422 (same key, other request) instead of creating a second entry, and the item is
 * marked refused with that explanation; if it was not, the key is unused and the edit is created.
 */
export async function editItem(store: OutboxStore, owner: string, id: string, fields: WorksheetFieldsOut, photos: OutboxPhoto[]): Promise<OutboxItem> {
  const item = await getItem(store, owner, id);
  if (!item) throw new Error('Outbox item not found');
  if (item.state === 'sending') throw new OutboxBusyError();
  await checkLimits(store, photoBytes(photos), item);
  const changed = !sameFields(item.fields, fields) || !samePhotos(item.photos, photos);
  const next: OutboxItem = {
    ...item,
    fields: { ...fields },
    photos,
    key: changed && !item.uncertain ? crypto.randomUUID() : item.key,
    state: 'waiting',
    problem: null,
  };
  await put(store, next);
  return next;
}

export async function removeItem(store: OutboxStore, owner: string, id: string): Promise<void> {
  const item = await getItem(store, owner, id);
  if (item?.state === 'sending') throw new OutboxBusyError();
  if (item) await store.db.delete('items', id);
}

/** After a crash or a closed tab, an item left 'sending' is waiting again (and may have reached the server). */
export async function recoverSending(store: OutboxStore, owner: string): Promise<void> {
  for (const item of await listItems(store, owner)) {
    if (item.state === 'sending') await put(store, { ...item, state: 'waiting', uncertain: true });
  }
}

/** The outcome of one send, as the sender saw it. */
export type SendOutcome =
  | { kind: 'sent'; record?: unknown }
  /** No answer, or a gateway's 502/503/504, or a 408/429/409-still-running: try again later. */
  | { kind: 'network' }
  | { kind: 'unauthorized' }
  | { kind: 'refused'; problem: OutboxProblem };

export type Sender = (item: OutboxItem) => Promise<SendOutcome>;

export interface FlushResult {
  sent: number;
  refused: number;
  /** Why the round stopped before the end, if it did. */
  stopped: null | 'network' | 'unauthorized';
}

/**
 * Sends one waiting item with its key and records the outcome: sent → removed; refused → kept,
 * marked refused with the server's problem; network/401 → waiting again (a network failure marks
 * the key uncertain). An item that is not waiting (already sending in another round, refused,
 * gone) is not sent: the outcome is 'skipped'.
 */
export async function sendItem(store: OutboxStore, owner: string, id: string, send: Sender): Promise<SendOutcome | { kind: 'skipped' }> {
  const item = await getItem(store, owner, id);
  if (item?.state !== 'waiting') return { kind: 'skipped' };
  const sending: OutboxItem = { ...item, state: 'sending', attempts: item.attempts + 1 };
  await put(store, sending);
  let outcome: SendOutcome;
  try {
    outcome = await send(sending);
  } catch {
    outcome = { kind: 'network' };
  }
  // Edit and delete are refused while an item is sending, so the stored item is still `sending`.
  if (outcome.kind === 'sent') await store.db.delete('items', id);
  else if (outcome.kind === 'refused') await put(store, { ...sending, state: 'refused', uncertain: false, problem: outcome.problem });
  else await put(store, { ...sending, state: 'waiting', uncertain: sending.uncertain || outcome.kind === 'network' });
  return outcome;
}

/**
 * Sends the owner's waiting items oldest first, one at a time, each with its own key. Stops at the
 * first network failure (the rest would fail too) and at a 401 (everything stays for the same
 * user's next login); a refusal marks that item and goes on with the next.
 */
export async function flush(store: OutboxStore, owner: string, send: Sender): Promise<FlushResult> {
  const result: FlushResult = { sent: 0, refused: 0, stopped: null };
  for (const listed of await listItems(store, owner)) {
    const outcome = await sendItem(store, owner, listed.id, send);
    if (outcome.kind === 'sent') result.sent++;
    else if (outcome.kind === 'refused') result.refused++;
    else if (outcome.kind === 'network' || outcome.kind === 'unauthorized') {
      result.stopped = outcome.kind;
      return result;
    }
  }
  return result;
}

/** Statuses that mean "no answer from our server; the same request may be retried later". */
export function isTransientStatus(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status === 502 || status === 503 || status === 504;
}

/**
 * The 409s that are the server's answer for good, not "an earlier send of this key is still
 * running": a closed period (issue 40 §3), a submitted week (§2), a day over 24 hours (decision
 * 0470), and an update's stale version (STALE: someone changed the entry since it was queued).
 */
const REFUSING_CONFLICTS = new Set(['PERIOD_CLOSED', 'WEEK_SUBMITTED', 'DAY_OVER_24_HOURS', 'STALE']);

/**
 * A failed send's outcome by the answer's status, the same for the page's sender and the service
 * worker's: 401 waits for the same user's login; no answer, a gateway's 5xx, 408/429 and 409 (an
 * earlier send of this key is still running on the server; its answer will be replayed) are tried
 * again later; any other status, and a 409 PERIOD_CLOSED (issue 40 §3) or WEEK_SUBMITTED (§2), is the server's refusal,
 * kept with its problem.
 */
export function failedOutcome(problem: OutboxProblem): SendOutcome {
  if (problem.status === 401) return { kind: 'unauthorized' };
  // A closed period (issue 40 §3) or a submitted week (§2) is the server's answer for good: shown, the entry kept for the worker to move.
  if (problem.status === 409 && problem.code !== undefined && REFUSING_CONFLICTS.has(problem.code)) return { kind: 'refused', problem };
  if (isTransientStatus(problem.status) || problem.status === 409) return { kind: 'network' };
  return { kind: 'refused', problem };
}
