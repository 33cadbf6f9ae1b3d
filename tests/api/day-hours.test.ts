/**
 * Issue 40 (decision 0470): a person's hours (entries whose unit of measure is hours) on one date
 * may not pass 24 — on create, update, move, copy and the offline outbox's send — answered 409
 * DAY_OVER_24_HOURS naming the date and the sum. Other units and other people do not count; a
 * change that adds no hours to a day passes. On PostgreSQL: creates at once cannot together pass 24.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/server';
import { form, itemEntry, setUpWorld, timeEntry, type WorksheetWorld } from './worksheet-fixtures';
import { expectStatus, problemOf } from '../helpers/client';

let app: TestApp;
let w: WorksheetWorld;

beforeAll(async () => {
  app = await startTestApp();
  w = await setUpWorld(app, 'dh');
});
afterAll(() => app?.close());

type Client = WorksheetWorld['c'][keyof WorksheetWorld['c']];
type Res = { status: number; headers: Headers; text: string; body: unknown };
const create = (client: Client, over: Record<string, string | number | null>, headers?: Record<string, string>) =>
  client.request('POST', '/api/worksheet', form(timeEntry(over)), headers);
async function make(client: Client, over: Record<string, string | number | null>): Promise<number> {
  const res = await create(client, over);
  expectStatus(res, 201);
  return (res.body as { id: number }).id;
}
const version = async (id: number) => (await app.db.selectFrom('worksheetRecord').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
const dayHours = async (username: string, date: string) =>
  (
    await app.db.selectFrom('worksheetRecord').select('quantity').where('username', '=', username).where('date', '=', date).where('unitOfMeasureCode', '=', 'HOUR').execute()
  ).reduce((s, r) => s + Number(r.quantity), 0);

function expectOver(res: Res, date: string, hours: string) {
  expect(res.status, res.text).toBe(409);
  const problem = problemOf(res) as { code?: string; params?: Record<string, string> };
  expect(problem.code).toBe('DAY_OVER_24_HOURS');
  expect(problem.params).toEqual({ date, hours });
}

describe('24 hours a day', () => {
  it('create: up to 24 hours pass, the half hour beyond is refused; items and other people do not count', async () => {
    const d = '2026-11-02';
    await make(w.c.basicA, { date: d, timeFrom: '00:00', timeTo: '12:00' });
    await make(w.c.basicA, { date: d, timeFrom: '08:00', timeTo: '20:00' });
    expect(await dayHours('dhbasica', d)).toBe(24);
    expectOver(await create(w.c.basicA, { date: d, timeFrom: '20:00', timeTo: '20:30' }), d, '24.5');
    // A leader or an admin writing for the person: the same rule.
    expectOver(await w.c.admin.post('/api/worksheet', timeEntry({ date: d, username: 'dhbasica', timeFrom: '10:00', timeTo: '10:15' })), d, '24.25');
    // Another unit of measure is not hours; another person's day is their own.
    expectStatus(await w.c.basicA.request('POST', '/api/worksheet', form(itemEntry({ date: d, quantity: '30' }))), 201);
    await make(w.c.basicA2, { date: d, timeFrom: '08:00', timeTo: '16:00' });
    expect(await dayHours('dhbasica', d)).toBe(24);
  });

  it('the offline outbox’s send (Idempotency-Key): refused with the reason, and so again on its retry', async () => {
    const d = '2026-11-02';
    for (let i = 0; i < 2; i++) expectOver(await create(w.c.basicA, { date: d, timeFrom: '21:00', timeTo: '22:00' }, { 'Idempotency-Key': 'dh-outbox-1' }), d, '25');
  });

  it('update and move: more hours on a full day are refused, fewer pass, a move onto a full day is refused', async () => {
    const d = '2026-11-03';
    const a = await make(w.c.basicA, { date: d, timeFrom: '00:00', timeTo: '12:00' });
    const b = await make(w.c.basicA, { date: d, timeFrom: '12:00', timeTo: '23:00' });
    expectStatus(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: d, timeFrom: '12:00', timeTo: '23:45' }), id: b, version: await version(b) }), 200);
    expectOver(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: d, timeFrom: '00:00', timeTo: '12:30' }), id: a, version: await version(a) }), d, '24.25');
    expectStatus(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: d, timeFrom: '00:00', timeTo: '11:00' }), id: a, version: await version(a) }), 200);
    expect(await dayHours('dhbasica', d)).toBe(22.75);
    const c = await make(w.c.basicA, { date: '2026-11-04', timeFrom: '08:00', timeTo: '10:00' });
    expectOver(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: d, timeFrom: '08:00', timeTo: '10:00' }), id: c, version: await version(c) }), d, '24.75');
    expect(await dayHours('dhbasica', '2026-11-04')).toBe(2);
  });

  it('a day already over 24 hours (written before the rule) can still be corrected', async () => {
    const d = '2026-11-05';
    const a = await make(w.c.basicA, { date: d, timeFrom: '00:00', timeTo: '20:00' });
    const b = await make(w.c.basicA, { date: d, timeFrom: '04:00', timeTo: '14:00' }).catch(() => 0);
    expect(b).toBe(0);
    // Written past the service (an old import): the day holds 30 hours.
    await app.db
      .insertInto('worksheetRecord')
      .values({ ...legacyRow(d), accountId: w.accountId })
      .execute();
    expect(await dayHours('dhbasica', d)).toBe(30);
    // Fewer hours, and a change of the description only: allowed.
    expectStatus(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: d, timeFrom: '00:00', timeTo: '18:00' }), id: a, version: await version(a) }), 200);
    expectStatus(
      await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: d, timeFrom: '00:00', timeTo: '18:00', description: 'Fixed' }), id: a, version: await version(a) }),
      200,
    );
    // More hours: still refused.
    expectOver(await w.c.basicA.put('/api/worksheet', { ...timeEntry({ date: d, timeFrom: '00:00', timeTo: '19:00' }), id: a, version: await version(a) }), d, '29');
  });

  it('copy (a day, a week, and its dry run): copies that bring a day over 24 hours are refused, nothing is copied', async () => {
    const from = '2026-11-09';
    const x = await make(w.c.basicA, { date: from, timeFrom: '00:00', timeTo: '13:00' });
    const y = await make(w.c.basicA, { date: from, timeFrom: '13:00', timeTo: '23:00' });
    const to = '2026-11-10';
    await make(w.c.basicA, { date: to, timeFrom: '08:00', timeTo: '12:00' });
    expectOver(await w.c.basicA.post('/api/worksheet/copy', { ids: [x, y], toDate: to, dryRun: true }), to, '27');
    expectOver(await w.c.basicA.post('/api/worksheet/copy', { ids: [x, y], toDate: to }), to, '27');
    // Two copies of the same day onto one day count together (13 + 10 + 13 + 10 on the target Monday).
    expectStatus(await w.c.basicA.post('/api/worksheet/copy', { ids: [x, y], toWeek: '2026-W47' }), 201);
    expectOver(await w.c.basicA.post('/api/worksheet/copy', { ids: [x], toWeek: '2026-W47' }), '2026-11-16', '36');
    expect(await dayHours('dhbasica', to)).toBe(4);
    expect(await dayHours('dhbasica', '2026-11-16')).toBe(23);
  });
});

describe('creates at once (PostgreSQL)', () => {
  it('three creates of 10 hours on one day at the same moment: two land, the third is refused', async () => {
    if (app.server.services.dbh.kind !== 'postgres') return; // PGlite has one connection: nothing runs at once
    for (const [round, d] of ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04'].entries()) {
      const answers = await Promise.all(
        [0, 1, 2].map((i) => create(i === 2 ? w.c.admin : w.c.basicA, { date: d, timeFrom: '08:00', timeTo: '18:00', username: 'dhbasica', description: `Round ${round} ${i}` })),
      );
      expect(answers.map((r) => r.status).sort(), answers.map((r) => r.text).join('\n')).toEqual([201, 201, 409]);
      expect(await dayHours('dhbasica', d)).toBe(20);
    }
  });
});

function legacyRow(date: string) {
  return {
    username: 'dhbasica',
    date,
    customerNo: 'C1000',
    jobCode: 'J-1001',
    jobTaskCode: '100',
    unitType: 'Resource' as const,
    unitNo: 'R01',
    description: 'Imported',
    quantity: 10,
    unitOfMeasureCode: 'HOUR',
    createdBy: 'import',
    modifiedBy: 'import',
  };
}
