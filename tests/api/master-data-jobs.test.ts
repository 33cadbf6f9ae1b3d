import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chars, insertEntry, startWorld, type MasterDataWorld } from './master-data-fixtures';
import { expectOk, expectStatus, fieldCodes, problemOf } from '../helpers/client';

/** Jobs and job tasks (spec §5, §7). */
let w: MasterDataWorld;
beforeAll(async () => {
  w = await startWorld();
  await w.admin.post('/api/customer', { no: 'C1', name: 'Nordhavn Byg' });
  await w.admin.post('/api/customer', { no: 'C2', name: 'Vestegnen' });
  await w.admin.post('/api/customer', { no: 'OFF', name: 'Inactive customer' });
  await w.admin.put('/api/customer', { no: 'OFF', name: 'Inactive customer', active: false });
  await w.otherAdmin.post('/api/customer', { no: 'X1', name: 'Other account customer' });
});
afterAll(() => w?.app.close());

describe('/api/job', () => {
  it('creates (with bill-to name), lists, reads, updates, deactivates and deletes', async () => {
    const created = await w.admin.post('/api/job', { accountId: 1, code: 'J-1001', description: 'Kitchen', billToCustomerNo: 'C1', teamCode: 'a' });
    expectStatus(created, 201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code: 'J-1001',
      description: 'Kitchen',
      billToCustomerNo: 'C1',
      billToCustomerName: 'Nordhavn Byg',
      responsibleResourceNo: null,
      startingDate: null,
      teamCode: 'A',
      active: true,
      version: 1,
      // issue 42 §3: when it last changed (for updatedSince)
      updatedAt: expect.stringMatching(/Z$/),
    });
    expect((await w.admin.get('/api/job')).body).toEqual([created.body]);
    expect((await w.admin.get('/api/job/single?code=J-1001')).body).toEqual(created.body);

    const updated = await w.admin.put('/api/job', { code: 'J-1001', description: '', billToCustomerNo: 'C2', teamCode: '', active: false });
    expectStatus(updated, 200);
    expect(updated.body).toEqual({
      ...created.body,
      description: null,
      billToCustomerNo: 'C2',
      billToCustomerName: 'Vestegnen',
      teamCode: null,
      active: false,
      version: created.body.version + 1,
      updatedAt: expect.stringMatching(/Z$/),
    });

    const erp = await w.apiKey.post('/api/job', { code: 'J-ERP', billToCustomerNo: 'C1', responsibleResourceNo: 'R01', startingDate: '2026-01-31' });
    expect(erp.body).toMatchObject({ responsibleResourceNo: 'R01', startingDate: '2026-01-31', description: null });
    // Absent extras keep their values on update.
    expect((await w.apiKey.put('/api/job', { code: 'J-ERP', billToCustomerNo: 'C1' })).body).toMatchObject({ responsibleResourceNo: 'R01', startingDate: '2026-01-31' });

    expect((await w.admin.del('/api/job', { code: 'J-1001' })).status).toBe(204);
    expect((await w.admin.get('/api/job/single?code=J-1001')).status).toBe(404);
  });

  it('validates as spec §5 says; the bill-to customer must be an active customer of the account', async () => {
    expect(fieldCodes(problemOf(await w.admin.raw('POST', '/api/job', {})))).toEqual({ code: ['REQUIRED'], billToCustomerNo: ['REQUIRED'] }); // deliberately invalid
    expect(problemOf(await w.admin.post('/api/job', { code: chars(21), billToCustomerNo: 'C1' })).errorCodes).toEqual({ code: [{ code: 'TOO_LONG', params: { max: '20' } }] });
    expect(fieldCodes(problemOf(await w.admin.post('/api/job', { code: 'J=1', billToCustomerNo: 'C1' })))).toEqual({ code: ['INVALID_CHARS'] });
    expect(problemOf(await w.admin.post('/api/job', { code: 'J2', description: chars(101), billToCustomerNo: 'C1' })).errorCodes).toEqual({
      description: [{ code: 'TOO_LONG', params: { max: '100' } }],
    });
    expect(problemOf(await w.admin.post('/api/job', { code: 'J2', billToCustomerNo: 'C1', teamCode: chars(21) })).errorCodes).toEqual({
      teamCode: [{ code: 'TOO_LONG', params: { max: '20' } }],
    });
    expect(fieldCodes(problemOf(await w.admin.post('/api/job', { code: 'J2', billToCustomerNo: 'C1', startingDate: '2026-02-30' })))).toEqual({ startingDate: ['INVALID_DATE'] });
    for (const billTo of ['NOPE', 'OFF', 'X1']) {
      const res = await w.admin.post('/api/job', { code: 'J2', billToCustomerNo: billTo });
      expectStatus(res, 400);
      expect(fieldCodes(res.body)).toEqual({ billToCustomerNo: ['BILL_TO_NOT_ACTIVE'] });
    }
    const max = await w.admin.post('/api/job', { code: chars(20), description: chars(100), billToCustomerNo: 'C1', teamCode: chars(20, 't') });
    expectStatus(max, 201);
    expect(max.body.teamCode).toBe(chars(20, 'T'));
    const dup = await w.admin.post('/api/job', { code: chars(20), billToCustomerNo: 'C1' });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject({ code: 'MD_EXISTS', params: { entity: 'Job', key: chars(20) } });
  });

  it('keeps a bill-to customer that was deactivated later, but will not switch to an inactive one', async () => {
    await w.admin.post('/api/customer', { no: 'LATER', name: 'Deactivated later' });
    await w.admin.post('/api/job', { code: 'JL', billToCustomerNo: 'LATER' });
    await w.admin.put('/api/customer', { no: 'LATER', name: 'Deactivated later', active: false });
    expect((await w.admin.put('/api/job', { code: 'JL', billToCustomerNo: 'LATER', active: false })).status).toBe(200);
    expect((await w.admin.put('/api/job', { code: 'JL', billToCustomerNo: 'OFF' })).status).toBe(400);
  });

  it('refuses (409) to delete a job with tasks or with any entry', async () => {
    await w.admin.post('/api/job', { code: 'JT', billToCustomerNo: 'C1' });
    await w.admin.post('/api/jobtask', { jobCode: 'JT', code: '100', description: 'Demolition' });
    const res = await w.admin.del('/api/job', { code: 'JT' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'MD_IN_USE', params: { entity: 'Job', key: 'JT' } });

    await w.admin.post('/api/job', { code: 'JE', billToCustomerNo: 'C1' });
    await insertEntry(w.app, w.accountId, { jobCode: 'JE', exported: true });
    expect((await w.admin.del('/api/job', { code: 'JE' })).status).toBe(409);
  });

  it('is admin-only except search; other accounts see nothing', async () => {
    for (const client of [w.basic, w.leader]) {
      expect((await client.get('/api/job')).status).toBe(403);
      expect((await client.get('/api/job/single?code=JT')).status).toBe(403);
      expect((await client.post('/api/job', { code: 'X', billToCustomerNo: 'C1' })).status).toBe(403);
      expect((await client.put('/api/job', { code: 'JT', billToCustomerNo: 'C1' })).status).toBe(403);
      expect((await client.del('/api/job', { code: 'JT' })).status).toBe(403);
    }
    expect((await w.otherAdmin.get('/api/job/single?code=JT')).status).toBe(404);
    expect((await w.otherAdmin.put('/api/job', { code: 'JT', billToCustomerNo: 'X1' })).status).toBe(404);
    expect((await w.otherAdmin.del('/api/job', { code: 'JT' })).status).toBe(404);
    expect((await w.otherAdmin.get('/api/job')).body).toEqual([]);
    expect((await w.otherAdmin.get('/api/job/search')).body).toEqual([]);
  });

  it('search: active jobs by code or description; ?customerNo= filters by bill-to', async () => {
    await w.admin.post('/api/job', { code: 'S-1', description: 'Roof repair', billToCustomerNo: 'C1' });
    await w.admin.post('/api/job', { code: 'S-2', description: 'New roof', billToCustomerNo: 'C2' });
    await w.admin.post('/api/job', { code: 'S-3', description: 'Old roof', billToCustomerNo: 'C2' });
    await w.admin.put('/api/job', { code: 'S-3', description: 'Old roof', billToCustomerNo: 'C2', active: false });
    const res = await w.basic.get('/api/job/search?q=ROOF');
    expect(expectOk(res).map((j: { code: string }) => j.code)).toEqual(['S-1', 'S-2']);
    expect(expectOk(res)[0]?.billToCustomerName).toBe('Nordhavn Byg');
    expect(expectOk(await w.basic.get('/api/job/search?q=roof&customerNo=C2')).map((j: { code: string }) => j.code)).toEqual(['S-2']);
    expect(expectOk(await w.basic.get('/api/job/search?q=s-&limit=1')).map((j: { code: string }) => j.code)).toEqual(['S-1']);
  });
});

describe('/api/jobtask', () => {
  it('creates, lists per job, reads, updates, deactivates and deletes', async () => {
    await w.admin.post('/api/job', { code: 'JOB', billToCustomerNo: 'C1' });
    const created = await w.admin.post('/api/jobtask', { accountId: 1, jobCode: 'JOB', code: ' 200 ', description: 'Installation' });
    expectStatus(created, 201);
    expect(created.body).toEqual({ id: expect.any(Number), jobCode: 'JOB', code: '200', description: 'Installation', active: true, version: 1, updatedAt: expect.any(String) });
    await w.admin.post('/api/jobtask', { jobCode: 'JOB', code: '100', description: 'Demolition' });
    expect(expectOk(await w.admin.get('/api/jobtask/all?jobCode=JOB')).map((t: { code: string }) => t.code)).toEqual(['100', '200']);
    expect((await w.admin.get('/api/jobtask/single?jobCode=JOB&code=200')).body).toEqual(created.body);
    const updated = await w.admin.put('/api/jobtask', { jobCode: 'JOB', code: '200', description: 'Install', active: false });
    expect(updated.body).toEqual({ ...created.body, updatedAt: expect.any(String), description: 'Install', active: false, version: created.body.version + 1 });
    expect((await w.admin.del('/api/jobtask', { jobCode: 'JOB', code: '200' })).status).toBe(204);
    expect((await w.admin.get('/api/jobtask/single?jobCode=JOB&code=200')).status).toBe(404);
    expect((await w.admin.get('/api/jobtask/all?jobCode=NOPE')).status).toBe(404);
  });

  it('validates, needs the job (404) and answers 409 for a duplicate', async () => {
    expect(fieldCodes(problemOf(await w.admin.raw('POST', '/api/jobtask', {})))).toEqual({ jobCode: ['REQUIRED'], code: ['REQUIRED'], description: ['REQUIRED'] }); // deliberately invalid
    expect(problemOf(await w.admin.post('/api/jobtask', { jobCode: 'JOB', code: chars(21), description: 'x' })).errorCodes).toEqual({
      code: [{ code: 'TOO_LONG', params: { max: '20' } }],
    });
    expect(problemOf(await w.admin.post('/api/jobtask', { jobCode: 'JOB', code: '1', description: chars(101) })).errorCodes).toEqual({
      description: [{ code: 'TOO_LONG', params: { max: '100' } }],
    });
    expect((await w.admin.post('/api/jobtask', { jobCode: 'JOB', code: chars(20), description: chars(100) })).status).toBe(201);
    expect((await w.admin.post('/api/jobtask', { jobCode: 'NOPE', code: '1', description: 'x' })).status).toBe(404);
    const dup = await w.admin.post('/api/jobtask', { jobCode: 'JOB', code: '100', description: 'Again' });
    expectStatus(dup, 409);
    expect(dup.body).toMatchObject({ code: 'MD_EXISTS_FOR', params: { entity: 'Job task', key: '100', parent: 'Job', parentKey: 'JOB' } });
  });

  it('refuses (409) to delete a task used by open entries', async () => {
    await insertEntry(w.app, w.accountId, { jobCode: 'JOB', jobTaskCode: '100' });
    const res = await w.admin.del('/api/jobtask', { jobCode: 'JOB', code: '100' });
    expectStatus(res, 409);
    expect(res.body).toMatchObject({ code: 'MD_IN_USE', params: { entity: 'Job task', key: '100' } });
  });

  it('is admin-only except search; other accounts see nothing', async () => {
    for (const client of [w.basic, w.leader]) {
      expect((await client.get('/api/jobtask/all?jobCode=JOB')).status).toBe(403);
      expect((await client.post('/api/jobtask', { jobCode: 'JOB', code: '9', description: 'x' })).status).toBe(403);
      expect((await client.del('/api/jobtask', { jobCode: 'JOB', code: '100' })).status).toBe(403);
    }
    expect((await w.otherAdmin.get('/api/jobtask/all?jobCode=JOB')).status).toBe(404);
    expect((await w.otherAdmin.get('/api/jobtask/single?jobCode=JOB&code=100')).status).toBe(404);
    expect((await w.otherAdmin.post('/api/jobtask', { jobCode: 'JOB', code: '9', description: 'x' })).status).toBe(404);
    expect((await w.otherAdmin.get('/api/jobtask/search?jobCode=JOB')).body).toEqual([]);
    expect((await w.apiKey.post('/api/jobtask', { jobCode: 'JOB', code: 'ERP', description: 'From ERP' })).status).toBe(201);
  });

  it('search: active tasks of one job', async () => {
    await w.admin.post('/api/jobtask', { jobCode: 'JOB', code: '300', description: 'Painting' });
    await w.admin.put('/api/jobtask', { jobCode: 'JOB', code: '300', description: 'Painting', active: false });
    const res = await w.basic.get('/api/jobtask/search?jobCode=JOB');
    expect(expectOk(res).map((t: { code: string }) => t.code)).toEqual(['100', chars(20), 'ERP']);
    expect(expectOk(await w.basic.get('/api/jobtask/search?jobCode=JOB&q=demo')).map((t: { code: string }) => t.code)).toEqual(['100']);
    expect(fieldCodes(problemOf(await w.basic.get('/api/jobtask/search')))).toEqual({ jobCode: ['REQUIRED'] });
  });
});
