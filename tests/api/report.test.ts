import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorksheetRecordTable } from '../../db/types';
import { expectOk, expectStatus, trpcData, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { insertRecords, parseCsv, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

interface Line {
  keys: Array<string | null>;
  labels: Array<string | null>;
  hours?: number;
  quantities?: Array<{ code: string; quantity: number }>;
  entries?: number;
  approvedEntries?: number;
  approvedShare?: number;
  exportedEntries?: number;
  exportedShare?: number;
}
interface Report {
  groups: string[];
  measures: string[];
  mode: string;
  units: Array<{ code: string; label: string }>;
  rows: Line[];
  subtotals: Line[];
  total: Line;
}

let app: TestApp;
let world: ExportWorld;
const clients: Record<string, ApiClient> = {};
let entries: Array<Insertable<WorksheetRecordTable>> = [];

/** Teams of the world (setUpExportWorld): users and jobs. */
const USER_TEAM: Record<string, string> = { rpadmin: 'A', leada: 'A', leadb: 'B', basica: 'A', basicb: 'B', dansk: 'A', leaddk: 'A' };
const JOB_TEAM: Record<string, string | null> = { 'J-1001': 'A', 'J-2001': 'A', 'J-1002': 'B', 'J-3001': null };

beforeAll(async () => {
  app = await startTestApp();
  world = await setUpExportWorld(app, 'rp');
  const a = world.accountId;
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
  const approved = { approvedBy: 'leada', approvedDateTime: '2026-11-02T10:00:00Z' };
  const archived = { exported: true, exportedBy: 'rpadmin', exportedAt: '2026-11-03T10:00:00Z', ...approved };
  entries = [
    // October and November, open and archived, over the month boundary and two ISO weeks
    record(a, 'basica', { date: '2026-10-30', quantity: 4, ...archived }),
    record(a, 'basica', { date: '2026-11-02', quantity: 7.5, ...approved }),
    record(a, 'basica', { date: '2026-11-03', quantity: 2.25 }),
    record(a, 'basica', { date: '2026-11-03', ...item, quantity: 12.5 }),
    record(a, 'basica', { date: '2026-11-10', quantity: 3, jobCode: 'J-1002', jobTaskCode: null, jobTaskDescription: null, customerNo: null, customerName: null }),
    record(a, 'leada', { date: '2026-11-04', quantity: 6, jobCode: 'J-2001', jobDescription: 'Roof', ...archived }),
    record(a, 'leada', { date: '2026-11-05', ...item, quantity: 0.5 }),
    record(a, 'basicb', { date: '2026-11-04', quantity: 8, jobCode: 'J-1002', jobDescription: 'Office' }),
    record(a, 'basicb', { date: '2026-11-06', quantity: 1.75, jobCode: 'J-1001', ...archived }),
    record(a, 'leadb', { date: '2026-11-06', quantity: 5, jobCode: 'J-3001', jobDescription: 'No team', workTypeCode: 'OT', workTypeDescription: 'Overtime' }),
    record(a, 'rpadmin', { date: '2026-11-09', quantity: 2, jobCode: 'J-3001', jobDescription: 'No team' }),
    // outside the period
    record(a, 'basica', { date: '2026-09-30', quantity: 100 }),
    record(a, 'basica', { date: '2026-12-01', quantity: 100, ...archived }),
  ];
  await insertRecords(app, entries);
  await insertRecords(app, [record(world.otherAccountId, 'rpotheradmin', { date: '2026-11-02', quantity: 9 })]);
  for (const u of ['rpadmin', 'leada', 'leadb', 'basica', 'basicb', 'rpotheradmin']) clients[u] = await app.login(u);
});

afterAll(async () => {
  await app?.close();
});

const PERIOD = 'from=2026-10-01&to=2026-11-30';
const report = (c: ApiClient, q: string) => c.get(`/api/report?${q}`);
const r2 = (n: number) => Math.round(n * 100) / 100;

/** What a role may see, by the lists' rule (spec §6), computed here from the inserted entries. */
function visible(viewer: string): Array<Insertable<WorksheetRecordTable>> {
  const inPeriod = entries.filter((e) => e.date >= '2026-10-01' && e.date <= '2026-11-30');
  if (viewer === 'rpadmin') return inPeriod;
  if (viewer.startsWith('lead')) {
    const team = USER_TEAM[viewer];
    return inPeriod.filter((e) => USER_TEAM[e.username] === team || JOB_TEAM[e.jobCode] === team);
  }
  return inPeriod.filter((e) => e.username === viewer);
}

function sumLines(lines: Line[]) {
  const q = new Map<string, number>();
  for (const l of lines) for (const x of l.quantities ?? []) q.set(x.code, r2((q.get(x.code) ?? 0) + x.quantity));
  return {
    hours: r2(lines.reduce((s, l) => s + (l.hours ?? 0), 0)),
    entries: lines.reduce((s, l) => s + (l.entries ?? 0), 0),
    approvedEntries: lines.reduce((s, l) => s + (l.approvedEntries ?? 0), 0),
    exportedEntries: lines.reduce((s, l) => s + (l.exportedEntries ?? 0), 0),
    quantities: [...q].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)),
  };
}
const sums = (l: Line) => sumLines([l]);

/** Every subtotal is the sum of its rows, the total the sum of all rows. */
function expectConsistent(rep: Report) {
  expect(sums(rep.total)).toEqual(sumLines(rep.rows));
  if (rep.groups.length === 2) {
    expect(sumLines(rep.subtotals)).toEqual(sums(rep.total));
    for (const s of rep.subtotals) expect(sums(s), JSON.stringify(s.keys)).toEqual(sumLines(rep.rows.filter((r) => r.keys[0] === s.keys[0])));
  } else expect(rep.subtotals).toEqual([]);
}

function expectedTotal(list: Array<Insertable<WorksheetRecordTable>>) {
  const q = new Map<string, number>();
  for (const e of list) q.set(e.unitOfMeasureCode, r2((q.get(e.unitOfMeasureCode) ?? 0) + Number(e.quantity)));
  return {
    hours: r2(list.filter((e) => e.unitType === 'Resource').reduce((s, e) => s + Number(e.quantity), 0)),
    entries: list.length,
    approvedEntries: list.filter((e) => e.approvedBy).length,
    exportedEntries: list.filter((e) => e.exported).length,
    quantities: [...q].sort(([a], [b]) => a.localeCompare(b)),
  };
}

describe('GET /api/report', () => {
  const groupings = ['job', 'person', 'customer', 'jobTask', 'workType', 'unit', 'week', 'month', 'job,person', 'month,job', 'week,person', 'customer,unit', 'person,week'];

  for (const viewer of ['rpadmin', 'leada', 'leadb', 'basica', 'basicb']) {
    it(`${viewer}: every total is the sum of its rows, and only what the lists show them, across worksheet and archive`, async () => {
      const expected = expectedTotal(visible(viewer));
      for (const group of groupings) {
        const res = await report(clients[viewer]!, `group=${group}&${PERIOD}`);
        expectStatus(res, 200);
        expectConsistent(res.body);
        expect(sums(res.body.total), `${viewer} ${group}`).toEqual(expected);
      }
    });
  }

  it('a team leader never sees another team’s hours in any group or total', async () => {
    const res = await report(clients.leada!, `group=person,job&${PERIOD}`);
    const people = new Set(expectOk(res).rows.map((r) => r.keys[0]));
    expect(people.has('leadb')).toBe(false);
    // basicb (team B) shows only with the entry on team A's job J-1001, as in the Team list
    expect(
      expectOk(res)
        .rows.filter((r) => r.keys[0] === 'basicb')
        .map((r) => r.keys[1]),
    ).toEqual(['J-1001']);
    // leadb's entry on the team-less job J-3001 is in no total of team A
    expect(expectOk(res).total.hours).toBe(r2(39.5 - 5 - 8));
    const b = await report(clients.leadb!, `group=person&${PERIOD}`);
    expect(
      expectOk(b)
        .rows.map((r) => r.keys[0])
        .sort(),
    ).toEqual(['basica', 'basicb', 'leadb']);
    expect(expectOk(b).rows.find((r) => r.keys[0] === 'basica')?.hours).toBe(3);
  });

  it('groups by two levels with subtotals, and keys weeks, months and units', async () => {
    const res = await report(clients.rpadmin!, `group=month,person&${PERIOD}`);
    expect(expectOk(res).rows.map((r) => r.keys)).toEqual([
      ['2026-10', 'basica'],
      ['2026-11', 'basica'],
      ['2026-11', 'basicb'],
      ['2026-11', 'leada'],
      ['2026-11', 'leadb'],
      ['2026-11', 'rpadmin'],
    ]);
    expect(expectOk(res).subtotals.map((s) => [s.keys, s.hours])).toEqual([
      [['2026-10'], 4],
      [['2026-11'], 35.5],
    ]);
    const weeks = await report(clients.basica!, `group=week&${PERIOD}&measures=hours`);
    expect(expectOk(weeks).rows.map((r) => [r.keys[0], r.hours])).toEqual([
      ['2026-W44', 4],
      ['2026-W45', 9.75],
      ['2026-W46', 3],
    ]);
    expect(expectOk(weeks).rows[0]).not.toHaveProperty('entries');
    const units = await report(clients.rpadmin!, `group=unit&${PERIOD}&measures=quantity`);
    expect(expectOk(units).rows.map((r) => [r.keys[0], r.labels[0], r.quantities])).toEqual([
      ['Item:1000', 'Screws', [{ code: 'BOX', quantity: 13 }]],
      ['Resource:R01', 'Carpenter', [{ code: 'HOUR', quantity: 39.5 }]],
    ]);
    const customers = await report(clients.rpadmin!, `group=customer&${PERIOD}&measures=entries`);
    expect(expectOk(customers).rows[0]).toMatchObject({ keys: [null], entries: 1 });
  });

  it('filters by source, status, person, customer and job', async () => {
    const archive = await report(clients.rpadmin!, `group=job&${PERIOD}&source=archive`);
    expect(expectOk(archive).total).toMatchObject({ hours: 11.75, entries: 3, exportedShare: 1 });
    const open = await report(clients.rpadmin!, `group=job&${PERIOD}&source=worksheet`);
    expect(expectOk(open).total).toMatchObject({ entries: 8, exportedEntries: 0 });
    const approvedOnly = await report(clients.rpadmin!, `group=job&${PERIOD}&status=approved`);
    expect(expectOk(approvedOnly).total).toMatchObject({ entries: 4, approvedShare: 1 });
    const unapproved = await report(clients.rpadmin!, `group=job&${PERIOD}&status=unapproved`);
    expect(expectOk(unapproved).total.entries).toBe(7);
    const person = await report(clients.leada!, `group=job&${PERIOD}&person=BasicA`);
    expect(expectOk(person).total.hours).toBe(16.75);
    const job = await report(clients.rpadmin!, `group=person&${PERIOD}&jobCode=J-1002`);
    expect(expectOk(job).total.hours).toBe(11);
    const customer = await report(clients.rpadmin!, `group=person&${PERIOD}&customerNo=C1000`);
    expect(expectOk(customer).total.entries).toBe(10);
    const yours = await report(clients.leada!, `group=job&${PERIOD}&mode=YOURS`);
    expect(expectOk(yours).total.entries).toBe(2);
  });

  it('answers 400 naming the parameter for bad input, and never widens', async () => {
    const cases: Array<[string, string, ApiClient]> = [
      ['group=foo', 'group', clients.rpadmin!],
      ['group=job,person,week', 'group', clients.rpadmin!],
      ['group=', 'group', clients.rpadmin!],
      ['group=job&measures=hours,foo', 'measures', clients.rpadmin!],
      ['group=job&from=2020-01-01&to=2025-01-01', 'to', clients.rpadmin!],
      ['group=job&from=2026-11-30&to=2026-10-01', 'from', clients.rpadmin!],
      ['group=job&person=basicb', 'person', clients.leada!],
      ['group=job&person=nobody', 'person', clients.rpadmin!],
      ['group=job&person=basicb', 'person', clients.basica!],
      ['group=job&person=basica', 'person', clients.rpotheradmin!],
    ];
    for (const [q, field, c] of cases) {
      const query = q.includes('from=') ? q : `${q}&${PERIOD}`;
      const res = await report(c, query);
      expectStatus(res, 400);
      expect(Object.keys(res.body.errors ?? {}), q).toEqual([field]);
    }
    expect((await report(clients.rpadmin!, 'group=job&from=2020-01-01&to=2024-12-31')).status).toBe(200);
    expect((await report(clients.leada!, `group=job&${PERIOD}&mode=ALL`)).status).toBe(403);
    // A Basic user asking for ALL still gets their own (as the lists)
    const basic = await report(clients.basica!, `group=job&${PERIOD}&mode=ALL`);
    expect(expectOk(basic).mode).toBe('YOURS');
    expect(expectOk(basic).total.entries).toBe(visible('basica').length);
    // another account sees nothing of this one
    const other = await report(clients.rpotheradmin!, `group=job&${PERIOD}`);
    expect(expectOk(other).total.hours).toBe(9);
  });
});

describe('one shape per value: tRPC takes the lists as arrays, REST comma-separated (issue 39 §4)', () => {
  it('answers the same report to report.get with arrays, REST with group=a,b, and REST with the names repeated', async () => {
    const c = clients.rpadmin!;
    const input = { group: ['person', 'job'], measures: ['hours', 'entries'], from: '2026-11-01', to: '2026-11-30' };
    const viaTrpc = trpcData(await c.get(`/api/trpc/report.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`), 'report.get');
    const comma = expectOk(await report(c, 'group=person,job&measures=hours,entries&from=2026-11-01&to=2026-11-30'));
    const repeated = expectOk(await report(c, 'group=person&group=job&measures=hours&measures=entries&from=2026-11-01&to=2026-11-30'));
    expect(viaTrpc.groups).toEqual(['person', 'job']);
    expect(viaTrpc.measures).toEqual(['hours', 'entries']);
    expect(comma).toEqual(viaTrpc);
    expect(repeated).toEqual(viaTrpc);
    // tRPC refuses the REST form: a string is not a list
    const wrong = await c.get(`/api/trpc/report.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { ...input, group: 'person,job' } }))}`);
    expect(wrong.status).toBe(400);
  });

  it('documents the REST form as an array in the form style without explode', async () => {
    const doc = expectOk(await clients.rpadmin!.get('/api/openapi.json')) as {
      paths: Record<string, { get: { parameters: Array<{ name: string; style?: string; explode?: boolean; schema: { type?: string } }> } }>;
    };
    for (const path of ['/api/report', '/api/report/download']) {
      const group = doc.paths[path]!.get.parameters.find((p) => p.name === 'group')!;
      expect([path, group.style, group.explode, group.schema.type]).toEqual([path, 'form', false, 'array']);
    }
  });
});

describe('GET /api/report/download', () => {
  async function bytes(c: ApiClient, q: string) {
    const headers: Record<string, string> = { Origin: c.baseUrl };
    if (c.cookie) headers.Cookie = c.cookie;
    const res = await fetch(`${c.baseUrl}/api/report/download?${q}`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('writes the report as xlsx with typed cells, subtotals and the total', async () => {
    const res = await bytes(clients.rpadmin!, `format=xlsx&group=month,person&measures=hours,entries&${PERIOD}`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Month', 'Person', 'Hours', 'Entries']);
    expect(rows[1]).toEqual(['2026-10', 'basica', 4, 1]);
    expect(rows[2]).toEqual(['2026-10', 'Subtotal', 4, 1]);
    const last = rows.at(-1)!;
    expect([last[0], last[2], last[3]]).toEqual(['Total', 39.5, 11]);
  });

  it('writes CSV in the user’s language with the formula guard', async () => {
    const res = await bytes(clients.rpadmin!, `format=csv&csvFormat=danish&group=job&measures=hours&${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/csv');
    const csv = parseCsv(res.bytes.toString('utf8'), ';');
    expect(csv.bom).toBe(true);
    expect(csv.header).toEqual(['Job', 'Job – Name', 'Hours']);
    expect(csv.rows.at(-1)).toEqual(['Total', '', '39,5']);
    const bad = await bytes(clients.rpadmin!, `format=pdf&group=job&${PERIOD}`);
    expect(bad.status).toBe(400);
  });
});

describe('report.glance (the worksheet home at a glance)', () => {
  const glance = async (c: ApiClient, today: string) => {
    const res = await c.get(`/api/trpc/report.glance?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { today } }))}`);
    return trpcData(res, 'report.glance');
  };

  it('gives a team leader the team’s open entries waiting for approval, and everyone this week’s hours against last week’s', async () => {
    // Team A's open, unapproved entries (owner or job in team A, any date): basica ×4, leada ×1, rpadmin ×1.
    expect(await glance(clients.leada!, '2026-11-04')).toEqual({ waiting: 6, returned: 0, thisWeek: 6, lastWeek: 0, week: '2026-W45' });
    expect(await glance(clients.leadb!, '2026-11-04')).toMatchObject({ waiting: 3, thisWeek: 5 });
    // basica's W45: 7.5 + 2.25 hours (the boxes are no hours); W44: 4 (archived)
    expect(await glance(clients.basica!, '2026-11-04')).toEqual({ waiting: null, returned: 0, thisWeek: 9.75, lastWeek: 4, week: '2026-W45' });
    expect((await glance(clients.rpadmin!, '2026-11-04')).waiting).toBeNull();
  });
});
