import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorksheetFieldsOut } from '../../src/client/features/worksheet/transport';
import { enqueue, enqueueChange, listItems, openOutbox, ownerOf, type OutboxStore } from '../../src/client/features/worksheet/offline/outbox-core';
import { httpSender, syncOutbox, type OriginFetch } from '../../src/client/features/worksheet/offline/outbox-sync';
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

/*
 * Decision 0471: the week grid's changed and cleared cells wait in the outbox too — a PUT with the
 * version the change was made on, a DELETE with it — each with its Idempotency-Key, so a send whose
 * answer was lost is answered again and not done twice; a change made on an old version, into a
 * closed period or over 24 hours a day is kept as a refusal with its reason.
 */
describe('queued changes and removals (decision 0471)', () => {
  const storedEntry = async (description: string, over: Partial<WorksheetFieldsOut> = {}) => {
    // '' is "not sent", as the transport does (toFormData).
    const res = await w.c.basicA.request('POST', '/api/worksheet', form(Object.fromEntries(Object.entries(entry(description, over)).filter(([, v]) => v !== ''))));
    expectStatus(res, 201);
    const body = res.body as { id: number; version: number };
    return { id: body.id, version: body.version };
  };
  const row = (id: number) => app.db.selectFrom('worksheetRecord').select(['quantity', 'version', 'description']).where('id', '=', id).executeTakeFirst();

  it('a change and a removal are sent once each; sent again with the same key (answer lost), they are answered again, not repeated', async () => {
    const store = await freshOutbox();
    const changed = await storedEntry('Grid changed offline');
    const cleared = await storedEntry('Grid cleared offline');
    await enqueueChange(store, ownerA(), 'update', changed, entry('Grid changed offline', { quantity: '5' }));
    await enqueueChange(store, ownerA(), 'delete', cleared, entry('Grid cleared offline'));
    const [up, del] = await listItems(store, ownerA());

    expect(await syncOutbox({ fetch: asWorker(w.c.basicA), store })).toMatchObject({ sent: 2, refused: 0, stopped: null });
    expect(await listItems(store, ownerA())).toEqual([]);
    expect(await row(changed.id)).toMatchObject({ quantity: 5, version: changed.version + 1 });
    expect(await row(cleared.id)).toBeUndefined();

    // The same requests again (a send that reached the server but whose answer never came back).
    const send = httpSender(asWorker(w.c.basicA));
    expect(await send(up!)).toMatchObject({ kind: 'sent' });
    expect(await send(del!)).toMatchObject({ kind: 'sent' });
    expect(await row(changed.id)).toMatchObject({ quantity: 5, version: changed.version + 1 });
  });

  it('change then clear of one entry while offline is one removal; a change made on an old version is refused STALE and kept', async () => {
    const store = await freshOutbox();
    const a = await storedEntry('Grid twice');
    await enqueueChange(store, ownerA(), 'update', a, entry('Grid twice', { quantity: '4' }));
    await enqueueChange(store, ownerA(), 'delete', a, entry('Grid twice'));
    expect((await listItems(store, ownerA())).map((i) => [i.op, i.target?.version])).toEqual([['delete', a.version]]);

    const b = await storedEntry('Grid stale');
    // Changed meanwhile (another tab, another device).
    const { timeFrom: _f, timeTo: _t, ...elsewhere } = entry('Grid stale elsewhere');
    expectStatus(await w.c.basicA.put('/api/worksheet', { ...elsewhere, unitType: 'Item', id: b.id, version: b.version, quantity: 2 }), 200);
    await enqueueChange(store, ownerA(), 'update', b, entry('Grid stale', { quantity: '7' }));

    expect(await syncOutbox({ fetch: asWorker(w.c.basicA), store })).toMatchObject({ sent: 1, refused: 1, stopped: null });
    expect(await row(a.id)).toBeUndefined();
    const [kept] = await listItems(store, ownerA());
    expect(kept).toMatchObject({ op: 'update', state: 'refused', problem: { status: 409, code: 'STALE' } });
    expect(await row(b.id)).toMatchObject({ quantity: 2, description: 'Grid stale elsewhere' });
  });

  it('a queued change over 24 hours a day is kept as a refusal with its reason', async () => {
    const store = await freshOutbox();
    const hours = { unitType: 'Resource', unitNo: 'R01', unitOfMeasureCode: 'HOUR', jobTaskCode: '100', workTypeCode: 'NORMAL', locationCode: 'CPH' } as const;
    await storedEntry('Grid long day', { ...hours, date: '2026-11-24', timeFrom: '00:00', timeTo: '12:00', quantity: '' });
    const b = await storedEntry('Grid long day 2', { ...hours, date: '2026-11-24', timeFrom: '12:00', timeTo: '20:00', quantity: '' });
    await enqueueChange(store, ownerA(), 'update', b, entry('Grid long day 2', { ...hours, date: '2026-11-24', timeFrom: '12:00', timeTo: '23:45', quantity: '' }));
    await enqueueChange(store, ownerA(), 'update', b, entry('Grid long day 2', { ...hours, date: '2026-11-24', timeFrom: '08:00', timeTo: '23:45', quantity: '' }));
    expect(await syncOutbox({ fetch: asWorker(w.c.basicA), store })).toMatchObject({ sent: 0, refused: 1 });
    const [kept] = await listItems(store, ownerA());
    expect(kept?.problem).toMatchObject({ status: 409, code: 'DAY_OVER_24_HOURS', params: { date: '2026-11-24', hours: '27.75' } });
  });
});
