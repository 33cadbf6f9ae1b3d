import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectStatus, problemOf, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import type { TImportReport } from '../../src/shared/schemas/import';

/** Issue 42 §3, §5: the bulk upsert, updatedSince on the master-data lists, the import record and its report. */
let app: TestApp;
let accountId: number;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  accountId = await app.createAccount('BLK', 'blkadmin');
  const otherAccount = await app.createAccount('BLO', 'bloadmin');
  void otherAccount;
  [admin, other] = await Promise.all([app.login('blkadmin'), app.login('bloadmin')]);
});
afterAll(() => app?.close());

const q = encodeURIComponent;
const statuses = (r: TImportReport) => r.rows.map((x) => `${x.row}:${x.key}:${x.status}`);

describe('PUT /api/<entity>/bulk', () => {
  it('creates, changes, leaves alone and refuses per record, with the file import’s report', async () => {
    const first = expectOk(
      await admin.put('/api/customer/bulk', {
        records: [
          { no: 'B100', name: 'Nordhavn Byg' },
          { no: 'B200', name: 'Vestegnen', active: false },
        ],
      }),
    );
    expect(first).toMatchObject({ dryRun: false, fileKind: 'json', importId: expect.any(Number), counts: { rows: 2, created: 2, refused: 0 } });

    const records: Array<Record<string, string | boolean>> = [
      { no: 'B100', name: 'Nordhavn Byg' },
      { no: 'B200', name: 'Vestegnen Tømrer', active: true },
      { no: 'B300', name: 'Østerbro VVS' },
      { no: 'B300', name: 'twice' },
      { no: 'FAR-TOO-LONG-A-CUSTOMER-NUMBER', name: 'x' },
      { no: 'B400' },
    ];
    const dry = expectOk(await admin.put('/api/customer/bulk', { dryRun: true, records }));
    expect(dry).toMatchObject({ dryRun: true, importId: null, counts: { rows: 6, created: 1, changed: 1, unchanged: 1, refused: 3 } });
    expect(statuses(dry)).toEqual(['1:B100:unchanged', '2:B200:changed', '3:B300:created', '4:B300:refused', '5:FAR-TOO-LONG-A-CUSTOMER-NUMBER:refused', '6:B400:refused']);
    expect(dry.rows[1]!.changes).toEqual([
      { field: 'name', old: 'Vestegnen', new: 'Vestegnen Tømrer' },
      { field: 'active', old: 'false', new: 'true' },
    ]);
    expect(dry.rows[3]!.errors[0]).toMatchObject({ column: 'no', field: 'no', error: { code: 'IMPORT_DUPLICATE' } });
    expect(dry.rows[4]!.errors[0]).toMatchObject({ field: 'no', error: { code: 'TOO_LONG' } });
    expect(dry.rows[5]!.errors[0]).toMatchObject({ field: 'name', error: { code: 'REQUIRED' } });
    // the dry run wrote nothing
    expect(expectOk(await admin.get('/api/customer')).map((c) => c.no)).toEqual(['B100', 'B200']);

    const applied = expectOk(await admin.put('/api/customer/bulk', { records }));
    expect(applied.counts).toMatchObject({ created: 1, changed: 1, unchanged: 1, refused: 3 });
    expect(expectOk(await admin.get('/api/customer')).map((c) => [c.no, c.name, c.active])).toEqual([
      ['B100', 'Nordhavn Byg', true],
      ['B200', 'Vestegnen Tømrer', true],
      ['B300', 'Østerbro VVS', true],
    ]);
    const again = expectOk(await admin.put('/api/customer/bulk', { records: records.slice(0, 3) }));
    expect(again.counts).toMatchObject({ unchanged: 3, created: 0, changed: 0 });
  });

  it('items with their base unit, then units, jobs with the bill-to rule and tasks with a missing job refused per record', async () => {
    const items = expectOk(
      await admin.put('/api/item/bulk', {
        records: [
          { no: 'I1', description: 'Cement', baseUnitOfMeasure: 'SÆK' },
          { no: 'I2', description: 'Sand', baseUnitOfMeasure: 'KG' },
        ],
      }),
    );
    expect(items.counts.created).toBe(2);
    const units = expectOk(
      await admin.put('/api/itemunit/bulk', {
        records: [
          { unitNo: 'I1', code: 'PALLE', description: 'Palle' },
          { unitNo: 'NOPE', code: 'STK' },
        ],
      }),
    );
    expect(statuses(units)).toEqual(['1:I1 / PALLE:created', '2:NOPE / STK:refused']);
    expect(units.rows[1]!.errors[0]!.error.code).toBe('IMPORT_PARENT_MISSING');
    expect(expectOk(await admin.get('/api/unit/all/Item?unitNo=I1')).map((u) => u.code)).toEqual(['PALLE', 'SÆK']);

    const jobs = expectOk(
      await admin.put('/api/job/bulk', {
        records: [
          { code: 'J1', description: 'Havnen', billToCustomerNo: 'B100' },
          { code: 'J2', billToCustomerNo: 'NOBODY' },
        ],
      }),
    );
    expect(statuses(jobs)).toEqual(['1:J1:created', '2:J2:refused']);
    expect(jobs.rows[1]!.errors[0]!.error.code).toBe('BILL_TO_NOT_ACTIVE');
    const tasks = expectOk(
      await admin.put('/api/jobtask/bulk', {
        records: [
          { jobCode: 'J1', code: '100', description: 'Støbning' },
          { jobCode: 'J2', code: '100', description: 'x' },
        ],
      }),
    );
    expect(statuses(tasks)).toEqual(['1:J1 / 100:created', '2:J2 / 100:refused']);
  });

  it('an Idempotency-Key replays the first report and runs once', async () => {
    const body = { records: [{ code: 'L1', name: 'Lager' }] };
    const first = await admin.raw('PUT', '/api/location/bulk', body, { 'Idempotency-Key': 'bulk-1' });
    expectStatus(first, 200);
    const again = await admin.raw('PUT', '/api/location/bulk', body, { 'Idempotency-Key': 'bulk-1' });
    expectStatus(again, 200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(expectOk(await admin.get('/api/import')).filter((r) => r.fileName === 'PUT /api/location/bulk')).toHaveLength(1);
    // the same key with another body: 422
    const other = await admin.raw('PUT', '/api/location/bulk', { records: [{ code: 'L2' }] }, { 'Idempotency-Key': 'bulk-1' });
    expect(other.status).toBe(422);
  });

  it('refuses more than 5 000 records and an empty array with a code; users never get a password', async () => {
    const many = Array.from({ length: 5001 }, (_, i) => ({ code: `W${i}`, description: 'x' }));
    // deliberately too many records
    const res = await admin.raw('PUT', '/api/worktype/bulk', { records: many });
    expect(res.status).toBe(400);
    expect(problemOf(res).errorCodes?.records?.[0]).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', params: { max: '5000' } });
    // deliberately empty
    const empty = await admin.raw('PUT', '/api/worktype/bulk', { records: [] });
    expect(problemOf(empty).errorCodes?.records?.[0]?.code).toBe('IMPORT_EMPTY');

    const users = expectOk(await admin.put('/api/user/bulk', { records: [{ username: 'bulkuser', profileType: 'Basic', password: 'Secret-pass-1' }] }));
    expect(users.columns).toContainEqual({ caption: 'password', field: null });
    expect((await app.anonymous().post('/api/user/login', { username: 'bulkuser', password: 'Secret-pass-1' })).status).toBe(401);
  });
});

describe('updatedSince on the master-data lists', () => {
  it('shows what was created, changed or deactivated since; nothing since → empty', async () => {
    const before = expectOk(await admin.get('/api/customer'));
    const since = before
      .map((c) => c.updatedAt!)
      .sort()
      .at(-1)!;
    expect(since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(expectOk(await admin.get(`/api/customer?updatedSince=${q(since)}`))).toEqual([]);

    expectOk(await admin.post('/api/customer', { no: 'S1', name: 'Ny' }));
    expectOk(await admin.put('/api/customer', { no: 'B100', name: 'Nordhavn Byg ApS' }));
    expectOk(await admin.put('/api/customer/bulk', { records: [{ no: 'B300', name: 'Østerbro VVS', active: false }] }));
    const changed = expectOk(await admin.get(`/api/customer?updatedSince=${q(since)}`));
    expect(changed.map((c) => [c.no, c.active])).toEqual(
      [
        ['B100', true],
        ['S1', true],
        ['B300', false],
      ].sort(),
    );
    const next = changed
      .map((c) => c.updatedAt!)
      .sort()
      .at(-1)!;
    expect(expectOk(await admin.get(`/api/customer?updatedSince=${q(next)}`))).toEqual([]);

    // the other lists take it too
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(expectOk(await admin.get(`/api/item?updatedSince=${q(later)}`))).toEqual([]);
    expect(expectOk(await admin.get(`/api/job?updatedSince=${q(since)}`)).map((j) => j.code)).toEqual(['J1']);
    expect(expectOk(await admin.get(`/api/jobtask/all?updatedSince=${q(since)}`)).map((t) => t.code)).toEqual(['100']);
    expect(expectOk(await admin.get(`/api/location?updatedSince=${q(later)}`))).toEqual([]);
    expect(expectOk(await admin.get(`/api/worktype?updatedSince=${q(later)}`))).toEqual([]);
    expect(expectOk(await admin.get(`/api/user?updatedSince=${q(since)}`)).map((u) => u.username)).toEqual(['bulkuser']);
    expect(expectOk(await admin.get(`/api/unit/all/Item?updatedSince=${q(later)}`))).toEqual([]);
    // deliberately not a timestamp
    const bad = await admin.raw('GET', '/api/customer?updatedSince=yesterday');
    expect(bad.status).toBe(400);
    expect(problemOf(bad).errorCodes?.updatedSince?.[0]?.code).toBe('INVALID_FORMAT');
  });
});

describe('the import record', () => {
  it('lists applied imports as done with their counts; the report downloads as JSON, CSV and xlsx; another account’s is 404', async () => {
    const runs = expectOk(await admin.get('/api/import'));
    const run = runs.find((r) => r.entity === 'customer' && r.counts.refused === 3)!;
    expect(run).toMatchObject({ source: 'bulk', status: 'done', progress: null, error: null, finishedAt: expect.any(String) });
    const json = await admin.raw('GET', `/api/import/${run.id}/report?format=json`);
    expect(json.status).toBe(200);
    expect((json.body as unknown as TImportReport).counts).toMatchObject({ created: 1, changed: 1, refused: 3 });
    const csv = await admin.raw('GET', `/api/import/${run.id}/report?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = typeof csv.body === 'string' ? csv.body : JSON.stringify(csv.body);
    expect(text).toContain('IMPORT_DUPLICATE');
    const xlsx = await admin.raw('GET', `/api/import/${run.id}/report`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect((await other.raw('GET', `/api/import/${run.id}/report?format=json`)).status).toBe(404);
  });

  it('a running import is listed as running; one left by a gone process fails after 30 minutes', async () => {
    const [row] = await app.db
      .insertInto('importRun')
      .values({ accountId, entity: 'item', fileName: 'big.xlsx', createdBy: 'blkadmin', createdByUserId: null, rowCount: 20000, status: 'running' })
      .returning('id')
      .execute();
    expect(expectOk(await admin.get('/api/import')).find((r) => r.id === row!.id)).toMatchObject({ status: 'running', progress: null, finishedAt: null });
    expect((await admin.raw('GET', `/api/import/${row!.id}/report`)).status).toBe(409);
    await app.db
      .updateTable('importRun')
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where('id', '=', row!.id)
      .execute();
    expect(expectOk(await admin.get('/api/import')).find((r) => r.id === row!.id)).toMatchObject({ status: 'failed', error: { code: 'IMPORT_INTERRUPTED' } });
  });
});

describe('set-password links (issue 42 §6)', () => {
  it('an admin creates a link for an imported user; it sets the password once; used, expired and another account’s are refused', async () => {
    expectOk(await admin.put('/api/user/bulk', { records: [{ username: 'linkuser' }] }));
    const link = await admin.post('/api/user/password-link', { username: 'linkuser' });
    expectStatus(link, 201);
    const body = link.body as { path: string; expiresAt: string; username: string };
    expect(body.path).toMatch(/^\/set-password#token=[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    const token = body.path.split('token=')[1]!;
    const anon = app.anonymous();
    expect(expectOk(await anon.post('/api/user/password-link/info', { token }))).toMatchObject({ username: 'linkuser' });
    // passwords must match and follow the rules
    const short = await anon.raw('POST', '/api/user/password-link/use', { token, password: 'short', confirmPassword: 'short' });
    expect(problemOf(short).errorCodes?.password?.[0]?.code).toBe('PASSWORD_TOO_SHORT');
    expectStatus(await anon.post('/api/user/password-link/use', { token, password: 'Bulk-pass-1', confirmPassword: 'Bulk-pass-1' }), 204);
    expect(expectOk(await anon.post('/api/user/login', { username: 'linkuser', password: 'Bulk-pass-1' }))).toMatchObject({ ok: true });
    const again = await anon.raw('POST', '/api/user/password-link/use', { token, password: 'Bulk-pass-2', confirmPassword: 'Bulk-pass-2' });
    expect(again.status).toBe(400);
    expect(problemOf(again).code).toBe('PASSWORD_LINK_USED');

    const second = (expectOk(await admin.post('/api/user/password-link', { username: 'linkuser' })) as { path: string }).path.split('token=')[1]!;
    await app.db
      .updateTable('passwordLink')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('usedAt', 'is', null)
      .execute();
    const expired = await anon.raw('POST', '/api/user/password-link/info', { token: second });
    expect(expired.status).toBe(400);
    expect(problemOf(expired).code).toBe('PASSWORD_LINK_EXPIRED');
    const unknown = await anon.raw('POST', '/api/user/password-link/info', { token: 'x'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(problemOf(unknown).code).toBe('PASSWORD_LINK_INVALID');
    // another account's user: 404
    expect((await other.raw('POST', '/api/user/password-link', { username: 'linkuser' })).status).toBe(404);
  });
});
