import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chars, insertEntry, startWorld, type MasterDataWorld } from './master-data-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';

/** Customers (spec §5, §7). */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w?.app.close());

describe('/api/customer', () => {
  it('creates, lists, reads, updates, deactivates and deletes', async () => {
    const created = await w.admin.post('/api/customer', { accountId: 1, no: 'C1000', name: ' Nordhavn Byg ApS ' });
    expectStatus(created, 201);
    expect(created.body).toEqual({ id: expect.any(Number), no: 'C1000', name: 'Nordhavn Byg ApS', active: true, version: 1, updatedAt: expect.any(String) });
    expect((await w.admin.get('/api/customer')).body).toMatchObject([created.body]);
    expect((await w.admin.get('/api/customer/single?no=C1000')).body).toMatchObject(created.body);
    const updated = await w.admin.put('/api/customer', { no: 'C1000', name: 'Nordhavn Byg A/S', active: false });
    expect(updated.body).toEqual({ ...created.body, updatedAt: expect.any(String), name: 'Nordhavn Byg A/S', active: false, version: created.body.version + 1 });
    expect((await w.admin.del('/api/customer', { no: 'C1000' })).status).toBe(204);
    expect((await w.admin.get('/api/customer')).body).toEqual([]);
  });

  it('validates as spec §5 says and answers 409 for a duplicate', async () => {
    expect(fieldCodes(problemOf(await w.admin.raw('POST', '/api/customer', {})))).toEqual({ no: ['REQUIRED'], name: ['REQUIRED'] }); // deliberately invalid
    expect(problemOf(await w.admin.post('/api/customer', { no: chars(21), name: 'x' })).errorCodes).toEqual({ no: [{ code: 'TOO_LONG', params: { max: '20' } }] });
    expect(fieldCodes(problemOf(await w.admin.post('/api/customer', { no: 'C<1>', name: 'x' })))).toEqual({ no: ['INVALID_CHARS'] });
    expect(problemOf(await w.admin.post('/api/customer', { no: 'C2', name: chars(101) })).errorCodes).toEqual({ name: [{ code: 'TOO_LONG', params: { max: '100' } }] });
    expect((await w.admin.post('/api/customer', { no: chars(20), name: chars(100) })).status).toBe(201);
    await w.admin.post('/api/customer', { no: 'C2', name: 'Two' });
    const dup = await w.admin.post('/api/customer', { no: 'C2', name: 'Again' });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject({ code: 'MD_EXISTS', params: { entity: 'Customer', key: 'C2' } });
  });

  it('refuses (409) to delete a customer with jobs or open entries', async () => {
    await w.admin.post('/api/customer', { no: 'BUSY', name: 'Busy' });
    await w.admin.post('/api/job', { code: 'JB', billToCustomerNo: 'BUSY' });
    const res = await w.admin.del('/api/customer', { no: 'BUSY' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'MD_IN_USE', params: { entity: 'Customer', key: 'BUSY' } });

    await w.admin.post('/api/customer', { no: 'ENTRY', name: 'Named on an entry' });
    await insertEntry(w.app, w.accountId, { jobCode: 'JB', customerNo: 'ENTRY' });
    expect((await w.admin.del('/api/customer', { no: 'ENTRY' })).status).toBe(409);
  });

  it('is admin-only except search; other accounts see nothing', async () => {
    for (const client of [w.basic, w.leader]) {
      expect((await client.get('/api/customer')).status).toBe(403);
      expect((await client.get('/api/customer/single?no=C2')).status).toBe(403);
      expect((await client.post('/api/customer', { no: 'X', name: 'x' })).status).toBe(403);
      expect((await client.put('/api/customer', { no: 'C2', name: 'x' })).status).toBe(403);
      expect((await client.del('/api/customer', { no: 'C2' })).status).toBe(403);
    }
    expect((await w.otherAdmin.get('/api/customer/single?no=C2')).status).toBe(404);
    expect((await w.otherAdmin.put('/api/customer', { no: 'C2', name: 'x' })).status).toBe(404);
    expect((await w.otherAdmin.del('/api/customer', { no: 'C2' })).status).toBe(404);
    expect((await w.otherAdmin.get('/api/customer')).body).toEqual([]);
    expect((await w.otherAdmin.get('/api/customer/search')).body).toEqual([]);
    expect((await w.apiKey.post('/api/customer', { no: 'ERP1', name: 'From ERP' })).status).toBe(201);
  });

  it('search: active customers by number or name; ?jobCode= gives the job’s bill-to customer', async () => {
    await w.admin.post('/api/customer', { no: 'K-1', name: 'Aarhus Kommune' });
    await w.admin.post('/api/customer', { no: 'K-2', name: 'Odense Kommune' });
    await w.admin.post('/api/customer', { no: 'K-3', name: 'Gone Kommune' });
    await w.admin.put('/api/customer', { no: 'K-3', name: 'Gone Kommune', active: false });
    await w.admin.post('/api/job', { code: 'JK', billToCustomerNo: 'K-2' });
    expect(expectOk(await w.basic.get('/api/customer/search?q=kommune')).map((c: { no: string }) => c.no)).toEqual(['K-1', 'K-2']);
    expect(expectOk(await w.basic.get('/api/customer/search?q=k-1')).map((c: { no: string }) => c.no)).toEqual(['K-1']);
    expect(expectOk(await w.basic.get('/api/customer/search?jobCode=JK')).map((c: { no: string }) => c.no)).toEqual(['K-2']);
    expect((await w.basic.get('/api/customer/search?jobCode=NONE')).body).toEqual([]);
  });
});
