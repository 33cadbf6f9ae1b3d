import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../../src/shared/limits';
import { encodeCursor } from '../../src/shared/paging';
import { expectOk, expectStatus, fieldCodes, trpcData, type ApiClient, type ResponseFor } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';
import { download, insertRecords, record, setUpExportWorld, type ExportWorld } from './export-fixtures';

interface Rec {
  id: number;
  date: string;
  username: string;
  timeFrom: string | null;
  quantity: number;
  unitOfMeasureCode: string;
  exported: boolean;
}
type Group = { key: string; worksheet: Rec[] };

/** Owners and their teams (setUpExportWorld); jobs J-1001/J-2001 are team A, J-1002 team B, J-3001 none. */
const OWNERS = ['pgadmin', 'leada', 'leadb', 'basica', 'basicb', 'dansk'] as const;
const OWNER_TEAM: Record<string, string> = { pgadmin: 'A', leada: 'A', leadb: 'B', basica: 'A', basicb: 'B', dansk: 'A' };
const JOBS = [
  { jobCode: 'J-1001', team: 'A' },
  { jobCode: 'J-1002', team: 'B' },
  { jobCode: 'J-3001', team: null },
] as const;
const TOTAL = 600;

/** Follows the REST Link headers from `path` to the end; returns every page's groups. */
async function followLinks(client: ApiClient, path: string, maxPages = 200): Promise<{ pages: Group[][]; totalCount: number; links: number }> {
  const pages: Group[][] = [];
  let next: string | null = path;
  let links = 0;
  // The totals of the same selection: /api/worksheet/totals with the same filters (no paging).
  const q = new URL(path, 'http://x').searchParams;
  q.delete('limit');
  const totals = await client.get(`/api/worksheet/totals?${q.toString()}`);
  expectStatus(totals, 200);
  const totalCount = totals.body.entries;
  while (next) {
    if (pages.length >= maxPages) throw new Error('too many pages');
    const res: ResponseFor<'/api/worksheet', 'get'> = await client.get(next as `/api/worksheet?${string}`); // a Link of the worksheet list
    expectStatus(res, 200);
    expect(Array.isArray(res.body)).toBe(true);
    pages.push(res.body);
    const link = res.headers.get('link');
    if (link) {
      const m = /^<([^>]+)>; rel="next"$/.exec(link);
      expect(m, link).not.toBeNull();
      next = m![1]!;
      links += 1;
    } else next = null;
  }
  return { pages, totalCount, links };
}

const idsOf = (pages: Group[][]) => pages.flatMap((p) => p.flatMap((g) => g.worksheet.map((r) => r.id)));

async function trpcList(client: ApiClient, input: Record<string, unknown>) {
  const res = await client.get(`/api/trpc/worksheet.list?input=${encodeURIComponent(JSON.stringify(input))}`);
  return res;
}

describe('worksheet and archive paging (issue 9)', () => {
  let app: TestApp;
  let w: ExportWorld;
  let admin: ApiClient;
  let leadA: ApiClient;
  let basicA: ApiClient;
  let all: Array<Rec & { jobCode: string }>;

  beforeAll(async () => {
    app = await startTestApp();
    w = await setUpExportWorld(app, 'pg');
    [admin, leadA, basicA] = (await Promise.all(['pgadmin', 'leada', 'basica'].map((u) => app.login(u)))) as [ApiClient, ApiClient, ApiClient];
    // 600 entries over 45 days, several per day and owner, some days much fuller than a page size,
    // in two units of measure; inserted in a shuffled order so ids do not follow dates.
    const rows = Array.from({ length: TOTAL }, (_, i) => {
      const day = (i * 7) % 45;
      const date = new Date(Date.UTC(2026, 9, 1) + day * 86_400_000).toISOString().slice(0, 10);
      const owner = OWNERS[i % OWNERS.length]!;
      const job = JOBS[i % JOBS.length]!;
      const item = i % 5 === 0;
      const hour = 6 + (i % 10);
      return record(w.accountId, owner, {
        date,
        jobCode: job.jobCode,
        ...(item
          ? { unitType: 'Item' as const, unitNo: '1000', unitOfMeasureCode: 'BOX', unitOfMeasureDescription: 'Box', timeFrom: null, timeTo: null, quantity: (i % 7) + 1 }
          : { timeFrom: `${String(hour).padStart(2, '0')}:00:00`, timeTo: `${String(hour + 1).padStart(2, '0')}:30:00`, quantity: 1.5 }),
      });
    });
    await insertRecords(app, rows);
    const stored = await app.db
      .selectFrom('worksheetRecord')
      .select(['id', 'date', 'username', 'timeFrom', 'quantity', 'unitOfMeasureCode', 'exported', 'jobCode'])
      .where('accountId', '=', w.accountId)
      .execute();
    all = stored.map((r) => ({ ...r, quantity: Number(r.quantity) }));
  }, 120_000);
  afterAll(() => app?.close());

  it('stores the owner id on every record (trigger), so lists join by an indexed key', async () => {
    const r = await sql<{ missing: number }>`SELECT count(*)::integer AS missing FROM worksheet_record w JOIN app_user u ON u.id = w.user_id
      WHERE w.account_id = ${w.accountId} AND lower(u.username) = lower(w.username)`.execute(app.db);
    expect(r.rows[0]!.missing).toBe(TOTAL);
  });

  it(`a page holds ${PAGE_SIZE_DEFAULT} entries by default; a limit above ${PAGE_SIZE_MAX} (or below 1) is refused with 400`, async () => {
    const first = await admin.get('/api/worksheet?mode=ALL');
    expectStatus(first, 200);
    expect(first.body.flatMap((g) => g.worksheet)).toHaveLength(PAGE_SIZE_DEFAULT);
    expect(first.headers.get('link')).toMatch(/rel="next"/);
    expect(expectOk(await admin.get('/api/worksheet/totals?mode=ALL')).entries).toBe(TOTAL);

    for (const limit of [PAGE_SIZE_MAX + 1, 100_000, 0, -1]) {
      const res = await admin.get(`/api/worksheet?mode=ALL&limit=${limit}`);
      expectStatus(res, 400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(Object.keys(res.body.errors ?? {})).toContain('limit');
    }
    const trpcRes = await trpcList(admin, { mode: 'ALL', limit: PAGE_SIZE_MAX + 1 });
    expectStatus(trpcRes, 400);
    const max = await admin.get(`/api/worksheet?mode=ALL&limit=${PAGE_SIZE_MAX}`);
    expectStatus(max, 200);
    expect(max.body.flatMap((g) => g.worksheet)).toHaveLength(TOTAL);
    expect(max.headers.get('link')).toBeNull();
  });

  it('following the Link headers yields every entry exactly once, days in order, and ends', async () => {
    const { pages, totalCount, links } = await followLinks(admin, '/api/worksheet?mode=ALL&limit=37');
    expect(totalCount).toBe(TOTAL);
    expect(pages).toHaveLength(Math.ceil(TOTAL / 37));
    expect(links).toBe(pages.length - 1);
    const ids = idsOf(pages);
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    expect([...ids].sort((a, b) => a - b)).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
    // Keys never go up: a day continues on the next page at most, so merging neighbours is enough.
    const keys = pages.flatMap((p) => p.map((g) => g.key));
    for (let i = 1; i < keys.length; i += 1) expect(keys[i]! <= keys[i - 1]!).toBe(true);
    // Within a page, a day is ordered by start time (entries without one last), then by id.
    for (const g of pages.flat()) {
      const times = g.worksheet.map((r) => r.timeFrom ?? '99:99');
      expect(times).toEqual([...times].sort());
    }
    // Every filter of the first request is kept in the link.
    const res = await admin.get('/api/worksheet?mode=ALL&limit=50&jobCode=J-1002');
    expect(res.headers.get('link')).toMatch(/mode=ALL/);
    expect(res.headers.get('link')).toMatch(/jobCode=J-1002/);
  });

  it('YOURS and TEAM page through exactly their selection, and their totals count it', async () => {
    const y = await followLinks(basicA, '/api/worksheet?limit=13');
    const yours = idsOf(y.pages);
    expect(y.totalCount).toBe(yours.length);
    expect(new Set(yours).size).toBe(yours.length);
    expect([...yours].sort((a, b) => a - b)).toEqual(
      all
        .filter((r) => r.username === 'basica')
        .map((r) => r.id)
        .sort((a, b) => a - b),
    );

    const t = await followLinks(leadA, '/api/worksheet?mode=TEAM&limit=41');
    const team = idsOf(t.pages);
    expect(t.totalCount).toBe(team.length);
    const jobTeam = (code: string) => JOBS.find((j) => j.jobCode === code)?.team;
    const expected = all.filter((r) => OWNER_TEAM[r.username] === 'A' || jobTeam(r.jobCode) === 'A').map((r) => r.id);
    expect(new Set(team).size).toBe(team.length);
    expect([...team].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it('the totals (computed in SQL) equal the sums over all pages; tRPC pages chain by nextCursor', async () => {
    const pages: Array<{ groups: Group[]; nextCursor: string | null }> = [];
    let cursor: string | null = null;
    do {
      const res = await trpcList(admin, { mode: 'ALL', limit: 64, ...(cursor ? { cursor } : {}) });
      const page = trpcData(res, 'worksheet.list');
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    const totalsRes = await admin.get(`/api/trpc/worksheet.totals?input=${encodeURIComponent(JSON.stringify({ mode: 'ALL' }))}`);
    const totals = trpcData(totalsRes, 'worksheet.totals');
    // REST answers the same.
    expect((await admin.get('/api/worksheet/totals?mode=ALL')).body).toEqual(totals);
    const records = pages.flatMap((p) => p.groups.flatMap((g) => g.worksheet));
    expect(records).toHaveLength(TOTAL);
    expect(totals.entries).toBe(TOTAL);
    const sums = new Map<string, number>();
    for (const r of records) sums.set(r.unitOfMeasureCode, Math.round(((sums.get(r.unitOfMeasureCode) ?? 0) + r.quantity) * 100) / 100);
    expect(Object.fromEntries(totals.units.map((u) => [u.code, u.total]))).toEqual(Object.fromEntries(sums));
    expect(totals.units.find((u) => u.code === 'BOX')?.label).toBe('Box');
  });

  it('a tampered, truncated or foreign cursor answers 400, never 500', async () => {
    const first = await admin.get('/api/worksheet?mode=ALL&limit=10');
    const link = first.headers.get('link')!;
    const cursor = new URL(/<([^>]+)>/.exec(link)![1]!, 'http://x').searchParams.get('cursor')!;
    const flip = cursor.slice(0, -2) + (cursor.endsWith('A') ? 'B' : 'A') + cursor.slice(-1);
    const bad = [
      flip,
      cursor.slice(0, 5),
      'not a cursor',
      'x'.repeat(500),
      Buffer.from('w1:2026-02-30:5').toString('base64url'),
      Buffer.from('w2:2026-02-01:5').toString('base64url'),
      Buffer.from('w1:2026-02-01:0').toString('base64url'),
      Buffer.from('w1:2026-02-01:99999999999').toString('base64url'),
      Buffer.from("w1:2026-02-01:5' OR 1=1").toString('base64url'),
    ];
    for (const c of bad) {
      const res = await admin.get(`/api/worksheet?mode=ALL&cursor=${encodeURIComponent(c)}`);
      expectStatus(res, 400);
      expect(fieldCodes(res.body).cursor, c).toEqual(['INVALID_CURSOR']);
    }
    expect((await trpcList(admin, { mode: 'ALL', cursor: 'garbage!' })).status).toBe(400);
    // A well-formed cursor is just a position: it never widens what the caller may see.
    const anyPos = await basicA.get(`/api/worksheet?mode=ALL&cursor=${encodeCursor({ date: '2099-01-01', id: 2147483647 })}`);
    expectStatus(anyPos, 200);
    expect(anyPos.body.flatMap((g) => g.worksheet).every((r) => r.username === 'basica')).toBe(true);
  });

  describe('archive', () => {
    beforeAll(async () => {
      // Half of the entries become archived (the download itself is tested below).
      await sql`UPDATE worksheet_record SET exported = true, exported_by = 'pgadmin', exported_at = now() WHERE account_id = ${w.accountId} AND id % 2 = 0`.execute(app.db);
      for (const r of all) r.exported = r.id % 2 === 0;
    });

    it('an archive request without dates is paged like any other, and the links chain to the end', async () => {
      const archived = all.filter((r) => r.exported);
      const first = await admin.get('/api/worksheet?exported=true&mode=ALL');
      expectStatus(first, 200);
      expect(first.body.flatMap((g) => g.worksheet)).toHaveLength(PAGE_SIZE_DEFAULT);
      expect(expectOk(await admin.get('/api/worksheet/totals?exported=true&mode=ALL')).entries).toBe(archived.length);
      const { pages } = await followLinks(admin, '/api/worksheet?exported=true&mode=ALL&limit=29');
      const ids = idsOf(pages);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(archived.map((r) => r.id).sort((a, b) => a - b));
    });

    it('with from/to and customer/job filters the pages hold exactly the filtered range', async () => {
      const from = '2026-10-10';
      const to = '2026-10-30';
      const { pages, totalCount } = await followLinks(admin, `/api/worksheet?exported=true&mode=ALL&from=${from}&to=${to}&jobCode=J-1001&customerNo=C1000&limit=7`);
      const expected = all.filter((r) => r.exported && r.date >= from && r.date <= to && r.jobCode === 'J-1001').map((r) => r.id);
      expect(expected.length).toBeGreaterThan(7);
      expect(totalCount).toBe(expected.length);
      expect(idsOf(pages).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    });
  });

  it('mark as exported stays exactly-once: two overlapping exports at once mark and export every row once', async () => {
    const open = all.filter((r) => !r.exported && r.username !== 'pgadmin').map((r) => r.id);
    const a = open.slice(0, Math.ceil(open.length * 0.7));
    const b = open.slice(Math.floor(open.length * 0.3));
    const [ra, rb] = await Promise.all([
      download(admin, { entries: a, mode: 'ALL', shouldMarkAsExported: true }),
      download(admin, { entries: b, mode: 'ALL', shouldMarkAsExported: true }),
    ]);
    expectStatus(ra, 200);
    expectStatus(rb, 200);
    const lines = (t: string) =>
      t
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n').length - 1;
    expect(lines(ra.body) + lines(rb.body)).toBe(open.length);
    const h = await sql<{ worksheet_id: number; n: number }>`SELECT worksheet_id, count(*)::integer AS n FROM worksheet_history
      WHERE account_id = ${w.accountId} AND action = 'export' GROUP BY worksheet_id`.execute(app.db.withoutPlugins());
    expect(h.rows).toHaveLength(open.length);
    expect(h.rows.every((r) => r.n === 1)).toBe(true);
    // The worksheet list no longer pages over them.
    const rest = idsOf((await followLinks(admin, '/api/worksheet?mode=ALL&limit=100')).pages);
    expect(rest.filter((id) => open.includes(id))).toEqual([]);
  });
});
