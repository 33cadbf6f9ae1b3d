import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, png, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, fieldCodes } from '../helpers/client';

/**
 * REST contract of the worksheet (spec §7, issue 4): modes and scopes, rights per role, locking,
 * optimistic versions, the audit trail. Validation and attachments have their own files.
 */
let app: TestApp;
let w: WorksheetWorld;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app);
});
afterAll(() => app?.close());

type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- loosely typed JSON
const allRecords = (groups: Array<{ worksheet: Rec[] }>) => groups.flatMap((g) => g.worksheet);

async function create(client: WorksheetWorld['c'][keyof WorksheetWorld['c']], fields: Record<string, unknown>) {
  const res = await client.request('POST', '/api/worksheet', form(fields));
  expectStatus(res, 201);
  return res.body as Rec;
}

describe('create and read', () => {
  it('creates a time-mode resource entry: quantity is the hours between the times, names are copied', async () => {
    const rec = await create(w.c.basicA, { ...timeEntry(), quantity: '99' });
    expect(rec).toMatchObject({
      username: 'wsbasica',
      date: '2026-11-20',
      customerNo: 'C1000',
      customerName: 'Nordhavn Byg ApS',
      jobCode: 'J-1001',
      jobDescription: 'Kitchen renovation, Strandvejen 12',
      jobTaskCode: '100',
      jobTaskDescription: 'Demolition',
      locationCode: 'CPH',
      workTypeCode: 'NORMAL',
      workTypeDescription: 'Normal hours',
      unitType: 'Resource',
      unitNo: 'R01',
      unitDescription: 'Carpenter',
      timeFrom: '08:00',
      timeTo: '12:30',
      quantity: 4.5,
      unitOfMeasureCode: 'HOUR',
      unitOfMeasureDescription: 'Hour',
      attachments: [],
      approvedBy: null,
      approvedDateTime: null,
      modifiedBy: 'wsbasica',
      version: 1,
      exported: false,
      canManage: true,
      canApprove: false,
      canViewHistory: false,
    });
    expect(rec.accountId).toBe(w.accountId);
    const got = await w.c.basicA.get(`/api/worksheet/${rec.id}`);
    expectStatus(got, 200);
    expect(got.body).toEqual(rec);
  });

  it('accepts JSON too, and HHmm / HH:mm:ss times', async () => {
    const res = await w.c.basicA.post('/api/worksheet', timeEntry({ timeFrom: '0715', timeTo: '09:45:00', date: '2026-11-19' }));
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ timeFrom: '07:15', timeTo: '09:45', quantity: 2.5 });
  });

  it('ignores the body accountId: the record lands in the caller’s account', async () => {
    const rec = await create(w.c.basicA, { ...itemEntry(), accountId: w.otherAccountId });
    expect(rec.accountId).toBe(w.accountId);
    expect(rec.timeFrom).toBeNull();
    expect(rec.quantity).toBe(3);
  });

  it('fills the customer from the job when the account hides customers', async () => {
    await app.db.updateTable('account').set({ showCustomer: false }).where('id', '=', w.accountId).execute();
    try {
      const rec = await create(w.c.basicA, itemEntry({ customerNo: null, date: '2026-11-18' }));
      expect(rec).toMatchObject({ customerNo: 'C1000', customerName: 'Nordhavn Byg ApS' });
    } finally {
      await app.db.updateTable('account').set({ showCustomer: true }).where('id', '=', w.accountId).execute();
    }
  });

  it('lists the caller’s unexported entries grouped by day, newest day first', async () => {
    const res = await w.c.basicA.get('/api/worksheet?mode=YOURS');
    expectStatus(res, 200);
    const keys = (res.body as Array<{ key: string }>).map((g) => g.key);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(keys[0]).toBe('2026-11-21');
    for (const g of res.body as Array<{ key: string; worksheet: Rec[] }>) for (const r of g.worksheet) expect(r.date).toBe(g.key);
    expect(allRecords(res.body).every((r) => r.username === 'wsbasica')).toBe(true);
  });

  it('the default mode is YOURS, and a Basic user always gets YOURS', async () => {
    await create(w.c.basicA2, itemEntry({ description: 'basica2 screws' }));
    for (const q of ['', '?mode=TEAM', '?mode=ALL'] as const) {
      const res = await w.c.basicA.get(`/api/worksheet${q}`);
      expectStatus(res, 200);
      expect(allRecords(res.body).every((r) => r.username === 'wsbasica')).toBe(true);
    }
  });

  it('rejects an unknown mode', async () => {
    const res = await w.c.leadA.get('/api/worksheet?mode=EVERYTHING');
    expectStatus(res, 400);
  });
});

describe('modes and scopes', () => {
  let onTeamBJob: Rec;
  beforeAll(async () => {
    // basica (team A) logs on a team B job: visible to leader B by the job's team.
    onTeamBJob = await create(w.c.basicA, itemEntry({ jobCode: 'J-1002', jobTaskCode: '100', description: 'Roof screws' }));
    await create(w.c.basicB, itemEntry({ jobCode: 'J-3001', customerNo: 'C3000', jobTaskCode: null, description: 'basicb on no-team job' }));
  });

  it('TEAM = owner in the viewer’s team, or the job in it', async () => {
    const a = allRecords(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM')));
    expect(a.some((r) => r.username === 'wsbasica')).toBe(true);
    expect(a.some((r) => r.username === 'wsbasica2')).toBe(true);
    expect(a.some((r) => r.username === 'wsbasicb')).toBe(false);
    const b = allRecords(expectOk(await w.c.leadB.get('/api/worksheet?mode=TEAM')));
    expect(b.map((r) => r.id)).toContain(onTeamBJob.id);
    expect(b.some((r) => r.username === 'wsbasicb')).toBe(true);
    expect(b.filter((r) => r.username === 'wsbasica').map((r) => r.id)).toEqual([onTeamBJob.id]);
    expect(b.every((r) => r.canApprove && r.canManage)).toBe(true);
  });

  it('ALL is for admins only', async () => {
    expect((await w.c.leadA.get('/api/worksheet?mode=ALL')).status).toBe(403);
    const all = allRecords(expectOk(await w.c.admin.get('/api/worksheet?mode=ALL')));
    expect(new Set(all.map((r) => r.username))).toEqual(new Set(['wsbasica', 'wsbasica2', 'wsbasicb']));
  });

  it('a record outside one’s scope is 404, as is another account’s', async () => {
    expect((await w.c.basicB.get(`/api/worksheet/${onTeamBJob.id}`)).status).toBe(404);
    expect((await w.c.leadB.get(`/api/worksheet/${onTeamBJob.id}`)).status).toBe(200);
    expect((await w.c.otherAdmin.get(`/api/worksheet/${onTeamBJob.id}`)).status).toBe(404);
    expect((await w.c.otherAdmin.put('/api/worksheet/approve', { id: onTeamBJob.id, isApproved: true })).status).toBe(404);
    expect((await w.c.otherAdmin.del('/api/worksheet', { id: onTeamBJob.id, accountId: w.accountId })).status).toBe(404);
    expect((await w.c.otherAdmin.put('/api/worksheet', { ...itemEntry(), id: onTeamBJob.id })).status).toBe(404);
    expect((await w.c.otherAdmin.get(`/api/worksheet/${onTeamBJob.id}/history`)).status).toBe(404);
    expect((await w.c.otherAdmin.get('/api/worksheet?mode=ALL')).body).toEqual([]);
  });

  it('needs a login', async () => {
    expect((await app.anonymous().get('/api/worksheet')).status).toBe(401);
    expect((await app.anonymous().request('POST', '/api/worksheet', form(itemEntry()))).status).toBe(401);
  });
});

describe('who may create for whom', () => {
  it('Basic only for themselves', async () => {
    const res = await w.c.basicA.request('POST', '/api/worksheet', form({ ...itemEntry(), username: 'wsbasica2' }));
    expectStatus(res, 403);
    const own = await w.c.basicA.request('POST', '/api/worksheet', form({ ...itemEntry(), username: 'WSBASICA' }));
    expectStatus(own, 201);
  });

  it('Teamleader for the users of their team', async () => {
    const ok = await create(w.c.leadA, { ...itemEntry(), username: 'wsbasica2' });
    expect(ok).toMatchObject({ username: 'wsbasica2', createdBy: 'wsleada', modifiedBy: 'wsleada', canManage: true, canApprove: true });
    expect((await w.c.leadA.request('POST', '/api/worksheet', form({ ...itemEntry(), username: 'wsbasicb' }))).status).toBe(403);
  });

  it('Admin and the API key for any active user of the account', async () => {
    expect((await create(w.c.admin, { ...itemEntry(), username: 'wsbasicb' })).username).toBe('wsbasicb');
    const { client } = await app.apiKeyClient(w.accountId);
    const noUser = await client.post('/api/worksheet', itemEntry());
    expectStatus(noUser, 400);
    expect(fieldCodes(noUser.body).username).toEqual(['REQUIRED']);
    const viaKey = await client.post('/api/worksheet', { ...itemEntry(), username: 'wsbasicb' });
    expectStatus(viaKey, 201);
    expect(viaKey.body).toMatchObject({ username: 'wsbasicb', createdBy: 'API' });
    const unknown = await client.post('/api/worksheet', { ...itemEntry(), username: 'nobody' });
    expectStatus(unknown, 400);
    expect(unknown.body.errorCodes?.username).toEqual([{ code: 'CANNOT_BE', params: { field: 'User', value: 'nobody' } }]);
    const otherAccountUser = await client.post('/api/worksheet', { ...itemEntry(), username: 'wsotheradmin' });
    expectStatus(otherAccountUser, 400);
  });
});

describe('manage, approve, lock', () => {
  let rec: Rec;
  beforeAll(async () => {
    rec = await create(w.c.basicA, itemEntry({ description: 'to be approved', date: '2026-11-10' }));
  });

  it('Basic cannot approve, not even their own', async () => {
    const res = await w.c.basicA.put('/api/worksheet/approve', { id: rec.id, accountId: w.accountId, isApproved: true });
    expectStatus(res, 403);
  });

  it('a Teamleader of another team cannot approve or see it', async () => {
    expect((await w.c.leadB.put('/api/worksheet/approve', { id: rec.id, isApproved: true })).status).toBe(404);
  });

  it('the team leader approves; the record is locked for edit and delete', async () => {
    const res = await w.c.leadA.put('/api/worksheet/approve', { id: rec.id, accountId: w.accountId, isApproved: true });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ approvedBy: 'wsleada', canManage: false, canApprove: true, version: rec.version + 1 });
    expect(Date.parse(res.body.approvedDateTime ?? '')).not.toBeNaN();
    const edit = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id, description: 'changed' }));
    expectStatus(edit, 409);
    expect(edit.body.code).toBe('APPROVED_LOCKED');
    expect((await w.c.leadA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id }))).status).toBe(409);
    expect((await w.c.admin.del('/api/worksheet', { id: rec.id })).status).toBe(409);
    const seen = await w.c.basicA.get(`/api/worksheet/${rec.id}`);
    expect(seen.body).toMatchObject({ canManage: false, canApprove: false });
    // approving again changes nothing
    const again = await w.c.leadA.put('/api/worksheet/approve', { id: rec.id, isApproved: 'true' });
    expect(expectOk(again).version).toBe(res.body.version);
  });

  it('unapprove unlocks it', async () => {
    const res = await w.c.admin.put('/api/worksheet/approve', { id: rec.id, isApproved: false });
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ approvedBy: null, approvedDateTime: null });
    const own = await w.c.basicA.get(`/api/worksheet/${rec.id}`);
    expect(expectOk(own).canManage).toBe(true);
  });

  it('the owner loses the record once someone else modified it; the history shows who changed what', async () => {
    const current = (await w.c.basicA.get(`/api/worksheet/${rec.id}`)).body as Rec;
    const edit = await w.c.leadA.request(
      'PUT',
      '/api/worksheet',
      form({ ...itemEntry({ date: '2026-11-10' }), id: rec.id, version: current.version, quantity: '7', description: 'fixed by leader' }),
    );
    expectStatus(edit, 200);
    expect(edit.body).toMatchObject({
      quantity: 7,
      description: 'fixed by leader',
      modifiedBy: 'wsleada',
      username: 'wsbasica',
      canViewHistory: true,
      version: current.version + 1,
    });
    const owner = await w.c.basicA.get(`/api/worksheet/${rec.id}`);
    expect(owner.body).toMatchObject({ canManage: false, canViewHistory: false });
    const ownerEdit = await w.c.basicA.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id }));
    expectStatus(ownerEdit, 403);
    expect((await w.c.basicA.del('/api/worksheet', { id: rec.id })).status).toBe(403);

    const hist = await w.c.leadA.get(`/api/worksheet/${rec.id}/history`);
    expectStatus(hist, 200);
    const actions = (hist.body as Rec[]).map((h) => `${h.action}:${h.username}`);
    expect(actions).toEqual(['create:wsbasica', 'approve:wsleada', 'unapprove:wsadmin', 'update:wsleada']);
    const update = (hist.body as Rec[])[3]!;
    expect(update.changes).toEqual({ quantity: { from: 3, to: 7 }, description: { from: 'to be approved', to: 'fixed by leader' } });
    expect((hist.body as Rec[])[1]!.changes).toEqual({ approvedBy: { from: null, to: 'wsleada' } });
    expect((hist.body as Rec[])[0]!.changes.description).toEqual({ from: null, to: 'to be approved' });
  });

  it('a stale version answers 409 instead of overwriting', async () => {
    const current = (await w.c.leadA.get(`/api/worksheet/${rec.id}`)).body as Rec;
    const stale = await w.c.admin.request(
      'PUT',
      '/api/worksheet',
      form({ ...itemEntry({ date: '2026-11-10' }), id: rec.id, version: current.version - 1, description: 'lost update' }),
    );
    expectStatus(stale, 409);
    expect(stale.body.code).toBe('STALE');
    expect(expectOk(await w.c.leadA.get(`/api/worksheet/${rec.id}`)).description).toBe('fixed by leader');
  });

  it('a Teamleader of the team deletes it (204); it is gone; the trail keeps the delete', async () => {
    const res = await w.c.leadA.del('/api/worksheet', { id: rec.id, accountId: w.accountId });
    expectStatus(res, 204);
    expect(res.text).toBe('');
    expect((await w.c.leadA.get(`/api/worksheet/${rec.id}`)).status).toBe(404);
    expect((await w.c.leadA.del('/api/worksheet', { id: rec.id })).status).toBe(404);
    const trail = await app.db.selectFrom('worksheetHistory').select(['action', 'username']).where('worksheetId', '=', rec.id).orderBy('id').execute();
    expect(trail.at(-1)).toEqual({ action: 'delete', username: 'wsleada' });
  });

  it('Admin manages any record of the account', async () => {
    const r = await create(w.c.basicB, itemEntry({ jobCode: 'J-3001', customerNo: 'C3000', jobTaskCode: null }));
    expect((await w.c.leadA.get(`/api/worksheet/${r.id}`)).status).toBe(404);
    const edit = await w.c.admin.request(
      'PUT',
      '/api/worksheet',
      form({ ...itemEntry({ jobCode: 'J-3001', customerNo: 'C3000', jobTaskCode: null }), id: r.id, version: r.version, quantity: '5' }),
    );
    expectStatus(edit, 200);
    expect((await w.c.admin.del('/api/worksheet', { id: r.id })).status).toBe(204);
  });
});

describe('exported records are read-only', () => {
  it('edit, delete and approve answer 409; the list hides them; the archive shows them', async () => {
    const rec = await create(w.c.basicA, itemEntry({ date: '2026-03-05', description: 'exported one' }));
    await app.db.updateTable('worksheetRecord').set({ exported: true, exportedBy: 'wsadmin', exportedAt: new Date() }).where('id', '=', rec.id).execute();
    const put = await w.c.admin.request('PUT', '/api/worksheet', form({ ...itemEntry(), id: rec.id }));
    expectStatus(put, 409);
    expect(put.body.code).toBe('EXPORTED_LOCKED');
    expect((await w.c.admin.del('/api/worksheet', { id: rec.id })).status).toBe(409);
    expect((await w.c.admin.put('/api/worksheet/approve', { id: rec.id, isApproved: true })).status).toBe(409);

    const list = allRecords(expectOk(await w.c.basicA.get('/api/worksheet')));
    expect(list.some((r) => r.id === rec.id)).toBe(false);
    const archive = await w.c.basicA.get('/api/worksheet?mode=YOURS&exported=true&from=2026-03-01&to=2026-03-31');
    expectStatus(archive, 200);
    expect(allRecords(archive.body).map((r) => r.id)).toEqual([rec.id]);
    expect(allRecords(archive.body)[0]).toMatchObject({ exported: true, canManage: false, canApprove: false });
    // the range is inclusive, and filters by customer and job
    expect(allRecords(expectOk(await w.c.basicA.get('/api/worksheet?exported=true&from=2026-03-05&to=2026-03-05')))).toHaveLength(1);
    expect(allRecords(expectOk(await w.c.basicA.get('/api/worksheet?exported=true&from=2026-03-06&to=2026-03-31')))).toHaveLength(0);
    expect(allRecords(expectOk(await w.c.basicA.get('/api/worksheet?exported=true&customerNo=C1000&jobCode=J-1001')))).toHaveLength(1);
    expect(allRecords(expectOk(await w.c.basicA.get('/api/worksheet?exported=true&customerNo=C2000')))).toHaveLength(0);
    expect((await w.c.basicA.get('/api/worksheet?exported=true&from=2026-04-01&to=2026-03-01')).status).toBe(400);
    // TEAM and ALL work for the archive too
    expect(allRecords(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&exported=true'))).map((r) => r.id)).toContain(rec.id);
    expect(allRecords(expectOk(await w.c.admin.get('/api/worksheet?mode=ALL&exported=true'))).map((r) => r.id)).toContain(rec.id);
  });
});

describe('queries per list request', () => {
  it('is constant: records + attachments, whatever the number of records', async () => {
    const photo = await png();
    for (let i = 0; i < 3; i += 1) {
      await w.c.basicA2.request('POST', '/api/worksheet', form(itemEntry({ date: `2026-10-0${i + 1}` }), [{ name: `p${i}.png`, data: photo }]));
    }
    const count = async () => {
      const before = queries;
      const res = await w.c.admin.get('/api/worksheet?mode=ALL');
      expectStatus(res, 200);
      return { n: queries - before, records: allRecords(res.body).length };
    };
    let queries = 0;
    const original = app.db.getExecutor().executeQuery.bind(app.db.getExecutor());
    const executor = app.db.getExecutor() as unknown as { executeQuery: typeof original };
    executor.executeQuery = (q, ...rest) => {
      queries += 1;
      return original(q, ...rest);
    };
    try {
      const small = await count();
      for (let i = 0; i < 10; i += 1) await create(w.c.basicA2, itemEntry({ date: `2026-09-${String(i + 10)}` }));
      const big = await count();
      expect(big.records).toBeGreaterThan(small.records);
      // Ten more records cost no more queries (an N+1 would add ten). One may differ: a session
      // whose sliding expiry is due is refreshed by an extra update, whenever that falls.
      expect(Math.abs(big.n - small.n)).toBeLessThanOrEqual(1);
      // session look-up + records + attachments
      expect(big.n).toBeLessThanOrEqual(4);
    } finally {
      executor.executeQuery = original;
    }
  });
});
