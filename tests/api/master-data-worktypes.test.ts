import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chars, insertEntry, startWorld, type MasterDataWorld } from './master-data-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';

/** Work types (spec §5, §7). */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
  await w.admin.post('/api/customer', { no: 'C1', name: 'Cust' });
  await w.admin.post('/api/job', { code: 'J1', billToCustomerNo: 'C1' });
  // A work type's unit of measure is one of the codes the account's units have.
  await w.admin.post('/api/resource', { no: 'R9', description: 'Fitter' });
  for (const code of ['HOUR', 'KM', 'ABCDEFGHIJ']) await w.admin.post('/api/unit', { unitType: 'Resource', unitNo: 'R9', code, description: code });
});
afterAll(() => w?.app.close());

describe('/api/worktype', () => {
  it('creates, lists, reads, updates, deactivates and deletes', async () => {
    const created = await w.admin.post('/api/worktype', { accountId: 3, code: 'NORMAL', description: 'Normal hours', unitOfMeasureCode: 'HOUR' });
    expectStatus(created, 201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code: 'NORMAL',
      description: 'Normal hours',
      unitOfMeasureCode: 'HOUR',
      active: true,
      version: 1,
      updatedAt: expect.any(String),
    });
    const drive = await w.admin.post('/api/worktype', { code: 'DRIVE', description: 'Driving', unitOfMeasureCode: '' });
    expect(expectOk(drive).unitOfMeasureCode).toBe(null);

    expect(expectOk(await w.admin.get('/api/worktype')).map((t: { code: string }) => t.code)).toEqual(['DRIVE', 'NORMAL']);
    expect((await w.admin.get('/api/worktype/single?code=NORMAL')).body).toEqual(created.body);

    const updated = await w.admin.put('/api/worktype', { code: 'NORMAL', description: 'Normal', unitOfMeasureCode: null, active: false });
    expect(updated.body).toEqual({
      ...created.body,
      updatedAt: expect.any(String),
      description: 'Normal',
      unitOfMeasureCode: null,
      active: false,
      version: created.body.version + 1,
    });

    expect((await w.admin.del('/api/worktype', { code: 'NORMAL' })).status).toBe(204);
    expect((await w.admin.get('/api/worktype/single?code=NORMAL')).status).toBe(404);
  });

  it('validates as spec §5 says and answers 409 for a duplicate', async () => {
    expect(fieldCodes(problemOf(await w.admin.raw('POST', '/api/worktype', {})))).toEqual({ code: ['REQUIRED'], description: ['REQUIRED'] }); // deliberately invalid
    expect(problemOf(await w.admin.post('/api/worktype', { code: chars(11), description: 'x' })).errorCodes).toEqual({ code: [{ code: 'TOO_LONG', params: { max: '10' } }] });
    expect(fieldCodes(problemOf(await w.admin.post('/api/worktype', { code: 'A!', description: 'x' })))).toEqual({ code: ['INVALID_CHARS'] });
    expect(problemOf(await w.admin.post('/api/worktype', { code: 'B', description: chars(101) })).errorCodes).toEqual({
      description: [{ code: 'TOO_LONG', params: { max: '100' } }],
    });
    expect(problemOf(await w.admin.post('/api/worktype', { code: 'B', description: 'x', unitOfMeasureCode: chars(11) })).errorCodes).toEqual({
      unitOfMeasureCode: [{ code: 'TOO_LONG', params: { max: '10' } }],
    });
    expect((await w.admin.post('/api/worktype', { code: chars(10), description: chars(100), unitOfMeasureCode: 'ABCDEFGHIJ' })).status).toBe(201);
    const dup = await w.admin.post('/api/worktype', { code: 'DRIVE', description: 'Again' });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject({ code: 'MD_EXISTS', params: { entity: 'Work type', key: 'DRIVE' } });
  });

  it('refuses (409) to delete a work type used by open entries', async () => {
    await insertEntry(w.app, w.accountId, { jobCode: 'J1', workTypeCode: 'DRIVE' });
    const res = await w.admin.del('/api/worktype', { code: 'DRIVE' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'MD_IN_USE', params: { entity: 'Work type', key: 'DRIVE' } });
  });

  it('is admin-only except search; other accounts see nothing', async () => {
    for (const client of [w.basic, w.leader]) {
      expect((await client.get('/api/worktype')).status).toBe(403);
      expect((await client.get('/api/worktype/single?code=DRIVE')).status).toBe(403);
      expect((await client.post('/api/worktype', { code: 'X', description: 'x' })).status).toBe(403);
      expect((await client.del('/api/worktype', { code: 'DRIVE' })).status).toBe(403);
    }
    expect((await w.otherAdmin.get('/api/worktype/single?code=DRIVE')).status).toBe(404);
    expect((await w.otherAdmin.del('/api/worktype', { code: 'DRIVE' })).status).toBe(404);
    expect((await w.otherAdmin.get('/api/worktype')).body).toEqual([]);
    expect((await w.otherAdmin.get('/api/worktype/search?q=drive')).body).toEqual([]);
    expect((await w.apiKey.get('/api/worktype')).status).toBe(200);
  });

  it('search: active work types by code or description', async () => {
    await w.admin.post('/api/worktype', { code: 'OT', description: 'Overtime' });
    await w.admin.post('/api/worktype', { code: 'OLD', description: 'Old overtime' });
    await w.admin.put('/api/worktype', { code: 'OLD', description: 'Old overtime', active: false });
    expect(expectOk(await w.basic.get('/api/worktype/search?q=OVER')).map((t: { code: string }) => t.code)).toEqual(['OT']);
    expect(expectOk(await w.basic.get('/api/worktype/search?q=dri')).map((t: { code: string }) => t.code)).toEqual(['DRIVE']);
  });
});
