import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOk, expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { insertRecords, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

interface Week {
  week: string;
  username: string;
  days: string[];
  rows: Array<{
    jobCode: string;
    jobTaskCode: string | null;
    unitNo: string;
    workTypeCode: string | null;
    unitOfMeasureCode: string;
    days: number[];
    entries: number[];
    total: number;
  }>;
  totals: Array<{ code: string; label: string; days: number[]; total: number }>;
  ids: number[];
}

let app: TestApp;
let world: ExportWorld;
const clients: Record<string, ApiClient> = {};

beforeAll(async () => {
  app = await startTestApp();
  world = await setUpExportWorld(app, 'wk');
  const a = world.accountId;
  // basica's week 2026-W48 (Mon 23 – Sun 29 Nov): hours on J-1001 task 100 over three days, boxes of screws, one
  // exported entry, and entries just outside the week (Sunday before, Monday after) that must not count.
  const item = {
    unitType: 'Item' as const,
    unitNo: '1000',
    unitDescription: 'Screws',
    workTypeCode: null,
    workTypeDescription: null,
    timeFrom: null,
    timeTo: null,
    unitOfMeasureCode: 'BOX',
    unitOfMeasureDescription: 'Box',
  };
  await insertRecords(app, [
    record(a, 'basica', { date: '2026-11-23', quantity: 4.5 }),
    record(a, 'basica', { date: '2026-11-23', quantity: 3, timeFrom: '13:00:00', timeTo: '16:00:00' }),
    record(a, 'basica', { date: '2026-11-25', quantity: 7.25 }),
    record(a, 'basica', { date: '2026-11-29', quantity: 2, exported: true }),
    record(a, 'basica', { date: '2026-11-24', ...item, quantity: 12.5 }),
    record(a, 'basica', { date: '2026-11-24', ...item, quantity: 0.5 }),
    record(a, 'basica', { date: '2026-11-22', quantity: 100 }),
    record(a, 'basica', { date: '2026-11-30', quantity: 100 }),
    record(a, 'basicb', { date: '2026-11-23', quantity: 1, jobCode: 'J-1002' }),
    // week 2026-W45: an entry of J-2001 (customer C2000) logged without a customer, and one of J-1001.
    record(a, 'basica', { date: '2026-11-03', quantity: 6, jobCode: 'J-2001', customerNo: null, customerName: null, description: 'Tuesday tiling' }),
    record(a, 'basica', { date: '2026-11-05', quantity: 2, description: 'Thursday demolition' }),
    record(world.otherAccountId, 'wkotheradmin', { date: '2026-11-23', quantity: 9 }),
  ]);
  for (const u of ['wkadmin', 'leada', 'leadb', 'basica', 'basicb', 'wkotheradmin']) clients[u] = await app.login(u);
});

afterAll(async () => {
  await app?.close();
});

const week = (c: ApiClient, q: string) => c.get(`/api/worksheet/week?${q}`);

describe('GET /api/worksheet/week', () => {
  it('sums the week per row, per day and per unit of measure', async () => {
    const res = await week(clients.basica!, 'week=2026-W48');
    expectStatus(res, 200);
    const w = res.body;
    expect(w.days).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    expect(w.username).toBe('basica');
    const hours = w.rows.find((r) => r.unitOfMeasureCode === 'HOUR')!;
    expect(hours).toMatchObject({ jobCode: 'J-1001', jobTaskCode: '100', unitNo: 'R01', workTypeCode: 'NORMAL' });
    expect(hours.days).toEqual([7.5, 0, 7.25, 0, 0, 0, 2]);
    expect(hours.entries).toEqual([2, 0, 1, 0, 0, 0, 1]);
    expect(hours.total).toBe(16.75);
    const boxes = w.rows.find((r) => r.unitOfMeasureCode === 'BOX')!;
    expect(boxes.days).toEqual([0, 13, 0, 0, 0, 0, 0]);
    expect(w.rows).toHaveLength(2);
    expect(w.totals).toEqual([
      { code: 'BOX', label: 'Box', days: [0, 13, 0, 0, 0, 0, 0], total: 13 },
      { code: 'HOUR', label: 'Hour', days: [7.5, 0, 7.25, 0, 0, 0, 2], total: 16.75 },
    ]);
  });

  it("names each row's job customer (an empty cell prefills it) and the week's entry ids, which Copy week copies to their weekdays", async () => {
    const res = await week(clients.basica!, 'week=2026-W45');
    expectStatus(res, 200);
    const rows = res.body.rows as Array<Week['rows'][number] & { customerNo: string | null }>;
    // the job's customer, also where the entry itself was logged without one
    expect(rows.map((r) => [r.jobCode, r.customerNo])).toEqual([
      ['J-1001', 'C1000'],
      ['J-2001', 'C2000'],
    ]);
    expect(res.body.ids).toHaveLength(2);
    expect([...res.body.ids].sort((x, y) => x - y)).toEqual(res.body.ids);
    // Copy week: W48's six entries (the Sunday before and the Monday after are not its) go to
    // another week, each on its own weekday (Mon ×2, Tue ×2, Wed, Sun).
    const w48 = expectOk(await week(clients.basica!, 'week=2026-W48')).ids;
    expect(w48).toHaveLength(6);
    const copy = await clients.basica!.post('/api/worksheet/copy', { ids: w48, toWeek: '2026-W50', dryRun: true });
    expectStatus(copy, 201);
    expect(copy.body.preview.map((p) => p.date).sort()).toEqual(['2026-12-07', '2026-12-07', '2026-12-08', '2026-12-08', '2026-12-09', '2026-12-13']);
  });

  it('answers an empty week with no rows', async () => {
    const res = await week(clients.basica!, 'week=2026-W10');
    expectStatus(res, 200);
    expect(res.body.rows).toEqual([]);
    expect(res.body.totals).toEqual([]);
    expect(res.body.ids).toEqual([]);
  });

  it('lets a team leader see a member of the team, an admin anyone of the account', async () => {
    const lead = await week(clients.leada!, 'week=2026-W48&username=BasicA');
    expectStatus(lead, 200);
    expect(lead.body.totals.find((t) => t.code === 'HOUR')?.total).toBe(16.75);
    const admin = await week(clients.wkadmin!, 'week=2026-W48&username=basicb');
    expectStatus(admin, 200);
    expect(admin.body.totals).toEqual([{ code: 'HOUR', label: 'Hour', days: [1, 0, 0, 0, 0, 0, 0], total: 1 }]);
  });

  it('refuses another team’s user (403), another user for a Basic (403), another account’s user (404)', async () => {
    expect((await week(clients.leadb!, 'week=2026-W48&username=basica')).status).toBe(403);
    expect((await week(clients.basicb!, 'week=2026-W48&username=basica')).status).toBe(403);
    expect((await week(clients.wkotheradmin!, 'week=2026-W48&username=basica')).status).toBe(404);
    expect((await week(clients.wkadmin!, 'week=2026-W48&username=nobody')).status).toBe(404);
    const other = await week(clients.wkotheradmin!, 'week=2026-W48');
    expectStatus(other, 200);
    expect(other.body.totals).toEqual([{ code: 'HOUR', label: 'Hour', days: [9, 0, 0, 0, 0, 0, 0], total: 9 }]);
  });

  it('answers 400 naming the field for a bad week', async () => {
    for (const q of ['week=2026-48', 'week=2025-W53', 'week=2026-W00', 'week=1899-W10', 'week=', '']) {
      const res = await clients.basica!.get(`/api/worksheet/week?${q}`);
      expectStatus(res, 400);
      expect(Object.keys(res.body.errors ?? {}), q).toContain('week');
    }
  });

  it("issue 40 §4: names each day's one entry as a grid cell — several entries or none are no cell; locked ones are not editable", async () => {
    const res = await week(clients.basica!, 'week=2026-W48');
    expectStatus(res, 200);
    expect(res.body.canCreate).toBe(true);
    expect(res.body.closedUntil).toBeNull();
    const hours = res.body.rows.find((r) => r.unitOfMeasureCode === 'HOUR')!;
    // Monday holds two entries (no cell), Wednesday one, Sunday one exported (read-only).
    expect(hours.cells.map((c) => (c ? c.editable : null))).toEqual([null, null, true, null, null, null, false]);
    const wed = hours.cells[2]!;
    expect(wed).toMatchObject({ version: 1, description: 'Demolition of the kitchen', timeFrom: '08:00', timeTo: '12:30' });
    expect(res.body.ids).toContain(wed.id);
    // The leader sees the member's week: may change the entry (TEAM scope) but creates no entry for them from the grid.
    const lead = await week(clients.leada!, 'week=2026-W48&username=basica');
    expectStatus(lead, 200);
    expect(lead.body.canCreate).toBe(false);
    expect(lead.body.rows.find((r) => r.unitOfMeasureCode === 'HOUR')!.cells[2]!.editable).toBe(true);
  });

  it('issue 40 §4: a day in the closed period is no editable cell, and the week names the closed date', async () => {
    expectOk(await clients.wkadmin!.put('/api/account/closed-period', { closedUntil: '2026-11-25' }));
    try {
      const res = await week(clients.basica!, 'week=2026-W48');
      expectStatus(res, 200);
      expect(res.body.closedUntil).toBe('2026-11-25');
      expect(res.body.rows.find((r) => r.unitOfMeasureCode === 'HOUR')!.cells[2]!.editable).toBe(false);
    } finally {
      expectOk(await clients.wkadmin!.put('/api/account/closed-period', { closedUntil: null }));
    }
  });
});
