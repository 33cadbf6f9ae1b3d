import { expect, type Page } from '@playwright/test';

/* Shared by the offline specs (issue 14): the device copy of the master data and the service worker. */

const DB = 'webtid-master-data';

/** The users whose master data IndexedDB holds (meta store keys and kinds store key owners). */
export function copyOwners(page: Page): Promise<{ meta: string[]; kinds: string[]; exists: boolean }> {
  return page.evaluate(async (name) => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === name)) return { meta: [], kinds: [], exists: false };
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const r = indexedDB.open(name);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => fail(r.error);
    });
    if (!db.objectStoreNames.contains('meta')) {
      db.close();
      return { meta: [], kinds: [], exists: true };
    }
    const keys = (store: string) =>
      new Promise<IDBValidKey[]>((ok, fail) => {
        const r = db.transaction(store).objectStore(store).getAllKeys();
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
    const meta = (await keys('meta')).map(String);
    const kinds = [...new Set((await keys('kinds')).map((k) => String((k as string[])[0])))];
    db.close();
    return { meta, kinds, exists: true };
  }, DB);
}

/** Waits until the service worker is active and the user's master data copy is saved. */
export async function readyForOffline(page: Page, user: string): Promise<void> {
  const active = await page.evaluate(async () => !!(await navigator.serviceWorker.ready).active);
  expect(active).toBe(true);
  await expect.poll(async () => (await copyOwners(page)).meta, { timeout: 30_000 }).toEqual([expect.stringMatching(new RegExp(`:${user}$`))]);
}
