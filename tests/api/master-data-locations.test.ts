import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chars, insertEntry, startWorld, type MasterDataWorld } from './master-data-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';

/** Locations (spec §5, §7); DELETE takes {id, accountId} from the list or {code} from the edit page. */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
  await w.admin.post('/api/customer', { no: 'C1', name: 'Cust' });
  await w.admin.post('/api/job', { code: 'J1', billToCustomerNo: 'C1' });
});
afterAll(() => w?.app.close());

describe('/api/location', () => {
  it('creates, lists, reads, deactivates, and deletes by code or by id', async () => {
    const created = await w.admin.post('/api/location', { accountId: 5, code: ' CPH ' });
    expectStatus(created, 201);
    expect(created.body).toEqual({ id: expect.any(Number), accountId: w.accountId, code: 'CPH', name: null, active: true, version: 1, updatedAt: expect.any(String) });
    const aar = await w.admin.post('/api/location', { code: 'AAR', name: 'Aarhus' });
    expect(expectOk(aar).name).toBe('Aarhus');

    expect(expectOk(await w.admin.get('/api/location')).map((l: { code: string }) => l.code)).toEqual(['AAR', 'CPH']);
    expect((await w.admin.get('/api/location/single?code=CPH')).body).toEqual(created.body);

    const off = await w.admin.put('/api/location', { code: 'CPH', active: false });
    expectStatus(off, 200);
    expect(off.body).toEqual({ ...created.body, updatedAt: expect.any(String), active: false, version: created.body.version + 1 });
    // name absent keeps it; '' clears it.
    expect(expectOk(await w.admin.put('/api/location', { code: 'AAR', active: true })).name).toBe('Aarhus');
    expect(expectOk(await w.admin.put('/api/location', { code: 'AAR', name: '' })).name).toBe(null);

    expect((await w.admin.del('/api/location', { code: 'CPH' })).status).toBe(204);
    expect((await w.admin.del('/api/location', { id: expectOk(aar).id, accountId: w.accountId })).status).toBe(204);
    expect((await w.admin.get('/api/location')).body).toEqual([]);
    expect((await w.admin.del('/api/location', { code: 'CPH' })).status).toBe(404);
  });

  it('validates as spec §5 says and answers 409 for a duplicate', async () => {
    expect(fieldCodes(problemOf(await w.admin.raw('POST', '/api/location', {})))).toEqual({ code: ['REQUIRED'] }); // deliberately invalid
    expect(problemOf(await w.admin.post('/api/location', { code: chars(11) })).errorCodes).toEqual({ code: [{ code: 'TOO_LONG', params: { max: '10' } }] });
    expect(fieldCodes(problemOf(await w.admin.post('/api/location', { code: 'A;B' })))).toEqual({ code: ['INVALID_CHARS'] });
    expect((await w.admin.post('/api/location', { code: chars(10) })).status).toBe(201);
    const dup = await w.admin.post('/api/location', { code: chars(10) });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject({ code: 'MD_EXISTS', params: { entity: 'Location', key: chars(10) } });
    expect(fieldCodes(problemOf(await w.admin.del('/api/location', {})))).toEqual({ code: ['REQUIRED'] });
  });

  it('refuses (409) to delete a location used by open entries', async () => {
    await w.admin.post('/api/location', { code: 'SITE' });
    await insertEntry(w.app, w.accountId, { jobCode: 'J1', locationCode: 'SITE' });
    const res = await w.admin.del('/api/location', { code: 'SITE' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'MD_IN_USE', params: { entity: 'Location', key: 'SITE' } });
  });

  it('is admin-only except search; another account’s ids and codes are 404', async () => {
    for (const client of [w.basic, w.leader]) {
      expect((await client.get('/api/location')).status).toBe(403);
      expect((await client.post('/api/location', { code: 'X' })).status).toBe(403);
      expect((await client.put('/api/location', { code: 'SITE', active: false })).status).toBe(403);
      expect((await client.del('/api/location', { code: 'SITE' })).status).toBe(403);
    }
    const mine = await w.admin.post('/api/location', { code: 'MINE' });
    expect((await w.otherAdmin.del('/api/location', { id: expectOk(mine).id, accountId: w.accountId })).status).toBe(404);
    expect((await w.otherAdmin.get('/api/location/single?code=MINE')).status).toBe(404);
    expect((await w.otherAdmin.put('/api/location', { code: 'MINE', active: false })).status).toBe(404);
    expect((await w.otherAdmin.get('/api/location')).body).toEqual([]);
    expect((await w.otherAdmin.get('/api/location/search?q=mine')).body).toEqual([]);
    expect((await w.apiKey.post('/api/location', { code: 'ERP' })).status).toBe(201);
  });

  it('search: active locations by code or name, any case', async () => {
    await w.admin.post('/api/location', { code: 'ODN', name: 'Odense' });
    await w.admin.post('/api/location', { code: 'GONE', name: 'Closed site' });
    await w.admin.put('/api/location', { code: 'GONE', active: false });
    expect(expectOk(await w.basic.get('/api/location/search?q=ODEN')).map((l: { code: string }) => l.code)).toEqual(['ODN']);
    expect(expectOk(await w.basic.get('/api/location/search?q=site')).map((l: { code: string }) => l.code)).toEqual(['SITE']);
    expect((await w.leader.get('/api/location/search?limit=1')).body).toHaveLength(1);
  });
});
