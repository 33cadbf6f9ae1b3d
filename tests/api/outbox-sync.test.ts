import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorksheetFieldsOut } from '../../src/client/features/worksheet/transport';
import { enqueue, listItems, openOutbox, ownerOf, type OutboxStore } from '../../src/client/features/worksheet/offline/outbox-core';
import { syncOutbox, type OriginFetch } from '../../src/client/features/worksheet/offline/outbox-sync';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, png, setUpWorld, type WorksheetWorld } from './worksheet-fixtures';

/*
 * The service worker's Background Sync round (issue 14 §3, src/client/features/worksheet/offline/outbox-sync.ts)
 * against the real server: the worker knows nobody, so it must ask whose session it holds and
 * send only that user's entries, each exactly once, photos intact.
 */
let app: TestApp;
let w: WorksheetWorld;
let photo: Uint8Array;
let outboxes = 0;
const freshOutbox = () => openOutbox(`sync-test-${++outboxes}`);

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'bs');
  photo = await png(41, 31);
});
afterAll(() => app?.close());

/** fetch() as the service worker does it on the app's origin: the browser adds the session cookie. */
const asWorker =
  (client: ApiClient | null, baseUrl = app.url): OriginFetch =>
  (path, init) =>
    fetch(baseUrl + path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Origin: baseUrl, ...(client?.cookie ? { Cookie: client.cookie } : {}) },
    });

const entry = (description: string, over: Partial<WorksheetFieldsOut> = {}): WorksheetFieldsOut => ({
  date: '2026-11-21',
  customerNo: 'C1000',
  jobCode: 'J-1001',
  jobTaskCode: '200',
  locationCode: '',
  workTypeCode: '',
  unitType: 'Item',
  unitNo: '1000',
  description,
  timeFrom: '',
  timeTo: '',
  quantity: '3',
  unitOfMeasureCode: 'BOX',
  ...over,
});
const photoOf = (bytes: Uint8Array) => ({ name: 'site.png', type: 'image/png', blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }) });

const records = (description: string) =>
  app.db.selectFrom('worksheetRecord').select(['id', 'username']).where('accountId', '=', w.accountId).where('description', '=', description).execute();

const ownerA = () => ownerOf(w.accountId, 'bsbasica');
const ownerA2 = () => ownerOf(w.accountId, 'bsbasica2');

describe('Background Sync round (service worker)', () => {
  let store: OutboxStore;
  beforeAll(async () => {
    store = await freshOutbox();
  });

  it("sends the session's user's waiting entries once, oldest first, with the photo intact; another user's wait", async () => {
    await enqueue(store, ownerA(), entry('Sync first'), [photoOf(photo)]);
    await enqueue(store, ownerA(), entry('Sync second'), []);
    await enqueue(store, ownerA2(), entry('Sync of basica2'), []);

    const result = await syncOutbox({ fetch: asWorker(w.c.basicA), store });
    expect(result).toMatchObject({ owner: ownerA(), sent: 2, refused: 0, stopped: null });

    const [first] = await records('Sync first');
    const [second] = await records('Sync second');
    expect(first?.username).toBe('bsbasica');
    expect(second!.id).toBeGreaterThan(first!.id);
    const stored = await app.db.selectFrom('attachment').select(['id', 'fileName', 'size']).where('worksheetId', '=', first!.id).execute();
    expect(stored).toMatchObject([{ fileName: 'site.png', size: photo.byteLength }]);
    const res = await fetch(`${app.url}/api/attachment/${first!.id}/${stored[0]!.id}`, { headers: { Cookie: w.c.basicA.cookie! } });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(photo);

    expect(await listItems(store, ownerA())).toEqual([]);
    expect((await listItems(store, ownerA2())).map((i) => [i.fields.description, i.state])).toEqual([['Sync of basica2', 'waiting']]);
    expect(await records('Sync of basica2')).toEqual([]);

    // The browser may fire the sync again: nothing is left to send, nothing is created twice.
    expect(await syncOutbox({ fetch: asWorker(w.c.basicA), store })).toMatchObject({ sent: 0 });
    expect(await records('Sync first')).toHaveLength(1);
    expect(await records('Sync second')).toHaveLength(1);
  });

  it('an entry whose earlier send reached the server before the connection dropped is not created again', async () => {
    const fields = entry('Sync committed before the drop');
    const item = await enqueue(store, ownerA(), fields, [], { key: 'bs-dropped-answer', uncertain: true });
    // That earlier send: committed on the server, its answer lost.
    const committed = await w.c.basicA.request('POST', '/api/worksheet', form({ ...fields, locationCode: null, workTypeCode: null, timeFrom: null, timeTo: null }), {
      'Idempotency-Key': item.key,
    });
    expectStatus(committed, 201);

    expect(await syncOutbox({ fetch: asWorker(w.c.basicA), store })).toMatchObject({ sent: 1, refused: 0 });
    expect(await records('Sync committed before the drop')).toHaveLength(1);
  });

  it('without a session nothing is sent and everything waits for the next login', async () => {
    await enqueue(store, ownerA(), entry('Sync after login'), []);
    const result = await syncOutbox({ fetch: asWorker(null), store });
    expect(result).toMatchObject({ owner: null, sent: 0, stopped: 'unauthorized' });
    expect((await listItems(store, ownerA())).map((i) => i.state)).toEqual(['waiting']);
    expect(await records('Sync after login')).toEqual([]);

    expect(await syncOutbox({ fetch: asWorker(w.c.basicA), store })).toMatchObject({ sent: 1 });
    expect(await records('Sync after login')).toHaveLength(1);
  });

  it("a refusal stays in the outbox with the server's reason; the next entry still goes", async () => {
    await enqueue(store, ownerA(), entry('Sync refused', { jobCode: 'NO-SUCH-JOB' }), []);
    await enqueue(store, ownerA(), entry('Sync after the refusal'), []);
    expect(await syncOutbox({ fetch: asWorker(w.c.basicA), store })).toMatchObject({ sent: 1, refused: 1, stopped: null });
    const [kept] = await listItems(store, ownerA());
    expect(kept?.state).toBe('refused');
    expect(kept?.problem?.status).toBe(400);
    expect(kept?.problem?.message).toEqual(expect.any(String));
    expect(Object.keys(kept?.problem?.errors ?? {})).toContain('jobCode');
    // Kept by code and params (what the outbox shows, translated), the English only beside it (issue 20 §1).
    expect(kept?.problem).toMatchObject({ code: 'VALIDATION', params: {} });
    expect(kept?.problem?.errorCodes?.jobCode?.[0]).toMatchObject({ code: expect.stringMatching(/^[A-Z_]+$/) });
    expect(await records('Sync refused')).toEqual([]);
    expect(await records('Sync after the refusal')).toHaveLength(1);
  });

  it('a server that cannot be reached rejects the round (the browser retries the sync later); nothing is lost', async () => {
    const own = await freshOutbox();
    await enqueue(own, ownerA(), entry('Sync unreachable'), []);
    await expect(syncOutbox({ fetch: asWorker(w.c.basicA, 'http://127.0.0.1:9'), store: own })).rejects.toThrow(/could not be reached/);
    expect((await listItems(own, ownerA())).map((i) => i.state)).toEqual(['waiting']);
  });
});
