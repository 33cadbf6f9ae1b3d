import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chars, insertEntry, startWorld, type MasterDataWorld } from './master-data-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';

/** Items and resources: the same contract at /api/item and /api/resource (spec §5, §7). */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
  // A job for worksheet entries that make records "in use".
  expect((await w.admin.post('/api/customer', { no: 'C1', name: 'Cust' })).status).toBe(201);
  expect((await w.admin.post('/api/job', { code: 'J1', billToCustomerNo: 'C1' })).status).toBe(201);
});
afterAll(() => w?.app.close());

describe.each([
  { base: '/api/item' as const, entity: 'Item', unitType: 'Item' },
  { base: '/api/resource' as const, entity: 'Resource', unitType: 'Resource' },
])('$base', ({ base, entity, unitType }) => {
  it('creates (201 + record), lists, reads one, updates, deactivates and deletes (204)', async () => {
    const created = await w.admin.post(base, { accountId: 99999, no: ' 1000 ', description: ' Screws ' });
    expectStatus(created, 201);
    expect(created.body).toEqual({ id: expect.any(Number), no: '1000', description: 'Screws', active: true, version: 1, updatedAt: expect.any(String) });

    const list = await w.admin.get(base);
    expectStatus(list, 200);
    expect(list.body).toMatchObject([created.body]);

    const single = await w.admin.get(`${base}/single?no=1000`);
    expectStatus(single, 200);
    expect(single.body).toMatchObject(created.body);

    const updated = await w.admin.put(base, { no: '1000', description: 'Screws 5x50', active: true });
    expectStatus(updated, 200);
    expect(updated.body).toEqual({ ...created.body, updatedAt: expect.any(String), description: 'Screws 5x50', version: created.body.version + 1 });

    const deactivated = await w.admin.put(base, { no: '1000', description: 'Screws 5x50', active: false });
    expect(expectOk(deactivated).active).toBe(false);
    // `active` left out keeps the stored value.
    expect(expectOk(await w.admin.put(base, { no: '1000', description: 'Screws' })).active).toBe(false);

    const deleted = await w.admin.del(base, { no: '1000' });
    expectStatus(deleted, 204);
    expect(deleted.text).toBe('');
    expect((await w.admin.get(`${base}/single?no=1000`)).status).toBe(404);
    expect((await w.admin.del(base, { no: '1000' })).status).toBe(404);
  });

  it('validates every field as spec §5 says (400 with per-field errors)', async () => {
    const missing = await w.admin.raw('POST', base, {}); // deliberately invalid
    expectStatus(missing, 400);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(fieldCodes(missing.body)).toEqual({ no: ['REQUIRED'], description: ['REQUIRED'] });

    expect(fieldCodes(problemOf(await w.admin.post(base, { no: '   ', description: 'x' })))).toEqual({ no: ['REQUIRED'] });
    expect(fieldCodes(problemOf(await w.admin.post(base, { no: 'A#1', description: 'x' })))).toEqual({ no: ['INVALID_CHARS'] });
    expect(problemOf(await w.admin.post(base, { no: chars(21), description: 'x' })).errorCodes).toEqual({ no: [{ code: 'TOO_LONG', params: { max: '20' } }] });
    expect(problemOf(await w.admin.post(base, { no: 'B1', description: chars(101) })).errorCodes).toEqual({ description: [{ code: 'TOO_LONG', params: { max: '100' } }] });
    expect(fieldCodes(problemOf(await w.admin.raw('POST', base, { no: 12, description: 'x' })))).toEqual({ no: ['MUST_BE_STRING'] }); // deliberately invalid
    expect(fieldCodes(problemOf(await w.admin.raw('PUT', base, { no: 'B1', description: 'x', active: 'maybe' })))).toEqual({ active: ['MUST_BE_BOOLEAN'] }); // deliberately invalid

    // The limits themselves are accepted.
    const max = await w.admin.post(base, { no: chars(20, '9'), description: chars(100, 'd') });
    expectStatus(max, 201);
    expect((await w.admin.post(base, { no: 'Ab-1_2/3.4 ÆØÅ', description: 'x' })).status).toBe(201);
  });

  it('answers 409 MD_EXISTS for a duplicate number', async () => {
    await w.admin.post(base, { no: 'DUP', description: 'First' });
    const dup = await w.admin.post(base, { no: 'DUP', description: 'Second' });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject({ code: 'MD_EXISTS', params: { entity, key: 'DUP' } });
  });

  it('never changes the number on update; an unknown number is 404', async () => {
    expect((await w.admin.put(base, { no: 'NOPE', description: 'x' })).status).toBe(404);
  });

  it('refuses (409) to delete while open entries use it, deletes its units with it otherwise', async () => {
    await w.admin.post(base, { no: 'USED', description: 'Used' });
    await w.admin.post('/api/unit', { unitType, unitNo: 'USED', code: 'PCS', description: 'Pieces' });
    const entry = await insertEntry(w.app, w.accountId, { jobCode: 'J1', unitType: unitType as 'Item', unitNo: 'USED', unitOfMeasureCode: 'PCS' });
    const refused = await w.admin.del(base, { no: 'USED' });
    expectStatus(refused, 409);
    expect(refused.body).toMatchObject({ code: 'MD_IN_USE', params: { entity, key: 'USED' } });

    // Exported (archived) entries keep their own copies and do not block.
    await w.app.db.updateTable('worksheetRecord').set({ exported: true }).where('id', '=', entry).execute();
    expect((await w.admin.del(base, { no: 'USED' })).status).toBe(204);
    expect((await w.admin.get(`/api/unit/all/${unitType}?unitNo=USED`)).body).toEqual([]);
  });

  it('is for admins and the API key only (Basic and Teamleader 403; anonymous 401)', async () => {
    for (const client of [w.basic, w.leader]) {
      expect((await client.get(base)).status).toBe(403);
      expect((await client.get(`${base}/single?no=DUP`)).status).toBe(403);
      expect((await client.post(base, { no: 'X1', description: 'x' })).status).toBe(403);
      expect((await client.put(base, { no: 'DUP', description: 'x' })).status).toBe(403);
      expect((await client.del(base, { no: 'DUP' })).status).toBe(403);
    }
    expect((await w.app.anonymous().get(base)).status).toBe(401);

    const viaKey = await w.apiKey.post(base, { no: 'KEY1', description: 'By the ERP' });
    expectStatus(viaKey, 201);
    expect(expectOk(await w.apiKey.get(base)).map((r: { no: string }) => r.no)).toContain('KEY1');
    expect(expectOk(await w.apiKey.put(base, { no: 'KEY1', description: 'Changed', active: false })).active).toBe(false);
    expect((await w.apiKey.del(base, { no: 'KEY1' })).status).toBe(204);
  });

  it('keeps accounts apart: another account’s numbers are 404 and never listed or found', async () => {
    await w.otherAdmin.post(base, { no: 'SECRET', description: 'Other account' });
    expect((await w.admin.get(`${base}/single?no=SECRET`)).status).toBe(404);
    expect((await w.admin.put(base, { no: 'SECRET', description: 'Hijack' })).status).toBe(404);
    expect((await w.admin.del(base, { no: 'SECRET' })).status).toBe(404);
    expect(expectOk(await w.admin.get(base)).map((r: { no: string }) => r.no)).not.toContain('SECRET');
    expect((await w.basic.get(`${base}/search?q=secret`)).body).toEqual([]);
    // The same number may exist in both accounts.
    expect((await w.admin.post(base, { no: 'SECRET', description: 'Mine' })).status).toBe(201);
    expect(expectOk(await w.otherAdmin.get(`${base}/single?no=SECRET`)).description).toBe('Other account');
  });

  it('search: every user, active only, number or description, any case, by number, optional limit', async () => {
    await w.admin.post(base, { no: 'S-200', description: 'Copper pipe' });
    await w.admin.post(base, { no: 'S-100', description: 'PIPE bend' });
    await w.admin.post(base, { no: 'S-300', description: 'Old pipe' });
    await w.admin.put(base, { no: 'S-300', description: 'Old pipe', active: false });
    await w.admin.post(base, { no: 'PIPE9', description: 'Something' });
    await w.admin.post(base, { no: 'S-400', description: '100%_off' });

    const res = await w.basic.get(`${base}/search?q=pIpE`);
    expectStatus(res, 200);
    expect(res.body.map((r: { no: string }) => r.no)).toEqual(['PIPE9', 'S-100', 'S-200']);
    expect(res.body[1]).toEqual({ id: expect.any(Number), no: 'S-100', description: 'PIPE bend', active: true, version: 1 });

    expect((await w.leader.get(`${base}/search?q=pipe&limit=2`)).body).toHaveLength(2);
    // LIKE wildcards in q are literal.
    expect(expectOk(await w.basic.get(`${base}/search?q=${encodeURIComponent('%_')}`)).map((r: { no: string }) => r.no)).toEqual(['S-400']);
    // Without q: every active record.
    const all = (await w.basic.get(`${base}/search`)).body as Array<{ no: string; active: boolean }>;
    expect(all.every((r) => r.active)).toBe(true);
    expect(all.map((r) => r.no)).toEqual([...all.map((r) => r.no)].sort());
    expect((await w.basic.get(`${base}/search?limit=0`)).status).toBe(400);
    expect((await w.basic.get(`${base}/search?limit=abc`)).status).toBe(400);
    expect((await w.apiKey.get(`${base}/search?q=pipe`)).status).toBe(200);
    expect((await w.app.anonymous().get(`${base}/search?q=pipe`)).status).toBe(401);
  });
});

describe('tRPC path', () => {
  it('serves the same procedures at /api/trpc', async () => {
    const res = await w.basic.get('/api/trpc/item.search?input=' + encodeURIComponent(JSON.stringify({ q: 'pipe' })));
    expectStatus(res, 200);
    const forbidden = await w.basic.get('/api/trpc/item.list');
    expectStatus(forbidden, 403);
  });
});

describe('OpenAPI', () => {
  it('documents every master-data call of spec §7 at its method and path', async () => {
    const doc = (await w.app.anonymous().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const expected: Array<[string, string]> = [];
    for (const base of ['item', 'resource', 'location', 'worktype', 'customer', 'job']) {
      expected.push(
        [`/api/${base}`, 'get'],
        [`/api/${base}/single`, 'get'],
        [`/api/${base}/search`, 'get'],
        [`/api/${base}`, 'post'],
        [`/api/${base}`, 'put'],
        [`/api/${base}`, 'delete'],
      );
    }
    expected.push(
      ['/api/unit/all/{unitType}', 'get'],
      ['/api/unit/single/{unitType}', 'get'],
      ['/api/unit/search', 'get'],
      ['/api/unit', 'post'],
      ['/api/unit', 'put'],
      ['/api/unit', 'delete'],
      ['/api/jobtask/all', 'get'],
      ['/api/jobtask/single', 'get'],
      ['/api/jobtask/search', 'get'],
      ['/api/jobtask', 'post'],
      ['/api/jobtask', 'put'],
      ['/api/jobtask', 'delete'],
    );
    const missing = expected.filter(([path, method]) => !doc.paths[path]?.[method]).map(([p, m]) => `${m.toUpperCase()} ${p}`);
    expect(missing).toEqual([]);
  });
});
