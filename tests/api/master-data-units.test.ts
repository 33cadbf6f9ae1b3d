import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chars, insertEntry, startWorld, type MasterDataWorld } from './master-data-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';

/** Units of measure of items and resources (spec §3, §5, §7). */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
  await w.admin.post('/api/item', { no: '1000', description: 'Screws' });
  await w.admin.post('/api/item', { no: '2000', description: 'Pipe' });
  await w.admin.post('/api/resource', { no: 'R01', description: 'Carpenter' });
  await w.admin.post('/api/customer', { no: 'C1', name: 'Cust' });
  await w.admin.post('/api/job', { code: 'J1', billToCustomerNo: 'C1' });
  await w.otherAdmin.post('/api/item', { no: 'OTHER', description: 'Other account' });
});
afterAll(() => w?.app.close());

describe('/api/unit', () => {
  it('creates, lists per item, reads one, updates, deactivates and deletes', async () => {
    const created = await w.admin.post('/api/unit', { accountId: 1, unitType: 'Item', unitNo: '1000', code: ' BOX ', description: ' Box ' });
    expectStatus(created, 201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      unitType: 'Item',
      unitNo: '1000',
      code: 'BOX',
      description: 'Box',
      active: true,
      version: 1,
      updatedAt: expect.any(String),
    });
    await w.admin.post('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'PCS', description: 'Pieces' });
    await w.admin.post('/api/unit', { unitType: 'Item', unitNo: '2000', code: 'M', description: 'Metre' });
    await w.admin.post('/api/unit', { unitType: 'Resource', unitNo: 'R01', code: 'HOUR', description: 'Hour' });

    const list = await w.admin.get('/api/unit/all/Item?unitNo=1000');
    expectStatus(list, 200);
    expect(list.body.map((u: { code: string }) => u.code)).toEqual(['BOX', 'PCS']);
    // Without unitNo: every unit of the type; the type is read in any case.
    expect(expectOk(await w.admin.get('/api/unit/all/item')).map((u: { code: string }) => u.code)).toEqual(['BOX', 'PCS', 'M']);
    expect((await w.admin.get('/api/unit/all/Resource?unitNo=R01')).body).toHaveLength(1);
    expect((await w.admin.get('/api/unit/all/Thing')).status).toBe(400);

    const single = await w.admin.get('/api/unit/single/Item?unitNo=1000&code=BOX');
    expect(single.body).toEqual(created.body);
    expect((await w.admin.get('/api/unit/single/Resource?unitNo=1000&code=BOX')).status).toBe(404);

    const updated = await w.admin.put('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'BOX', description: 'Box of 100', active: false });
    expectStatus(updated, 200);
    expect(updated.body).toMatchObject({ code: 'BOX', description: 'Box of 100', active: false });

    expect((await w.admin.del('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'BOX' })).status).toBe(204);
    expect((await w.admin.get('/api/unit/single/Item?unitNo=1000&code=BOX')).status).toBe(404);
  });

  it('validates as spec §5 says', async () => {
    const missing = await w.admin.raw('POST', '/api/unit', {}); // deliberately invalid
    expectStatus(missing, 400);
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(['code', 'description', 'unitNo', 'unitType']);
    const base = { unitType: 'Item', unitNo: '1000' };
    expect(problemOf(await w.admin.post('/api/unit', { ...base, code: chars(11), description: 'x' })).errorCodes).toEqual({ code: [{ code: 'TOO_LONG', params: { max: '10' } }] });
    expect(fieldCodes(problemOf(await w.admin.post('/api/unit', { ...base, code: 'A*', description: 'x' })))).toEqual({ code: ['INVALID_CHARS'] });
    expect(problemOf(await w.admin.post('/api/unit', { ...base, code: 'D', description: chars(51) })).errorCodes).toEqual({
      description: [{ code: 'TOO_LONG', params: { max: '50' } }],
    });
    expect(problemOf(await w.admin.post('/api/unit', { ...base, unitType: 'Box', code: 'D', description: 'x' })).errorCodes).toEqual({
      unitType: [{ code: 'VALUE_NOT_ALLOWED', params: { value: 'Box' } }],
    });
    expect((await w.admin.post('/api/unit', { ...base, code: chars(10), description: chars(50) })).status).toBe(201);
  });

  it('needs an existing item/resource of the account (404) and answers 409 for a duplicate code', async () => {
    expect((await w.admin.post('/api/unit', { unitType: 'Item', unitNo: 'NOPE', code: 'X', description: 'x' })).status).toBe(404);
    expect((await w.admin.post('/api/unit', { unitType: 'Item', unitNo: 'OTHER', code: 'X', description: 'x' })).status).toBe(404);
    expect((await w.admin.post('/api/unit', { unitType: 'Resource', unitNo: '1000', code: 'X', description: 'x' })).status).toBe(404);
    const dup = await w.admin.post('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'PCS', description: 'Again' });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject({ code: 'MD_EXISTS_FOR', params: { entity: 'Unit of measure', key: 'PCS', parent: 'Item', parentKey: '1000' } });
    // The same code on another item is fine.
    expect((await w.admin.post('/api/unit', { unitType: 'Item', unitNo: '2000', code: 'PCS', description: 'Pieces' })).status).toBe(201);
  });

  it('refuses (409) to delete a unit used by open entries', async () => {
    await w.admin.post('/api/unit', { unitType: 'Resource', unitNo: 'R01', code: 'KM', description: 'Kilometre' });
    await insertEntry(w.app, w.accountId, { jobCode: 'J1', unitType: 'Resource', unitNo: 'R01', unitOfMeasureCode: 'KM' });
    const res = await w.admin.del('/api/unit', { unitType: 'Resource', unitNo: 'R01', code: 'KM' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'MD_IN_USE', params: { entity: 'Unit of measure', key: 'KM' } });
  });

  it('is admin-only except search; other accounts see nothing', async () => {
    for (const client of [w.basic, w.leader]) {
      expect((await client.get('/api/unit/all/Item?unitNo=1000')).status).toBe(403);
      expect((await client.get('/api/unit/single/Item?unitNo=1000&code=PCS')).status).toBe(403);
      expect((await client.post('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'Z', description: 'z' })).status).toBe(403);
      expect((await client.put('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'PCS', description: 'z' })).status).toBe(403);
      expect((await client.del('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'PCS' })).status).toBe(403);
    }
    expect((await w.otherAdmin.get('/api/unit/all/Item?unitNo=1000')).body).toEqual([]);
    expect((await w.otherAdmin.get('/api/unit/single/Item?unitNo=1000&code=PCS')).status).toBe(404);
    expect((await w.otherAdmin.put('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'PCS', description: 'z' })).status).toBe(404);
    expect((await w.otherAdmin.del('/api/unit', { unitType: 'Item', unitNo: '1000', code: 'PCS' })).status).toBe(404);
    expect((await w.otherAdmin.get('/api/unit/search?unitType=Item&unitNo=1000')).body).toEqual([]);
    const viaKey = await w.apiKey.post('/api/unit', { unitType: 'Item', unitNo: '2000', code: 'KG', description: 'Kilogram' });
    expectStatus(viaKey, 201);
  });

  it('search: units of one item/resource, active only, code or description', async () => {
    await w.admin.post('/api/unit', { unitType: 'Item', unitNo: '2000', code: 'OLD', description: 'Old unit' });
    await w.admin.put('/api/unit', { unitType: 'Item', unitNo: '2000', code: 'OLD', description: 'Old unit', active: false });
    const all = await w.basic.get('/api/unit/search?unitType=Item&unitNo=2000');
    expectStatus(all, 200);
    expect(all.body.map((u: { code: string }) => u.code)).toEqual(['KG', 'M', 'PCS']);
    expect(expectOk(await w.basic.get('/api/unit/search?unitType=Item&unitNo=2000&q=metr')).map((u: { code: string }) => u.code)).toEqual(['M']);
    expect(expectOk(await w.basic.get('/api/unit/search?unitType=Item&unitNo=2000&q=kg')).map((u: { code: string }) => u.code)).toEqual(['KG']);
    expect(fieldCodes(problemOf(await w.basic.get('/api/unit/search?unitType=Item')))).toEqual({ unitNo: ['REQUIRED'] });
  });
});
