/**
 * Issue 40 §2 (decision 0410): submitting a week. The account's setting (off: nothing changes),
 * submit → the worker's lock (409 WEEK_SUBMITTED on create/edit/move/delete/copy; a leader still may),
 * return → the week open again → edit → resubmit, approve week (team scope, Basic 403, another
 * account 404, closed period refused per entry), the list's Submitted / Not submitted filter, the
 * home reminder, and a submit racing a return.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, problemOf } from '../helpers/client';

let app: TestApp;
let w: WorksheetWorld;
let seq = 0;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'sw');
});
afterAll(() => app?.close());

type Client = WorksheetWorld['c'][keyof WorksheetWorld['c']];
async function make(client: Client, over: Record<string, string | number | null> = {}): Promise<number> {
  seq += 1;
  const res = await client.request('POST', '/api/worksheet', form(timeEntry({ description: `Entry ${seq}`, ...over })));
  expectStatus(res, 201);
  return (res.body as { id: number }).id;
}
const row = (id: number) => app.db.selectFrom('worksheetRecord').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const setting = async (on: boolean) => {
  const res = await w.c.admin.put('/api/account', { id: w.accountId, defaultUnitType: 'Resource', resourceUnits: 'Time', submitWeeks: on });
  expect(expectOk(res).submitWeeks).toBe(on);
};
const ids = (page: Array<{ worksheet: Array<{ id: number }> }>) => page.flatMap((g) => g.worksheet.map((r) => r.id));

describe('setting off (the default): the spec’s flow', () => {
  it('nothing is locked, submit answers 409 WEEK_SUBMIT_OFF, the reminder is empty', async () => {
    expect(expectOk(await w.c.admin.get('/api/account')).submitWeeks).toBe(false);
    const id = await make(w.c.basicA, { date: '2026-11-02' });
    const res = await w.c.basicA.post('/api/worksheet/submit-week', { week: '2026-W45' });
    expect(problemOf(res)).toMatchObject({ status: 409, code: 'WEEK_SUBMIT_OFF' });
    const state = expectOk(await w.c.basicA.get('/api/worksheet/week-submission?week=2026-W45'));
    expect(state).toMatchObject({ enabled: false, state: 'open', canSubmit: false, canApprove: false, entries: 1 });
    expect(expectOk(await w.c.basicA.get('/api/worksheet/unsubmitted-weeks?today=2026-11-25'))).toEqual({ enabled: false, weeks: [] });
    const current = await row(id);
    expectStatus(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: '2026-11-02', description: 'Edited' }), id, version: current.version }), 200);
    expectStatus(await w.c.basicA.request('DELETE', '/api/worksheet', { id }), 204);
    expect(problemOf(await w.c.leadA.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W45' }))).toMatchObject({ status: 409, code: 'WEEK_SUBMIT_OFF' });
  });
});

describe('setting on', () => {
  beforeAll(() => setting(true));

  it('submit locks the week for the worker; a leader may still change it; other weeks stay open', async () => {
    const mon = await make(w.c.basicA, { date: '2026-11-09' });
    const tue = await make(w.c.basicA, { date: '2026-11-10' });
    const other = await make(w.c.basicA, { date: '2026-11-16' });
    const state = expectOk(await w.c.basicA.post('/api/worksheet/submit-week', { week: '2026-W46' }));
    expect(state).toMatchObject({
      enabled: true,
      week: '2026-W46',
      username: 'swbasica',
      state: 'submitted',
      submittedBy: 'swbasica',
      entries: 2,
      canSubmit: false,
      canApprove: false,
    });
    expect(state.log.map((l) => l.action)).toEqual(['submit']);
    // Submitting again changes nothing.
    expect(expectOk(await w.c.basicA.post('/api/worksheet/submit-week', { week: '2026-W46' })).log).toHaveLength(1);

    const locked = { status: 409, code: 'WEEK_SUBMITTED', params: { week: '2026-W46' } };
    const r = await row(mon);
    expect(problemOf(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: '2026-11-09', description: 'x' }), id: mon, version: r.version }))).toMatchObject(locked);
    expect(problemOf(await w.c.basicA.request('DELETE', '/api/worksheet', { id: tue }))).toMatchObject(locked);
    expect(problemOf(await w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-11-11' }))))).toMatchObject(locked);
    expect(problemOf(await w.c.basicA.post('/api/worksheet/copy', { ids: [other], toDate: '2026-11-12' }))).toMatchObject(locked);
    // The offline outbox's send: the same create with an Idempotency-Key; its retry answers the same refusal.
    for (let i = 0; i < 2; i++) {
      const res = await w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-11-14', description: 'Queued offline' })), { 'Idempotency-Key': 'outbox-w46-1' });
      expect(problemOf(res)).toMatchObject(locked);
    }
    const trpc = await w.c.basicA.raw('POST', '/api/trpc/worksheet.delete', { id: tue });
    expect(trpc.status).toBe(409);
    expect(JSON.stringify(trpc.body)).toContain('WEEK_SUBMITTED');
    // Moving an entry of an open week into the submitted one.
    const o = await row(other);
    expect(problemOf(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: '2026-11-13' }), id: other, version: o.version }))).toMatchObject(locked);
    expect(await row(mon)).toMatchObject({ version: r.version, description: r.description });
    // The leader (TEAM scope) and the admin are not locked.
    expectStatus(await w.c.leadA.put('/api/worksheet', { ...timeEntry({ date: '2026-11-09', description: 'Fixed by the leader' }), id: mon, version: r.version }), 200);
    expectStatus(await w.c.admin.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-11-11', username: 'swbasica' }))), 201);
    // Other weeks are open.
    expectStatus(await w.c.basicA.request('POST', '/api/worksheet', form(timeEntry({ date: '2026-11-17' }))), 201);
  });

  it('the leader’s list filters Submitted / Not submitted', async () => {
    const inWeek = (
      await app.db.selectFrom('worksheetRecord').select('id').where('username', '=', 'swbasica').where('date', '>=', '2026-11-09').where('date', '<=', '2026-11-15').execute()
    ).map((x) => x.id);
    const submitted = ids(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&submission=submitted')));
    expect(submitted.sort()).toEqual(inWeek.sort());
    const notSubmitted = ids(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&submission=notSubmitted')));
    expect(notSubmitted.length).toBeGreaterThan(0);
    expect(notSubmitted.some((id) => inWeek.includes(id))).toBe(false);
    const totals = expectOk(await w.c.leadA.get('/api/worksheet/totals?mode=TEAM&submission=submitted'));
    expect(totals.entries).toBe(inWeek.length);
    // A bad value is a 400 on the field, never a wider list (deliberately invalid).
    expect((await w.c.leadA.raw('GET', '/api/worksheet?mode=TEAM&submission=maybe')).status).toBe(400);
  });

  it('who sees and approves: Basic 403, another team 403, another account 404; a week not submitted 409', async () => {
    expect(problemOf(await w.c.basicA.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W46' })).status).toBe(403);
    expect(problemOf(await w.c.leadB.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W46' })).status).toBe(403);
    expect(problemOf(await w.c.otherAdmin.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W46' })).status).toBe(404);
    expect(problemOf(await w.c.otherAdmin.get('/api/worksheet/week-submission?week=2026-W46&username=swbasica')).status).toBe(404);
    expect(problemOf(await w.c.leadB.get('/api/worksheet/week-submission?week=2026-W46&username=swbasica')).status).toBe(403);
    expect(problemOf(await w.c.basicA2.post('/api/worksheet/submit-week', { week: '2026-W46', username: 'swbasica' })).status).toBe(403);
    expect(problemOf(await w.c.leadA.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W44' }))).toMatchObject({
      status: 409,
      code: 'WEEK_NOT_SUBMITTED',
      params: { week: '2026-W44', user: 'swbasica' },
    });
    // Missing username: 400 (deliberately invalid).
    expect((await w.c.leadA.raw('POST', '/api/worksheet/approve-week', { week: '2026-W46' })).status).toBe(400);
    const asLeader = expectOk(await w.c.leadA.get('/api/worksheet/week-submission?week=2026-W46&username=swbasica'));
    expect(asLeader).toMatchObject({ state: 'submitted', canApprove: true, canSubmit: false });
  });

  it('return → the week is open again → the worker edits → resubmits → the leader approves the week', async () => {
    const [first] = (await app.db.selectFrom('worksheetRecord').select('id').where('username', '=', 'swbasica').where('date', '=', '2026-11-10').execute()).map((x) => x.id);
    expectOk(await w.c.leadA.post('/api/worksheet/return', { ids: [first!], reason: 'Wrong job, should be J-1002' }));
    const returned = expectOk(await w.c.basicA.get('/api/worksheet/week-submission?week=2026-W46'));
    expect(returned).toMatchObject({ state: 'returned', returnedBy: 'swleada', returned: 1, canSubmit: true });
    expect(returned.log.map((l) => l.action)).toEqual(['return', 'submit']);
    // Not approvable while returned.
    expect(problemOf(await w.c.leadA.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W46' })).code).toBe('WEEK_NOT_SUBMITTED');
    // The worker fixes it (the whole week is open again; a create too).
    const r = await row(first!);
    expectStatus(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: '2026-11-10', description: 'Fixed' }), id: first!, version: r.version }), 200);
    const extra = await make(w.c.basicA, { date: '2026-11-12' });
    const again = expectOk(await w.c.basicA.post('/api/worksheet/submit-week', { week: '2026-W46' }));
    expect(again).toMatchObject({ state: 'submitted', returned: 0, returnedAt: null });
    expect(again.log.map((l) => l.action)).toEqual(['resubmit', 'return', 'submit']);
    expect(problemOf(await w.c.basicA.request('DELETE', '/api/worksheet', { id: extra })).code).toBe('WEEK_SUBMITTED');

    const dry = expectOk(await w.c.leadA.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W46', dryRun: true }));
    expect(dry.dryRun).toBe(true);
    const approved = expectOk(await w.c.leadA.post('/api/worksheet/approve-week', { username: 'swbasica', week: '2026-W46' }));
    expect(approved).toMatchObject({ isApproved: true, dryRun: false, people: 1, refused: [] });
    expect(approved.changed).toEqual(dry.changed);
    expect(approved.changed).toContain(extra);
    const done = expectOk(await w.c.basicA.get('/api/worksheet/week-submission?week=2026-W46'));
    expect(done).toMatchObject({ state: 'approved', canApprove: false });
    expect(done.approved).toBe(done.entries);
    expect(done.log[0]).toMatchObject({ action: 'approve', username: 'swleada' });
  });

  it('a resubmit without a fix clears the returns of the week (history line each)', async () => {
    const a = await make(w.c.basicA2, { date: '2026-11-23' });
    expectOk(await w.c.basicA2.post('/api/worksheet/submit-week', { week: '2026-W48' }));
    expectOk(await w.c.admin.post('/api/worksheet/return', { username: 'swbasica2', week: '2026-W48', reason: 'Please check Monday' }));
    expect((await row(a)).returnReason).toBe('Please check Monday');
    expect(expectOk(await w.c.basicA2.post('/api/worksheet/submit-week', { week: '2026-W48' })).state).toBe('submitted');
    expect(await row(a)).toMatchObject({ returnedBy: null, returnReason: null });
    const history = await app.db.selectFrom('worksheetHistory').select(['action', 'changes']).where('worksheetId', '=', a).orderBy('id').execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'return', 'update']);
  });

  it('the home reminder: past weeks with open entries that are not submitted', async () => {
    await make(w.c.basicA2, { date: '2026-11-04' }); // W45
    await make(w.c.basicA2, { date: '2026-11-18' }); // W47
    const r = expectOk(await w.c.basicA2.get('/api/worksheet/unsubmitted-weeks?today=2026-11-26'));
    expect(r).toEqual({ enabled: true, weeks: ['2026-W47', '2026-W45'] });
    expectOk(await w.c.basicA2.post('/api/worksheet/submit-week', { week: '2026-W47' }));
    expect(expectOk(await w.c.basicA2.get('/api/worksheet/unsubmitted-weeks?today=2026-11-26')).weeks).toEqual(['2026-W45']);
    // This week is not a reminder.
    expect(expectOk(await w.c.basicA2.get('/api/worksheet/unsubmitted-weeks?today=2026-11-19')).weeks).toEqual(['2026-W45']);
  });

  it('a webhook event worksheet.submitted per entry of the week', async () => {
    const a = await make(w.c.basicB, { date: '2026-12-07', jobCode: 'J-1002', jobTaskCode: null });
    await app.db
      .insertInto('webhookEndpoint')
      .values({ accountId: w.accountId, url: 'https://hooks.invalid/webtid', description: null, events: ['worksheet.submitted'], secretEnc: 'x' })
      .execute();
    expectOk(await w.c.basicB.post('/api/worksheet/submit-week', { week: '2026-W50' }));
    const messages = await app.db.selectFrom('webhookMessage').select(['payload']).where('accountId', '=', w.accountId).where('eventType', '=', 'worksheet.submitted').execute();
    expect(messages.map((m) => (m.payload as { id: number }).id)).toEqual([a]);
    await app.db.deleteFrom('webhookEndpoint').where('accountId', '=', w.accountId).execute();
  });

  it('approve week respects the closed period: those entries are refused, the others approved', async () => {
    const sep = await make(w.c.basicA2, { date: '2026-09-29' });
    const oct = await make(w.c.basicA2, { date: '2026-10-01' });
    expectOk(await w.c.basicA2.post('/api/worksheet/submit-week', { week: '2026-W40' }));
    expectOk(await w.c.admin.put('/api/account/closed-period', { closedUntil: '2026-09-30' }));
    try {
      const res = expectOk(await w.c.leadA.post('/api/worksheet/approve-week', { username: 'swbasica2', week: '2026-W40' }));
      expect(res.changed).toEqual([oct]);
      expect(res.refused).toEqual([{ id: sep, reason: 'PERIOD_CLOSED' }]);
    } finally {
      expectOk(await w.c.admin.put('/api/account/closed-period', { closedUntil: null }));
    }
  });

  it('a submit racing a return of the same week ends consistent: submitted with no returned entry, or returned with it', async () => {
    for (let round = 0; round < 4; round++) {
      const monday = `2027-01-${String(4 + round * 7).padStart(2, '0')}`;
      const week = `2027-W${String(1 + round).padStart(2, '0')}`;
      const a = await make(w.c.basicA, { date: monday });
      await make(w.c.basicA, { date: monday });
      const [sub, ret] = await Promise.all([
        w.c.basicA.raw('POST', '/api/worksheet/submit-week', { week }),
        w.c.leadA.raw('POST', '/api/worksheet/return', { ids: [a], reason: `Round ${round}` }),
      ]);
      expect(sub.status).toBe(200);
      expect(ret.status).toBe(200);
      const state = expectOk(await w.c.basicA.get(`/api/worksheet/week-submission?week=${week}`));
      const entry = await row(a);
      if (state.state === 'submitted') expect(entry.returnedAt).toBeNull();
      else {
        expect(state.state).toBe('returned');
        expect(entry.returnReason).toBe(`Round ${round}`);
      }
    }
  });
});

describe('setting off again', () => {
  it('locks are gone; the submissions stay for when it is turned on', async () => {
    await setting(false);
    const id = (await app.db.selectFrom('worksheetRecord').select('id').where('username', '=', 'swbasica').where('date', '=', '2027-01-05').executeTakeFirst())?.id;
    const extra = await make(w.c.basicA, { date: '2027-01-06' });
    expectStatus(await w.c.basicA.request('DELETE', '/api/worksheet', { id: extra }), 204);
    expect(id).toBeUndefined();
  });
});
