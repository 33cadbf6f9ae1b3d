/**
 * Issue 23 §1–§2: list filters (person, customer, job, dates, status) with their 400s, and the bulk
 * approve (PUT /api/worksheet/approve/bulk): the single toggle's rights per entry, a per-id report,
 * the limit, the filter form ("select all N matching"), history and webhook events per entry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BULK_APPROVE_MAX } from '../../src/shared/limits';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectOk, expectStatus, type ResponseFor } from '../helpers/client';
import { deleteEndpoint } from '../../db/queries/webhooks';

let app: TestApp;
let w: WorksheetWorld;
/** rvbasica (team A): Mon 16 + Tue 17 + Wed 18 Nov on J-1001; rvbasica2 (team A): Mon 16, Tue 17. */
let a1: number, a2: number, a3: number, b1: number, b2: number;
/** rvbasicb (team B) on a team B job. */
let other: number;
/** rvbasica's entry of 19 Nov, exported. */
let exported: number;
/** An entry of the other account. */
let foreign: number;

type Group = { key: string; worksheet: Array<{ id: number; username: string; approvedBy: string | null }> };
const ids = (body: Group[]) => body.flatMap((g) => g.worksheet.map((r) => r.id)).sort((x, y) => x - y);

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'rv');
  const make = async (client: WorksheetWorld['c'][keyof WorksheetWorld['c']], fields: Record<string, unknown>) => {
    const res = await client.request('POST', '/api/worksheet', form(fields));
    expectStatus(res, 201);
    return (res.body as { id: number }).id;
  };
  a1 = await make(w.c.basicA, timeEntry({ date: '2026-11-16', description: 'A Monday' }));
  a2 = await make(w.c.basicA, itemEntry({ date: '2026-11-17', description: 'A Tuesday' }));
  a3 = await make(w.c.basicA, timeEntry({ date: '2026-11-18', description: 'A Wednesday', customerNo: 'C2000', jobCode: 'J-2001', jobTaskCode: null }));
  b1 = await make(w.c.basicA2, timeEntry({ date: '2026-11-16', description: 'A2 Monday' }));
  b2 = await make(w.c.basicA2, timeEntry({ date: '2026-11-17', description: 'A2 Tuesday' }));
  other = await make(w.c.basicB, timeEntry({ date: '2026-11-16', jobCode: 'J-1002', jobTaskCode: null, description: 'Team B' }));
  exported = await make(w.c.basicA, timeEntry({ date: '2026-11-19', description: 'A exported' }));
  await app.db.updateTable('worksheetRecord').set({ exported: true }).where('id', '=', exported).execute();
  foreign = await make(w.c.otherAdmin, timeEntry({ date: '2026-11-16', description: 'Other account' }));
});
afterAll(() => app?.close());

describe('list filters', () => {
  it('person, dates and status narrow the team list; totals follow the same filter', async () => {
    const res = await w.c.leadA.get('/api/worksheet?mode=TEAM&username=rvbasica&from=2026-11-16&to=2026-11-17&status=notApproved');
    expectStatus(res, 200);
    expect(ids(res.body)).toEqual([a1, a2]);
    const totals = await w.c.leadA.get('/api/worksheet/totals?mode=TEAM&username=rvbasica&from=2026-11-16&to=2026-11-17&status=notApproved');
    expect(expectOk(totals).entries).toBe(2);
    // Names are matched without regard to case, as everywhere.
    expect(ids(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&username=RVBASICA2')))).toEqual([b1, b2]);
  });

  it('customer and job filters; the job filter on another job leaves the rest out', async () => {
    expect(ids(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&jobCode=J-2001')))).toEqual([a3]);
    const all = ids(expectOk(await w.c.admin.get('/api/worksheet?mode=ALL&customerNo=C1000')));
    expect(all).toEqual(expect.arrayContaining([a1, a2, b1, b2, other]));
    expect(all).not.toContain(a3);
    expect(ids(expectOk(await w.c.admin.get('/api/worksheet?mode=ALL&customerNo=C2000')))).toEqual([a3]);
  });

  it('status approved / notApproved / all after an approval; keyset paging keeps the filter', async () => {
    expect((await w.c.leadA.put('/api/worksheet/approve', { id: b1, isApproved: true })).status).toBe(200);
    expect(ids(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&status=approved')))).toEqual([b1]);
    expect(ids(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&status=notApproved')))).not.toContain(b1);
    expect(ids(expectOk(await w.c.leadA.get('/api/worksheet?mode=TEAM&status=all')))).toContain(b1);
    // One entry per page: the link carries every filter, and the pages together are the filter's entries.
    const seen: number[] = [];
    let url: string | null = '/api/worksheet?mode=TEAM&status=notApproved&username=rvbasica&limit=1';
    while (url) {
      const page: ResponseFor<'/api/worksheet', 'get'> = await w.c.leadA.get(url as `/api/worksheet?${string}`); // a Link of the worksheet list
      expectStatus(page, 200);
      seen.push(...ids(page.body));
      const link: string | null = page.headers.get('link');
      url = link ? `/api/worksheet${/<[^>]*?(\?[^>]*)>/.exec(link)![1]}` : null;
    }
    expect(seen.sort((x, y) => x - y)).toEqual([a1, a2, a3]);
    expect((await w.c.leadA.put('/api/worksheet/approve', { id: b1, isApproved: false })).status).toBe(200);
  });

  it('a person outside the team, an unknown person, customer or job, a bad status or date: 400 naming the field (REST)', async () => {
    const outside = await w.c.leadA.get('/api/worksheet?mode=TEAM&username=rvbasicb');
    expectStatus(outside, 400);
    expect(outside.body.errorCodes).toEqual({ username: [{ code: 'FILTER_NOT_IN_TEAM', params: { user: 'rvbasicb' } }] });
    expect(outside.body.code).toBe('FILTER_NOT_IN_TEAM');
    const cases: Array<[string, string]> = [
      ['username=nobody', 'username'],
      ['customerNo=NOPE', 'customerNo'],
      ['jobCode=NOPE', 'jobCode'],
      ['status=open', 'status'],
      ['from=1899-12-31', 'from'],
      ['to=3000-01-01', 'to'],
      ['from=2026-11-20&to=2026-11-01', 'from'],
    ];
    for (const [q, field] of cases) {
      for (const path of ['/api/worksheet', '/api/worksheet/totals'] as const) {
        const res = await w.c.leadA.get(`${path}?mode=TEAM&${q}`);
        expectStatus(res, 400);
        expect(Object.keys(res.body.errors ?? {}), `${path}?${q}`).toContain(field);
      }
    }
    // On YOURS only oneself; another account's user is unknown here.
    expect((await w.c.basicA.get('/api/worksheet?username=rvbasica2')).status).toBe(400);
    expect((await w.c.basicA.get('/api/worksheet?username=rvbasica')).status).toBe(200);
    expect((await w.c.admin.get('/api/worksheet?mode=ALL&username=rvotheradmin')).status).toBe(400);
  });

  it('the same 400 over tRPC, naming the field', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { mode: 'TEAM', username: 'rvbasicb' } }));
    const res = await w.c.leadA.get(`/api/trpc/worksheet.list?batch=1&input=${input}`);
    expectStatus(res, 400);
    expect((res.body as unknown[])[0]).toMatchObject({
      error: { data: { httpStatus: 400, errorCodes: { username: [{ code: 'FILTER_NOT_IN_TEAM', params: { user: 'rvbasicb' } }] } } },
    });
  });
});

const history = async (id: number) =>
  (await app.db.selectFrom('worksheetHistory').select(['action', 'username']).where('worksheetId', '=', id).orderBy('id').execute()).map((h) => `${h.action}:${h.username}`);
const approvedBy = async (id: number) => (await app.db.selectFrom('worksheetRecord').select('approvedBy').where('id', '=', id).executeTakeFirst())?.approvedBy;

describe('PUT /api/worksheet/approve/bulk', () => {
  it('a team leader approves the own team’s entries; another team’s, exported and another account’s are reported, not changed', async () => {
    const res = await w.c.leadA.put('/api/worksheet/approve/bulk', { ids: [a1, a2, b2, other, exported, foreign, 999999], isApproved: true });
    expectStatus(res, 200);
    expect(res.body.changed).toEqual([a1, a2, b2].sort((x, y) => x - y));
    expect(res.body.unchanged).toEqual([]);
    expect(res.body.refused).toEqual(
      [
        { id: other, reason: 'NOT_FOUND' },
        { id: exported, reason: 'EXPORTED' },
        { id: foreign, reason: 'NOT_FOUND' },
        { id: 999999, reason: 'NOT_FOUND' },
      ].sort((x, y) => x.id - y.id),
    );
    expect(await approvedBy(a1)).toBe('rvleada');
    expect(await approvedBy(other)).toBeNull();
    expect(await approvedBy(foreign)).toBeNull();
    expect(await history(a1)).toEqual(['create:rvbasica', 'approve:rvleada']);
    // Again: nothing to do, the same report for the rest.
    const again = await w.c.leadA.put('/api/worksheet/approve/bulk', { ids: [a1, a2], isApproved: true });
    expect(again.body).toEqual({ isApproved: true, dryRun: false, people: 0, changed: [], unchanged: [a1, a2].sort((x, y) => x - y), refused: [] });
  });

  it('a Basic user may not approve, not even their own: FORBIDDEN per id', async () => {
    const res = await w.c.basicA.put('/api/worksheet/approve/bulk', { ids: [a3], isApproved: true });
    expectStatus(res, 200);
    expect(res.body.refused).toEqual([{ id: a3, reason: 'FORBIDDEN' }]);
    expect(await approvedBy(a3)).toBeNull();
  });

  it('the other team’s leader sees a team B job’s entry but not team A’s', async () => {
    const res = await w.c.leadB.put('/api/worksheet/approve/bulk', { ids: [other, a3], isApproved: true });
    expect(expectOk(res).changed).toEqual([other]);
    expect(expectOk(res).refused).toEqual([{ id: a3, reason: 'NOT_FOUND' }]);
  });

  it('unapproves, and writes the history line of each entry', async () => {
    const res = await w.c.admin.put('/api/worksheet/approve/bulk', { ids: [a1, a2, b2, other], isApproved: false });
    expect(expectOk(res).people).toBe(3);
    expect(expectOk(res).changed).toEqual([a1, a2, b2, other].sort((x, y) => x - y));
    expect(await approvedBy(a2)).toBeNull();
    expect(await history(a2)).toEqual(['create:rvbasica', 'approve:rvleada', 'unapprove:rvadmin']);
  });

  it('the filter form approves every entry the list filter selects ("select all N matching")', async () => {
    const filter = { mode: 'TEAM' as const, username: 'rvbasica', from: '2026-11-16', to: '2026-11-22', status: 'notApproved' as const };
    const list = ids(expectOk(await w.c.leadA.get(`/api/worksheet?${new URLSearchParams(filter)}`)));
    expect(list).toEqual([a1, a2, a3]);
    // The dry run answers what the confirmation says, and changes nothing.
    const dry = await w.c.leadA.put('/api/worksheet/approve/bulk', { filter, isApproved: true, dryRun: true });
    expect(dry.body).toMatchObject({ dryRun: true, people: 1, changed: list, refused: [] });
    expect(await approvedBy(a1)).toBeNull();
    const res = await w.c.leadA.put('/api/worksheet/approve/bulk', { filter, isApproved: true });
    expectStatus(res, 200);
    expect(res.body.people).toBe(1);
    expect(res.body.changed).toEqual(list);
    expect((await w.c.leadA.get(`/api/worksheet?${new URLSearchParams(filter)}`)).body).toEqual([]);
    // A filter the caller may not use is refused as in the list.
    const outside = await w.c.leadA.put('/api/worksheet/approve/bulk', { filter: { mode: 'TEAM', username: 'rvbasicb' }, isApproved: true });
    expectStatus(outside, 400);
    expect(Object.keys(outside.body.errors ?? {})).toEqual(['username']);
    expect((await w.c.leadA.put('/api/worksheet/approve/bulk', { filter: { mode: 'ALL' }, isApproved: true })).status).toBe(403);
  });

  it('one webhook event per approved entry, as the single toggle sends', async () => {
    // Subscribed directly in the table: the delivery worker is not what this test is about.
    const endpoint = await app.db
      .insertInto('webhookEndpoint')
      .values({ accountId: w.accountId, url: 'https://hooks.invalid/webtid', description: null, events: ['worksheet.approved'], secretEnc: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await w.c.admin.put('/api/worksheet/approve/bulk', { ids: [b1, b2], isApproved: true });
    expect(expectOk(res).changed).toEqual([b1, b2].sort((x, y) => x - y));
    const messages = await app.db
      .selectFrom('webhookMessage')
      .select(['eventType', 'payload'])
      .where('accountId', '=', w.accountId)
      .where('eventType', '=', 'worksheet.approved')
      .execute();
    const payloadIds = messages.map((m) => (typeof m.payload === 'string' ? JSON.parse(m.payload) : m.payload) as { id: number; by: string });
    expect(payloadIds.map((p) => p.id).sort((x, y) => x - y)).toEqual([b1, b2].sort((x, y) => x - y));
    expect(payloadIds.every((p) => p.by === 'rvadmin')).toBe(true);
    const deliveries = await app.db
      .selectFrom('webhookDelivery')
      .select('id')
      .where(
        'messageId',
        'in',
        (await app.db.selectFrom('webhookMessage').select('id').where('accountId', '=', w.accountId).execute()).map((m) => m.id),
      )
      .execute();
    expect(deliveries).toHaveLength(2);
    // As the product deletes one (its deliveries first): the delivery worker may be recording an attempt.
    expect(await deleteEndpoint(app.db, w.accountId, endpoint.id)).toBe(true);
  });

  it('limits: more than the maximum ids, neither or both of ids and filter, a filter over the maximum: 400 before any change', async () => {
    const many = Array.from({ length: BULK_APPROVE_MAX + 1 }, (_, i) => i + 1);
    const tooMany = await w.c.admin.put('/api/worksheet/approve/bulk', { ids: many, isApproved: true });
    expectStatus(tooMany, 400);
    expect(tooMany.body.errorCodes).toEqual({ ids: [{ code: 'BULK_TOO_MANY', params: { max: String(BULK_APPROVE_MAX) } }] });
    expect((await w.c.admin.put('/api/worksheet/approve/bulk', { ids: many.slice(0, BULK_APPROVE_MAX), isApproved: true })).status).toBe(200);
    expect((await w.c.admin.put('/api/worksheet/approve/bulk', { isApproved: true })).status).toBe(400);
    expect((await w.c.admin.put('/api/worksheet/approve/bulk', { ids: [a1], filter: {}, isApproved: true })).status).toBe(400);
    expect((await w.c.admin.raw('PUT', '/api/worksheet/approve/bulk', { ids: [a1] })).status).toBe(400); // deliberately invalid

    // 1 001 open entries of one user: the filter selects too many, nothing changes.
    await sql`
      INSERT INTO worksheet_record (account_id, username, date, job_code, unit_type, unit_no, description, quantity, unit_of_measure_code, created_by)
      SELECT ${w.accountId}, 'rvbasica2', DATE '2025-01-01' + (g % 300), 'J-1001', 'Resource', 'R01', 'bulk ' || g, 1, 'HOUR', 'rvbasica2'
      FROM generate_series(1, ${BULK_APPROVE_MAX + 1}) g`.execute(app.db);
    const filter = { mode: 'TEAM' as const, username: 'rvbasica2', to: '2025-12-31' };
    const over = await w.c.leadA.put('/api/worksheet/approve/bulk', { filter, isApproved: true });
    expectStatus(over, 400);
    expect(over.body.code).toBe('BULK_TOO_MANY');
    expect(Object.keys(over.body.errors ?? {})).toEqual(['filter']);
    expect(expectOk(await w.c.leadA.get(`/api/worksheet/totals?${new URLSearchParams({ ...filter, status: 'approved' })}`)).entries).toBe(0);
    // Narrowed to 1 000: all approved in one call.
    const ok = await w.c.leadA.put('/api/worksheet/approve/bulk', { filter: { ...filter, from: '2025-01-02' }, isApproved: true });
    expectStatus(ok, 200);
    expect(ok.body.changed).toHaveLength(BULK_APPROVE_MAX + 1 - 3);
  });
});
