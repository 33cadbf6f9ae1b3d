import type { TWorksheetFormSettings } from '../../shared/schemas/worksheet';
import type { RouterOutputs } from '../lib/trpc';

/*
 * The offline copy of the entry form's master data in IndexedDB (issue 14 §2, decision 0150).
 * Plain IndexedDB (no wrapper package): two stores, a few calls.
 *   `kinds`: one record per user and kind, { user, kind, rows } (rows in key order, active only);
 *   `meta`:  one record per user, { user, savedAt, formSettings }.
 * Every record is keyed by the user (account + username): a read for one user never returns
 * another's rows, and a save removes every other user's records in the same transaction, so the
 * device holds one user's copy at a time (a shared phone). A save replaces the whole copy at once.
 */
type Page = RouterOutputs['offline']['masterData'];
export type Kind = Page['kind'];
export type RowsOf<K extends Kind> = Extract<Page, { kind: K }>['rows'];
export type MasterData = { [K in Kind]: RowsOf<K> };

export interface MasterDataCopy {
  user: string;
  savedAt: number;
  formSettings: TWorksheetFormSettings;
  data: MasterData;
}

export const KINDS: readonly Kind[] = ['customer', 'job', 'jobTask', 'location', 'workType', 'item', 'resource', 'unit'];
export const DB_NAME = 'webtid-master-data';
const VERSION = 1;

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('kinds')) db.createObjectStore('kinds', { keyPath: ['user', 'kind'] });
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'user' });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting the database (logout there) must not be blocked by this connection.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

const result = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    // A full disk aborts the transaction with a QuotaExceededError.
    tx.onabort = () => reject(tx.error ?? new DOMException('IndexedDB transaction aborted', 'AbortError'));
    tx.onerror = () => undefined; // reported by onabort
  });

// The copy read once per user and kept in memory: the pickers search it as the user types.
let loaded: { user: string; copy: Promise<MasterDataCopy | null> } | null = null;

/** The user's copy, or null when none is saved (never another user's). */
export function loadCopy(user: string): Promise<MasterDataCopy | null> {
  if (loaded?.user !== user) loaded = { user, copy: readCopy(user) };
  return loaded.copy;
}

async function readCopy(user: string): Promise<MasterDataCopy | null> {
  try {
    const db = await open();
    const tx = db.transaction(['meta', 'kinds'], 'readonly');
    const meta = (await result(tx.objectStore('meta').get(user))) as Omit<MasterDataCopy, 'data'> | undefined;
    if (!meta) return null;
    const kinds = tx.objectStore('kinds');
    const data = {} as Record<Kind, unknown>;
    for (const kind of KINDS) {
      const record = (await result(kinds.get([user, kind]))) as { rows: unknown[] } | undefined;
      data[kind] = record?.rows ?? [];
    }
    return { ...meta, data: data as MasterData };
  } catch {
    loaded = null;
    return null;
  }
}

/** When the user's copy was saved (ms), or null; without reading the rows. */
export async function savedAt(user: string): Promise<number | null> {
  const copy = loaded?.user === user ? await loaded.copy : null;
  if (copy) return copy.savedAt;
  try {
    const db = await open();
    const meta = (await result(db.transaction('meta').objectStore('meta').get(user))) as { savedAt: number } | undefined;
    return meta?.savedAt ?? null;
  } catch {
    return null;
  }
}

/** Saves the user's whole copy and removes every other user's, in one transaction. Rejects with the browser's error (QuotaExceededError). */
export async function saveCopy(copy: MasterDataCopy): Promise<void> {
  const db = await open();
  const tx = db.transaction(['meta', 'kinds'], 'readwrite');
  const done = finished(tx);
  const kinds = tx.objectStore('kinds');
  const meta = tx.objectStore('meta');
  kinds.clear();
  meta.clear();
  for (const kind of KINDS) kinds.put({ user: copy.user, kind, rows: copy.data[kind] });
  meta.put({ user: copy.user, savedAt: copy.savedAt, formSettings: copy.formSettings });
  await done;
  loaded = { user: copy.user, copy: Promise.resolve(copy) };
}

/** Removes every user's copy but `keep`'s (a different user logged in on this device). */
export async function removeOtherUsers(keep: string): Promise<void> {
  if (loaded && loaded.user !== keep) loaded = null;
  try {
    const db = await open();
    const tx = db.transaction(['meta', 'kinds'], 'readwrite');
    const done = finished(tx);
    const users = (await result(tx.objectStore('meta').getAllKeys())) as string[];
    for (const user of users) {
      if (user === keep) continue;
      tx.objectStore('meta').delete(user);
      for (const kind of KINDS) tx.objectStore('kinds').delete([user, kind]);
    }
    // Rows saved without their meta (an interrupted write) of anyone else go too.
    const keys = (await result(tx.objectStore('kinds').getAllKeys())) as Array<[string, string]>;
    for (const key of keys) if (key[0] !== keep) tx.objectStore('kinds').delete(key);
    await done;
  } catch {
    // Nothing to remove, or storage unavailable.
  }
}

/** Deletes the whole database (logout). */
export async function deleteAllCopies(): Promise<void> {
  loaded = null;
  const db = opening ? await opening.catch(() => null) : null;
  db?.close();
  opening = null;
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}
