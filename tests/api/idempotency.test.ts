import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { expectStatus, type ApiClient } from '../helpers/client';
import { form, itemEntry, png, setUpWorld, type WorksheetWorld } from './worksheet-fixtures';

/** Idempotency-Key on the REST creates (issue 13 point 5, decision 0130). */
let app: TestApp;
let w: WorksheetWorld;
let photo: Uint8Array;
let apiKey: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'ik');
  photo = await png();
  apiKey = (await app.apiKeyClient(w.accountId)).client;
});
afterAll(() => app?.close());

const countRecords = async (description: string) =>
  Number(
    (
      await app.db
        .selectFrom('worksheetRecord')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('accountId', '=', w.accountId)
        .where('description', '=', description)
        .executeTakeFirstOrThrow()
    ).n,
  );

const postEntry = (client: ApiClient, key: string | null, description: string, file = photo) =>
  client.request('POST', '/api/worksheet', form(itemEntry({ description }), [{ name: 'site.png', data: file }]), key ? { 'Idempotency-Key': key } : {});

describe('POST /api/worksheet with Idempotency-Key', () => {
  it('a retry with the same key and body answers the first answer and creates nothing new', async () => {
    const first = await postEntry(w.c.basicA, 'k-entry-1', 'Idem once');
    expectStatus(first, 201);
    const again = await postEntry(w.c.basicA, 'k-entry-1', 'Idem once');
    expectStatus(again, 201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(await countRecords('Idem once')).toBe(1);
  });

  it('without a key every POST creates (the old behaviour)', async () => {
    await postEntry(w.c.basicA, null, 'No key');
    await postEntry(w.c.basicA, null, 'No key');
    expect(await countRecords('No key')).toBe(2);
  });

  it('the same key with another body, or another photo, answers 422 and creates nothing', async () => {
    expect((await postEntry(w.c.basicA, 'k-entry-2', 'Idem two')).status).toBe(201);
    const otherBody = await postEntry(w.c.basicA, 'k-entry-2', 'Idem two changed');
    expectStatus(otherBody, 422);
    expect(otherBody.headers.get('content-type')).toMatch(/problem\+json/);
    const otherPhoto = await postEntry(w.c.basicA, 'k-entry-2', 'Idem two', await png(41, 30));
    expectStatus(otherPhoto, 422);
    expect(await countRecords('Idem two')).toBe(1);
    expect(await countRecords('Idem two changed')).toBe(0);
  });

  it('concurrent requests with one key: exactly one record; the others replay or get 409 "in progress"', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => postEntry(w.c.basicA, 'k-race', 'Idem race')));
    const statuses = answers.map((a) => a.status).sort();
    expect(
      statuses.every((s) => s === 201 || s === 409),
      String(statuses),
    ).toBe(true);
    expect(answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.headers.get('retry-after')).toBe('1');
    expect(await countRecords('Idem race')).toBe(1);
  });

  it('keys belong to one caller: another user or the API key with the same key creates its own', async () => {
    expect((await postEntry(w.c.basicA2, 'k-entry-1', 'Idem once')).status).toBe(201);
    const byKey = await apiKey.request('POST', '/api/worksheet', form(itemEntry({ description: 'Idem once', username: 'ikbasica' }), [{ name: 'site.png', data: photo }]), {
      'Idempotency-Key': 'k-entry-1',
    });
    expectStatus(byKey, 201);
    expect(await countRecords('Idem once')).toBe(3);
    const otherAccount = await postEntry(w.c.otherAdmin, 'k-entry-1', 'Idem once');
    expect(otherAccount.status).not.toBe(422);
  });

  it('an expired key (older than 24 h) runs again, and expired keys are purged', async () => {
    await app.db
      .updateTable('idempotencyKey')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('key', '=', 'k-entry-2')
      .execute();
    expect((await postEntry(w.c.basicA, 'k-entry-2', 'Idem two')).status).toBe(201);
    expect(await countRecords('Idem two')).toBe(2);
    await app.db
      .updateTable('idempotencyKey')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('key', '=', 'k-race')
      .execute();
    await postEntry(w.c.basicA, 'k-purge-trigger', 'Idem purge');
    expect(await app.db.selectFrom('idempotencyKey').select('key').where('key', '=', 'k-race').execute()).toEqual([]);
  });

  it('a malformed key answers 400 before anything is created', async () => {
    const res = await postEntry(w.c.basicA, 'x'.repeat(256), 'Idem bad key');
    expectStatus(res, 400);
    expect(await countRecords('Idem bad key')).toBe(0);
  });
});

describe('the JSON creates', () => {
  it('POST /api/item: a retry replays the 201 instead of answering 409 duplicate', async () => {
    const body = { no: 'IK-1', description: 'Idem item' };
    const first = await w.c.admin.request('POST', '/api/item', body, { 'Idempotency-Key': 'item-1' });
    expectStatus(first, 201);
    const again = await w.c.admin.request('POST', '/api/item', { description: 'Idem item', no: 'IK-1' }, { 'Idempotency-Key': 'item-1' });
    expectStatus(again, 201);
    expect(again.body).toEqual(first.body);
    expect((await w.c.admin.request('POST', '/api/item', body)).status).toBe(409);
  });

  it('a failed create frees its key, so the same retry runs again once the cause is gone', async () => {
    const body = { no: 'IK-2', description: 'Idem item two' };
    expect((await w.c.admin.post('/api/item', body)).status).toBe(201);
    expect((await w.c.admin.request('POST', '/api/item', body, { 'Idempotency-Key': 'item-2' })).status).toBe(409);
    expect((await w.c.admin.del('/api/item', { no: 'IK-2' })).status).toBe(204);
    const retry = await w.c.admin.request('POST', '/api/item', body, { 'Idempotency-Key': 'item-2' });
    expectStatus(retry, 201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('every create path accepts the header', async () => {
    const creates: Array<[string, Record<string, unknown>]> = [
      ['/api/resource', { no: 'IK-R', description: 'Idem resource' }],
      ['/api/location', { code: 'IKLOC' }],
      ['/api/worktype', { code: 'IKWT', description: 'Idem work type' }],
      ['/api/customer', { no: 'IK-C', name: 'Idem customer' }],
      ['/api/job', { code: 'IK-J', description: 'Idem job', billToCustomerNo: 'C1000' }],
      ['/api/jobtask', { jobCode: 'IK-J', code: 'IKT', description: 'Idem task' }],
      ['/api/unit', { unitType: 'Item', unitNo: 'IK-1', code: 'IKU', description: 'Idem unit' }],
      ['/api/user', { username: 'ikuser', password: 'Test-pass-1', confirmPassword: 'Test-pass-1', profileType: 'Basic', languageCode: 'ENU' }],
    ];
    for (const [path, body] of creates) {
      const first = await w.c.admin.request('POST', path, body, { 'Idempotency-Key': `k${path}` });
      expectStatus(first, 201);
      const again = await w.c.admin.request('POST', path, body, { 'Idempotency-Key': `k${path}` });
      expectStatus(again, 201);
      expect(again.headers.get('idempotent-replayed'), path).toBe('true');
    }
  });
});
