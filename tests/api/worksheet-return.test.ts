/**
 * Issue 40 §1: POST /api/worksheet/return — a team leader (TEAM scope) or an admin sends entries
 * back with a reason: returned (unapproved), reason and who/when in the history, editable by the
 * owner again, cleared by the fix; webhook event worksheet.returned; the refusals (400 reason,
 * 404 other team / account, 409 exported, 403 Basic) change nothing; return + approve + export of
 * the same entries at once end in one consistent state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, problemOf, trpcData } from '../helpers/client';
import { deleteEndpoint } from '../../db/queries/webhooks';

let app: TestApp;
let w: WorksheetWorld;
let seq = 0;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'rt');
});
afterAll(() => app?.close());

type Client = WorksheetWorld['c'][keyof WorksheetWorld['c']];
async function make(client: Client, over: Record<string, string | number | null> = {}): Promise<number> {
  seq += 1;
  // Half an hour each: many entries share a day here, and a day holds at most 24 hours (decision 0470).
  const res = await client.request('POST', '/api/worksheet', form(timeEntry({ description: `Entry ${seq}`, timeFrom: '08:00', timeTo: '08:30', ...over })));
  expectStatus(res, 201);
  return (res.body as { id: number }).id;
}
const row = (id: number) => app.db.selectFrom('worksheetRecord').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('return with a reason', () => {
  it('a team leader returns an approved entry he changed: returned, unapproved, in the history; the owner may edit it and the fix clears it', async () => {
    const id = await make(w.c.basicA);
    // The leader edits it (then the owner may no longer) and approves it.
    const current = expectOk(await w.c.leadA.get(`/api/worksheet/${id}`));
    expectStatus(await w.c.leadA.put('/api/worksheet', { ...timeEntry({ description: 'Changed by the leader' }), id, version: current.version }), 200);
    expectStatus(await w.c.leadA.put('/api/worksheet/approve', { id, isApproved: true }), 200);
    const locked = expectOk(await w.c.basicA.get(`/api/worksheet/${id}`));
    expect(locked.canManage).toBe(false);

    const res = await w.c.leadA.post('/api/worksheet/return', { ids: [id], reason: 'Wrong job, should be J-1002' });
    expect(expectOk(res)).toEqual({ returned: [id], people: 1 });

    const seen = expectOk(await w.c.basicA.get(`/api/worksheet/${id}`));
    expect(seen).toMatchObject({ approvedBy: null, returnedBy: 'rtleada', returnReason: 'Wrong job, should be J-1002', canManage: true });
    expect(seen.returnedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The worker's list of returned entries (the home page badge).
    const mine = expectOk(await w.c.basicA.get('/api/worksheet?status=returned'));
    expect(mine.flatMap((g) => g.worksheet.map((r) => r.id))).toEqual([id]);

    const history = expectOk(await w.c.leadA.get(`/api/worksheet/${id}/history`));
    const line = history.find((h) => h.action === 'return');
    expect(line).toMatchObject({ username: 'rtleada' });
    expect(JSON.stringify(line)).toContain('Wrong job, should be J-1002');

    // The owner fixes it: the status clears.
    const fixed = await w.c.basicA.put('/api/worksheet', { ...timeEntry({ description: 'Fixed by the worker' }), id, version: seen.version });
    expect(expectOk(fixed)).toMatchObject({ returnedBy: null, returnedAt: null, returnReason: null, description: 'Fixed by the worker' });
    expect(expectOk(await w.c.basicA.get('/api/worksheet?status=returned'))).toEqual([]);
  });

  it('an admin returns a person’s week; a selection by ids; approval clears the status', async () => {
    const mon = await make(w.c.basicA2, { date: '2026-10-26' });
    const tue = await make(w.c.basicA2, { date: '2026-10-27' });
    const nextWeek = await make(w.c.basicA2, { date: '2026-11-02' });
    const res = await w.c.admin.post('/api/worksheet/return', { username: 'RTBASICA2', week: '2026-W44', reason: 'Hours missing on Wednesday' });
    expect(expectOk(res).returned).toEqual([mon, tue]);
    expect((await row(nextWeek)).returnedBy).toBeNull();
    // The leader approves one of them again: an entry is returned or approved, never both.
    expectStatus(await w.c.leadA.put('/api/worksheet/approve', { id: mon, isApproved: true }), 200);
    expect(await row(mon)).toMatchObject({ returnedBy: null, returnReason: null });
    expectStatus(await w.c.leadA.put('/api/worksheet/approve/bulk', { ids: [tue], isApproved: true }), 200);
    expect(await row(tue)).toMatchObject({ returnedBy: null, returnReason: null });
  });

  it('one worksheet.returned webhook event per entry', async () => {
    const a = await make(w.c.basicA);
    const b = await make(w.c.basicA);
    const endpoint = await app.db
      .insertInto('webhookEndpoint')
      .values({ accountId: w.accountId, url: 'https://hooks.invalid/webtid', description: null, events: ['worksheet.returned'], secretEnc: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expectStatus(await w.c.leadA.post('/api/worksheet/return', { ids: [b, a], reason: 'Check the times' }), 200);
    const messages = await app.db.selectFrom('webhookMessage').select(['payload']).where('accountId', '=', w.accountId).where('eventType', '=', 'worksheet.returned').execute();
    expect(messages.map((m) => (m.payload as { id: number }).id).sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x - y));
    expect(await deleteEndpoint(app.db, w.accountId, endpoint.id)).toBe(true);
  });

  it('is a tRPC procedure and in the OpenAPI document', async () => {
    const id = await make(w.c.basicA);
    const res = await w.c.leadA.post('/api/trpc/worksheet.return', { ids: [id], reason: 'By tRPC' });
    expect(trpcData(res, 'worksheet.return').returned).toEqual([id]);
    const doc = await app.anonymous().get('/api/openapi.json');
    expect(JSON.stringify(doc.body)).toContain('/api/worksheet/return');
  });
});

describe('refusals change nothing', () => {
  it('no reason, a blank one, or one over 500 characters: 400 on reason', async () => {
    const id = await make(w.c.basicA);
    // Deliberately invalid bodies.
    for (const body of [{ ids: [id] }, { ids: [id], reason: '   ' }, { ids: [id], reason: 'x'.repeat(501) }]) {
      const res = await w.c.leadA.raw('POST', '/api/worksheet/return', body);
      expect(res.status).toBe(400);
      const problem = problemOf(res) as { errorCodes?: Record<string, Array<{ code: string }>> };
      expect(problem.errorCodes?.reason?.[0]?.code).toMatch(/^(REQUIRED|TOO_LONG)$/);
    }
    expectStatus(await w.c.leadA.post('/api/worksheet/return', { ids: [id], reason: 'x'.repeat(500) }), 200);
    expect((await row(id)).returnReason).toHaveLength(500);
  });

  it('exported 409, another team’s 404 (another account’s too), a Basic user 403 — all or nothing', async () => {
    const open = await make(w.c.basicA);
    const exported = await make(w.c.basicA);
    await app.db.updateTable('worksheetRecord').set({ exported: true }).where('id', '=', exported).execute();
    const teamB = await make(w.c.basicB, { jobCode: 'J-1002', jobTaskCode: null });
    const foreign = await make(w.c.otherAdmin);

    const ex = await w.c.leadA.post('/api/worksheet/return', { ids: [open, exported], reason: 'No' });
    expect(ex.status).toBe(409);
    expect(problemOf(ex).code).toBe('EXPORTED_LOCKED');
    const other = await w.c.leadA.post('/api/worksheet/return', { ids: [open, teamB], reason: 'No' });
    expect(other.status).toBe(404);
    expect((await w.c.admin.post('/api/worksheet/return', { ids: [foreign], reason: 'No' })).status).toBe(404);
    const basic = await w.c.basicA.post('/api/worksheet/return', { ids: [open], reason: 'No' });
    expect(basic.status).toBe(403);
    expect(problemOf(basic).code).toBe('FORBIDDEN');
    // A leader cannot return the week of another team's person.
    expect((await w.c.leadA.post('/api/worksheet/return', { username: 'rtbasicb', week: '2026-W47', reason: 'No' })).status).toBe(403);
    for (const id of [open, exported, teamB, foreign]) expect((await row(id)).returnedBy).toBeNull();
    const history = await app.db.selectFrom('worksheetHistory').select('id').where('action', '=', 'return').where('worksheetId', 'in', [open, exported, teamB]).execute();
    expect(history).toEqual([]);
  });
});

describe('concurrency', () => {
  it('return + approve + export of the same entries at once: each entry ends in one consistent state', async () => {
    for (let round = 0; round < 3; round++) {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await make(w.c.basicA, { date: '2026-11-09' }));
      const [ret, appr, exp] = await Promise.all([
        w.c.leadA.raw('POST', '/api/worksheet/return', { ids, reason: `Round ${round}` }),
        w.c.admin.raw('PUT', '/api/worksheet/approve/bulk', { ids, isApproved: true }),
        w.c.admin.raw('POST', '/api/worksheet/download', { entries: ids, mode: 'ALL', shouldMarkAsExported: true }),
      ]);
      expect([200, 409]).toContain(ret.status);
      expect(appr.status).toBe(200);
      expect(exp.status).toBe(200);
      const rows = await app.db.selectFrom('worksheetRecord').selectAll().where('id', 'in', ids).execute();
      // The export marked all of them (it locks them all, then marks).
      for (const r of rows) {
        expect(r.exported).toBe(true);
        // Never approved and returned at once.
        expect(r.approvedBy !== null && r.returnedBy !== null).toBe(false);
      }
      // Each call is all or nothing over the six, so they end alike: all returned, all approved, or neither
      // (an approval after the return ends it; an export before the return refuses it, 409).
      const returned = rows.filter((r) => r.returnedBy !== null);
      const approved = rows.filter((r) => r.approvedBy !== null);
      expect([0, ids.length]).toContain(returned.length);
      expect([0, ids.length]).toContain(approved.length);
      const lines = await app.db.selectFrom('worksheetHistory').select('id').where('action', '=', 'return').where('worksheetId', 'in', ids).execute();
      expect(lines).toHaveLength(ret.status === 200 ? ids.length : 0);
      if (ret.status === 409) expect(returned).toHaveLength(0);
    }
  });
});
