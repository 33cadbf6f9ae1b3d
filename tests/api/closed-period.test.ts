/**
 * Issue 40 §3: GET/PUT /api/account/closed-period. In a closed period (date <= closedUntil) no
 * create, copy, edit, delete, approve change or return — for anyone, REST, tRPC, the API key —
 * answered 409 PERIOD_CLOSED naming the date; export and reports still work; every close and
 * reopen is logged. On PostgreSQL: a write waiting behind a close sees the new date.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, png, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, problemOf } from '../helpers/client';

let app: TestApp;
let w: WorksheetWorld;
/** basica's entries: 30 Oct (closed later) and 3 Nov (open). */
let oct: number, nov: number;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'cp');
  oct = await make(w.c.basicA, { date: '2026-10-30', description: 'Late October' });
  nov = await make(w.c.basicA, { date: '2026-11-03', description: 'Early November' });
});
afterAll(() => app?.close());

type Client = WorksheetWorld['c'][keyof WorksheetWorld['c']];
async function make(client: Client, over: Record<string, string | number | null> = {}): Promise<number> {
  const res = await client.request('POST', '/api/worksheet', form(timeEntry(over)));
  expectStatus(res, 201);
  return (res.body as { id: number }).id;
}
const version = async (id: number) => (await app.db.selectFrom('worksheetRecord').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

function expectClosed(res: { status: number; headers: Headers; text: string; body: unknown }, date = '2026-10-31') {
  expect(res.status, res.text).toBe(409);
  const problem = problemOf(res) as { code?: string; params?: Record<string, string>; detail?: string };
  expect(problem.code).toBe('PERIOD_CLOSED');
  expect(problem.params).toEqual({ date });
  expect(problem.detail).toContain(date);
}

describe('closing a period', () => {
  it('starts open; only an admin may read or change it', async () => {
    expect(expectOk(await w.c.admin.get('/api/account/closed-period'))).toEqual({ closedUntil: null, log: [] });
    expect((await w.c.leadA.get('/api/account/closed-period')).status).toBe(403);
    expect((await w.c.basicA.put('/api/account/closed-period', { closedUntil: '2026-10-31' })).status).toBe(403);
    // Deliberately invalid: not a date.
    expect((await w.c.admin.raw('PUT', '/api/account/closed-period', { closedUntil: '31-10-2026' })).status).toBe(400);
  });

  it('the admin closes October: logged with who, when, from and to', async () => {
    const res = expectOk(await w.c.admin.put('/api/account/closed-period', { closedUntil: '2026-10-31' }));
    expect(res.closedUntil).toBe('2026-10-31');
    expect(res.log).toHaveLength(1);
    expect(res.log[0]).toMatchObject({ username: 'cpadmin', from: null, to: '2026-10-31' });
    // The same date again changes and logs nothing.
    expect(expectOk(await w.c.admin.put('/api/account/closed-period', { closedUntil: '2026-10-31' })).log).toHaveLength(1);
  });

  it('create, copy, edit, delete, approve, bulk approve and return in the closed period: 409 PERIOD_CLOSED naming the date', async () => {
    expectClosed(await w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-10-31' }))));
    expectClosed(await w.c.admin.post('/api/worksheet', timeEntry({ date: '2026-10-01', username: 'cpbasica' })));
    // Photos take the transaction path of the create.
    expectClosed(await w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-10-15' }), [{ name: 'a.png', data: await png(), type: 'image/png' }])));
    expectClosed(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: '2026-10-30', description: 'Too late' }), id: oct, version: await version(oct) }));
    // Moving an open entry into the closed period is an edit of the closed period too.
    expectClosed(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: '2026-10-20' }), id: nov, version: await version(nov) }));
    expectClosed(await w.c.basicA.del('/api/worksheet', { id: oct }));
    expectClosed(await w.c.admin.put('/api/worksheet/approve', { id: oct, isApproved: true }));
    expectClosed(await w.c.leadA.post('/api/worksheet/return', { ids: [oct], reason: 'Too late' }));
    expectClosed(await w.c.basicA.post('/api/worksheet/copy', { ids: [nov], toDate: '2026-10-29' }));
    const bulk = expectOk(await w.c.admin.put('/api/worksheet/approve/bulk', { ids: [oct, nov], isApproved: true }));
    expect(bulk.changed).toEqual([nov]);
    expect(bulk.refused).toEqual([{ id: oct, reason: 'PERIOD_CLOSED' }]);
    expectStatus(await w.c.admin.put('/api/worksheet/approve/bulk', { ids: [nov], isApproved: false }), 200);

    // The offline outbox's send: the same create with an Idempotency-Key; its retry answers the same refusal.
    for (let i = 0; i < 2; i++) {
      expectClosed(
        await w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-10-12', description: 'Queued offline' })), { 'Idempotency-Key': 'outbox-oct-1' }),
      );
    }
    const key = await app.apiKeyClient(w.accountId);
    expectClosed(await key.client.post('/api/worksheet', timeEntry({ date: '2026-10-02', username: 'cpbasica' })));
    const trpc = await w.c.basicA.raw('POST', '/api/trpc/worksheet.delete', { id: oct });
    expect(trpc.status).toBe(409);
    expect(JSON.stringify(trpc.body)).toContain('PERIOD_CLOSED');

    const stored = await app.db.selectFrom('worksheetRecord').selectAll().where('id', '=', oct).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ description: 'Late October', approvedBy: null, returnedBy: null });
    const inOctober = await app.db.selectFrom('worksheetRecord').select('id').where('accountId', '=', w.accountId).where('date', '<=', '2026-10-31').execute();
    expect(inOctober.map((r) => r.id)).toEqual([oct]);
  });

  it('after the closed date everything works; copying out of the closed period is allowed', async () => {
    const created = await make(w.c.basicA, { date: '2026-11-01' });
    const copy = await w.c.basicA.post('/api/worksheet/copy', { ids: [oct], toDate: '2026-11-05' });
    expectStatus(copy, 201);
    expectStatus(await w.c.basicA.del('/api/worksheet', { id: created }), 204);
  });

  it('export and reports still work in the closed period', async () => {
    const report = await w.c.admin.get('/api/report?group=person&from=2026-10-01&to=2026-10-31&mode=ALL');
    expectStatus(report, 200);
    const res = await w.c.admin.raw('POST', '/api/worksheet/download', { entries: [oct], mode: 'ALL', shouldMarkAsExported: true });
    expect(res.status).toBe(200);
    expect((await app.db.selectFrom('worksheetRecord').select('exported').where('id', '=', oct).executeTakeFirstOrThrow()).exported).toBe(true);
  });

  it('reopening (an earlier date, then null) is logged and lets the writes through again', async () => {
    const earlier = expectOk(await w.c.admin.put('/api/account/closed-period', { closedUntil: '2026-09-30' }));
    expect(earlier.log[0]).toMatchObject({ from: '2026-10-31', to: '2026-09-30' });
    const id = await make(w.c.basicA, { date: '2026-10-10' });
    expectClosed(await w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-09-30' }))), '2026-09-30');
    const open = expectOk(await w.c.admin.put('/api/account/closed-period', { closedUntil: null }));
    expect(open.closedUntil).toBeNull();
    expect(open.log.map((l) => [l.from, l.to])).toEqual([
      ['2026-09-30', null],
      ['2026-10-31', '2026-09-30'],
      [null, '2026-10-31'],
    ]);
    expectStatus(await w.c.basicA.del('/api/worksheet', { id }), 204);
    await make(w.c.basicA, { date: '2026-09-30' });
  });
});

describe('close vs write (PostgreSQL)', () => {
  it('a create and an edit waiting behind a close under way see the closed date', async () => {
    if (app.server.services.dbh.kind !== 'postgres') return; // PGlite has one connection: nothing runs at once
    const entry = await make(w.c.basicA, { date: '2026-08-20', description: 'Waits' });
    // A close under way: the account row locked FOR UPDATE in a transaction that has not committed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const close = app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('account').select('id').where('id', '=', w.accountId).forUpdate().execute();
      locked();
      await held;
      await trx.updateTable('account').set({ closedUntil: '2026-08-31' }).where('id', '=', w.accountId).execute();
    });
    await lockTaken;
    const create = w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-08-21' })));
    const edit = (async () => w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: '2026-08-20', description: 'Changed' }), id: entry, version: await version(entry) }))();
    await new Promise((r) => setTimeout(r, 300));
    release();
    await close;
    expectClosed(await create, '2026-08-31');
    expectClosed(await edit, '2026-08-31');
    expect((await app.db.selectFrom('worksheetRecord').select('description').where('id', '=', entry).executeTakeFirstOrThrow()).description).toBe('Waits');
    expectStatus(await w.c.admin.put('/api/account/closed-period', { closedUntil: null }), 200);
  });
});
