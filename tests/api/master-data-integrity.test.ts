import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type MasterDataWorld } from './master-data-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';

/** Master-data integrity (issue 10 §8): codes unique regardless of case, versions, defaults, unit codes. */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
  await w.admin.post('/api/customer', { no: 'C1', name: 'Cust' });
  await w.admin.post('/api/job', { code: 'J1', billToCustomerNo: 'C1' });
  await w.admin.post('/api/item', { no: 'I1', description: 'Screws' });
  await w.admin.post('/api/resource', { no: 'R01', description: 'Fitter' });
  await w.admin.post('/api/unit', { unitType: 'Resource', unitNo: 'R01', code: 'HOUR', description: 'Hour' });
  await w.admin.post('/api/unit', { unitType: 'Item', unitNo: 'I1', code: 'BOX', description: 'Box' });
  await w.admin.post('/api/unit', { unitType: 'Item', unitNo: 'I1', code: 'HOUR', description: 'Hours (item)' });
});
afterAll(() => w?.app.close());

describe('codes are unique per account regardless of case', () => {
  it.each([
    ['/api/item', { no: 'i1', description: 'Twin' }, { code: 'MD_EXISTS', params: { entity: 'Item', key: 'i1' } }],
    ['/api/resource', { no: 'r01', description: 'Twin' }, { code: 'MD_EXISTS', params: { entity: 'Resource', key: 'r01' } }],
    ['/api/customer', { no: 'c1', name: 'Twin' }, { code: 'MD_EXISTS', params: { entity: 'Customer', key: 'c1' } }],
    ['/api/job', { code: 'j1', billToCustomerNo: 'C1' }, { code: 'MD_EXISTS', params: { entity: 'Job', key: 'j1' } }],
    [
      '/api/unit',
      { unitType: 'Resource', unitNo: 'R01', code: 'hour', description: 'Twin' },
      { code: 'MD_EXISTS_FOR', params: { entity: 'Unit of measure', key: 'hour', parent: 'Resource', parentKey: 'R01' } },
    ],
  ])('%s refuses a code that differs only in case (409)', async (path, body, refusal) => {
    const res = await w.admin.post(path, body);
    expectStatus(res, 409);
    expect(problemOf(res)).toMatchObject(refusal);
  });

  it('locations, work types and job tasks too', async () => {
    expect((await w.admin.post('/api/location', { code: 'SITE-A' })).status).toBe(201);
    expect((await w.admin.post('/api/location', { code: 'site-a' })).status).toBe(409);
    expect((await w.admin.post('/api/worktype', { code: 'NORMAL', description: 'Normal' })).status).toBe(201);
    expect((await w.admin.post('/api/worktype', { code: 'normal', description: 'Normal' })).status).toBe(409);
    expect((await w.admin.post('/api/jobtask', { jobCode: 'J1', code: 'T-A', description: 'Task' })).status).toBe(201);
    expect((await w.admin.post('/api/jobtask', { jobCode: 'J1', code: 't-a', description: 'Task' })).status).toBe(409);
  });

  it('another account may use the same code in any case', async () => {
    expect((await w.otherAdmin.post('/api/item', { no: 'i1', description: 'Theirs' })).status).toBe(201);
  });
});

describe('versions: a save based on an old version answers 409', () => {
  it('two admins saving the same customer: the second is told, nothing is overwritten', async () => {
    const loaded = (await w.admin.get('/api/customer/single?no=C1')).body as { version: number; name: string };
    const first = await w.admin.put('/api/customer', { no: 'C1', name: 'First save', version: loaded.version });
    expectStatus(first, 200);
    expect(first.body.version).toBe(loaded.version + 1);
    const second = await w.apiKey.put('/api/customer', { no: 'C1', name: 'Second save', version: loaded.version });
    expectStatus(second, 409);
    expect(second.body).toMatchObject({ code: 'STALE', params: {} });
    expect(expectOk(await w.admin.get('/api/customer/single?no=C1')).name).toBe('First save');
  });

  it.each([
    ['/api/item', '/api/item/single?no=I1', { no: 'I1', description: 'Screws 2' }],
    ['/api/resource', '/api/resource/single?no=R01', { no: 'R01', description: 'Fitter 2' }],
    ['/api/job', '/api/job/single?code=J1', { code: 'J1', billToCustomerNo: 'C1', description: 'Kitchen' }],
    ['/api/jobtask', '/api/jobtask/single?jobCode=J1&code=T-A', { jobCode: 'J1', code: 'T-A', description: 'Task 2' }],
    ['/api/unit', '/api/unit/single/Resource?unitNo=R01&code=HOUR', { unitType: 'Resource', unitNo: 'R01', code: 'HOUR', description: 'Hours' }],
    ['/api/location', '/api/location/single?code=SITE-A', { code: 'SITE-A', name: 'Site A' }],
    ['/api/worktype', '/api/worktype/single?code=NORMAL', { code: 'NORMAL', description: 'Normal 2', unitOfMeasureCode: null }],
  ])('%s: stale version → 409, current version → 200, no version → last write wins', async (path, single, body) => {
    const { version } = (await w.admin.get(single)).body as { version: number };
    expect((await w.admin.put(path, { ...body, version })).status).toBe(200);
    const stale = await w.admin.put(path, { ...body, version });
    expectStatus(stale, 409);
    expect((await w.admin.put(path, body)).status).toBe(200);
    expect(((await w.admin.get(single)).body as { version: number }).version).toBe(version + 2);
  });

  it('a version of a missing record still answers 404', async () => {
    expect((await w.admin.put('/api/item', { no: 'NOPE', description: 'x', version: 1 })).status).toBe(404);
    expect((await w.admin.raw('PUT', '/api/item', { no: 'I1', description: 'x', version: 'one' })).status).toBe(400); // deliberately not a number
  });
});

describe('a resource that is a user’s default', () => {
  it('cannot be deleted (409, deactivate instead), whoever asks', async () => {
    await w.admin.post('/api/resource', { no: 'R02', description: 'Driver' });
    await w.app.addUser(w.accountId, { username: `defres${process.pid}`, defaultResource: 'R02' });
    for (const client of [w.admin, w.apiKey]) {
      const res = await client.del('/api/resource', { no: 'R02' });
      expectStatus(res, 409);
      expect(res.body).toMatchObject({ code: 'MD_DEFAULT_RESOURCE', params: { key: 'R02' } });
    }
    expect((await w.admin.put('/api/resource', { no: 'R02', description: 'Driver', active: false })).status).toBe(200);
  });
});

describe('a work type’s unit of measure is one of the unit codes', () => {
  it('lists the distinct codes of the account’s units', async () => {
    const res = await w.admin.get('/api/unit/codes');
    expectStatus(res, 200);
    expect(res.body.map((c: { code: string }) => c.code)).toEqual(['BOX', 'HOUR']);
    expect((await w.basic.get('/api/unit/codes')).status).toBe(403);
    expect((await w.otherAdmin.get('/api/unit/codes')).body).toEqual([]);
  });

  it('refuses a code no unit has (400 on the field) and keeps the stored spelling', async () => {
    const bad = await w.admin.post('/api/worktype', { code: 'DRIVE', description: 'Driving', unitOfMeasureCode: 'LITRE' });
    expectStatus(bad, 400);
    expect(fieldCodes(bad.body)).toEqual({ unitOfMeasureCode: ['UNKNOWN_UOM'] });
    const lower = await w.admin.post('/api/worktype', { code: 'DRIVE', description: 'Driving', unitOfMeasureCode: 'hour' });
    expectStatus(lower, 201);
    expect(lower.body.unitOfMeasureCode).toBe('HOUR');
    // Another account's unit codes do not count.
    expect((await w.otherAdmin.post('/api/worktype', { code: 'DRIVE', description: 'Driving', unitOfMeasureCode: 'BOX' })).status).toBe(400);
  });
});
