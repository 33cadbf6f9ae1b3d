/**
 * Issue 9: paged lists at 1 M archived + 50 000 open entries on PostgreSQL, and the plans of the
 * list, archive, export and mark queries before and after ANALYZE.
 *
 *   node --import tsx bench/paging.ts [--plans] [--quick]     (or: npm run bench -- paging)
 *
 * --plans writes EXPLAIN (ANALYZE, BUFFERS) output to docs/plans/. --quick: 100 000 archived.
 * Uses its own database webtid_plans_listpaging (dropped afterwards). Every figure is printed next
 * to its goal; latencies are nearest-rank percentiles of every request made (counts printed), after a
 * warm-up; the load is closed-loop on 127.0.0.1 and bounded in count and time.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import postgres from 'postgres';
import { analyze, migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { csvCells, rowsSql, type ExportScope } from '../db/queries/export';
import { listRecordsQuery, listTotalsQuery, type WorksheetListFilter } from '../db/queries/worksheet';
import { seedMasterData } from '../db/seed/demo';
import { hashPassword } from '../src/server/auth/passwords';
import { csvDialect } from '../src/server/csv/header';
import { createAccount } from '../src/server/services/accounts';
import { encodeCursor } from '../src/shared/paging';
import { BENCH_DATABASE_URL, startServerProcess, type ServerProcess } from './lib';

const quick = process.argv.includes('--quick');
const writePlans = process.argv.includes('--plans');
const ARCHIVED = quick ? 100_000 : 1_000_000;
const SMALL = 100_000;
const OPEN = 50_000;
const USERS = 50;
const PASSWORD = 'bench-pass-1';
const DB_NAME = 'webtid_plans_listpaging';
const PLANS_DIR = resolve(import.meta.dirname, '../docs/plans');

const out = (label: string, value: string) => console.log(`  ${label.padEnd(44)} ${value}`);

async function seedAccount(dbh: DbHandle): Promise<number> {
  const { accountId } = await createAccount(dbh.db, { code: 'PAGING', name: 'Paging bench A/S', admin: 'pgbenchadmin', password: PASSWORD });
  await dbh.db.updateTable('appUser').set({ teamCode: 'A' }).where('accountId', '=', accountId).execute();
  await seedMasterData(dbh.db, accountId);
  const hash = await hashPassword(PASSWORD);
  const teams = ['A', 'B', 'C', 'D', 'E'];
  await dbh.db
    .insertInto('appUser')
    .values([
      { accountId, username: 'pgbenchlead', passwordHash: hash, profileType: 'Teamleader', teamCode: 'A' },
      ...Array.from({ length: USERS }, (_, i) => ({ accountId, username: `p${String(i + 1).padStart(3, '0')}`, passwordHash: hash, teamCode: teams[i % teams.length]! })),
    ])
    .execute();
  return accountId;
}

/** Rows g = from…to: archived ones over ~6.5 years, open ones over the last 60 days; 50 owners. */
async function insertRecords(dbh: DbHandle, accountId: number, from: number, to: number, exported: boolean): Promise<void> {
  for (let start = from; start <= to; start += 250_000) {
    const end = Math.min(to, start + 249_999);
    await sql`
      INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description,
        job_task_code, job_task_description, location_code, work_type_code, work_type_description, unit_type, unit_no,
        unit_description, description, time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description,
        created_by, modified_by, modified_date, approved_by, approved_date_time, exported, exported_by, exported_at)
      SELECT ${sql.lit(accountId)}, 'p' || lpad(((g % ${sql.lit(USERS)}) + 1)::text, 3, '0'),
        ${exported ? sql`date '2019-01-01' + (g % 2400)` : sql`current_date - (g % 60)`},
        j.customer_no, j.customer_name, j.code, j.description, '100', j.task, 'CPH', 'NORMAL', 'Normal hours',
        CASE WHEN g % 4 = 0 THEN 'Item' ELSE 'Resource' END, CASE WHEN g % 4 = 0 THEN '1000' ELSE 'R01' END,
        CASE WHEN g % 4 = 0 THEN 'Screws 5x50, box' ELSE 'Carpenter' END, 'Bench entry ' || g,
        CASE WHEN g % 4 = 0 THEN NULL ELSE time '07:00' + ((g % 8) * interval '15 minutes') END,
        CASE WHEN g % 4 = 0 THEN NULL ELSE time '12:00' + ((g % 16) * interval '15 minutes') END,
        CASE WHEN g % 4 = 0 THEN (g % 9) + 1 ELSE 5 END, CASE WHEN g % 4 = 0 THEN 'BOX' ELSE 'HOUR' END, CASE WHEN g % 4 = 0 THEN 'Box' ELSE 'Hour' END,
        'pgbenchadmin', 'pgbenchadmin', now(),
        CASE WHEN ${sql.lit(exported)} OR g % 3 = 0 THEN 'pgbenchlead' END, CASE WHEN ${sql.lit(exported)} OR g % 3 = 0 THEN now() END,
        ${sql.lit(exported)}, ${exported ? sql`'pgbenchadmin'` : sql`NULL`}, ${exported ? sql`now()` : sql`NULL::timestamptz`}
      FROM generate_series(${start}::int, ${end}::int) g
      JOIN (VALUES
        (0, 'J-1001', 'Kitchen renovation, Strandvejen 12', 'C1000', 'Nordhavn Byg ApS', 'Demolition'),
        (1, 'J-1002', 'New roof, warehouse', 'C1000', 'Nordhavn Byg ApS', 'Roofing'),
        (2, 'J-2001', 'Bathroom, block 4', 'C2000', 'Vestegnens Boligselskab', 'Tiling'),
        (3, 'J-3001', 'School windows service', 'C3000', 'Aarhus Kommune', NULL)
      ) AS j(k, code, description, customer_no, customer_name, task) ON j.k = g % 4`.execute(dbh.db);
  }
}

// ---------------------------------------------------------------------------------------------
// Plans

async function explain(pg: postgres.Sql, title: string, text: string, params: unknown[] = []): Promise<string> {
  const rows = await pg.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params as never[]);
  return `### ${title}\n${rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}\n`;
}

function compiled(dbh: DbHandle, q: RawBuilder<unknown> | null): { text: string; params: unknown[] } {
  if (!q) throw new Error('empty selection');
  const c = q.compile(dbh.db.withoutPlugins());
  return { text: c.sql, params: [...c.parameters] };
}

/** The old list query of the owner join (before migration 2026-11-23T1300), for comparison. */
const OLD_LIST_JOIN = `SELECT w.*, u.team_code, j.team_code FROM worksheet_record w
  LEFT JOIN app_user u ON u.account_id = w.account_id AND lower(u.username) = lower(w.username)
  LEFT JOIN job j ON j.account_id = w.account_id AND j.code = w.job_code
  WHERE w.account_id = $1 AND NOT w.exported ORDER BY w.date DESC, w.time_from ASC NULLS LAST, w.id ASC`;

async function plans(dbh: DbHandle, pg: postgres.Sql, accountId: number, leadId: number): Promise<string> {
  const base: WorksheetListFilter = { accountId, mode: 'ALL', userId: null, username: 'pgbenchadmin', teamCode: 'A', exported: false };
  const firstPage = { after: null, limit: 200 };
  const parts: string[] = [];
  const add = async (title: string, q: { text: string; params: unknown[] }) => parts.push(await explain(pg, title, q.text, q.params));
  await add('worksheet home, ALL, first page (200)', compiled(dbh, listRecordsQuery(base, firstPage)));
  const mid = (
    await pg.unsafe(`SELECT date::text AS date, id FROM worksheet_record WHERE account_id = $1 AND NOT exported ORDER BY date DESC, id DESC OFFSET 25000 LIMIT 1`, [accountId])
  )[0] as unknown as { date: string; id: number };
  await add('worksheet home, ALL, a page in the middle (cursor after 25 000 entries)', compiled(dbh, listRecordsQuery(base, { after: mid, limit: 200 })));
  await add('worksheet home, YOURS (team leader), first page', compiled(dbh, listRecordsQuery({ ...base, mode: 'YOURS', userId: leadId }, firstPage)));
  const p001 = (await pg.unsafe(`SELECT id FROM app_user WHERE username = 'p001'`))[0] as unknown as { id: number };
  await add('worksheet home, YOURS (a user with 1 000 open entries), first page', compiled(dbh, listRecordsQuery({ ...base, mode: 'YOURS', userId: p001.id }, firstPage)));
  await add('worksheet home, TEAM A, first page', compiled(dbh, listRecordsQuery({ ...base, mode: 'TEAM' }, firstPage)));
  await add('worksheet home, ALL, totals of the whole selection', compiled(dbh, listTotalsQuery(base)));
  const archive = { ...base, exported: true };
  await add('archive, ALL, no dates, first page', compiled(dbh, listRecordsQuery(archive, firstPage)));
  await add('archive, ALL, one year, first page', compiled(dbh, listRecordsQuery({ ...archive, from: '2022-01-01', to: '2022-12-31' }, firstPage)));
  await add('archive, ALL, one year + job, first page', compiled(dbh, listRecordsQuery({ ...archive, from: '2022-01-01', to: '2022-12-31', jobCode: 'J-2001' }, firstPage)));
  await add('archive, YOURS (p001), no dates, first page', compiled(dbh, listRecordsQuery({ ...archive, mode: 'YOURS', userId: p001.id }, firstPage)));
  await add('archive, ALL, one year, totals', compiled(dbh, listTotalsQuery({ ...archive, from: '2022-01-01', to: '2022-12-31' })));
  await add('archive, ALL, no dates, totals', compiled(dbh, listTotalsQuery(archive)));
  parts.push(await explain(pg, 'for comparison: the old unbounded list joined on lower(username) (5 000-entry goal at 50 000 open)', OLD_LIST_JOIN, [accountId]));

  // Export and mark of 1 000 open entries, each in a transaction that is rolled back.
  const ids = (await pg.unsafe(`SELECT id FROM worksheet_record WHERE account_id = $1 AND NOT exported ORDER BY random() LIMIT 1000`, [accountId])).map(
    (r) => (r as unknown as { id: number }).id,
  );
  const scope: ExportScope = { accountId, viewer: 'pgbenchadmin', teamCode: 'A', mode: 'ALL', manage: 'any', exported: false };
  const format = csvDialect('ENU').sql;
  for (const [title, query] of [
    ['export (plain CSV query) of 1 000 open entries', rowsSql({ kind: 'plain', scope }, csvCells(format))],
    ['mark as exported + CSV of 1 000 open entries (one statement, as inside COPY)', rowsSql({ kind: 'mark', scope, batchId: null }, csvCells(format))],
    [
      'mark as exported, Teamleader (TEAM scope), 1 000 ids',
      rowsSql({ kind: 'mark', scope: { ...scope, viewer: 'pgbenchlead', mode: 'TEAM', manage: 'team' }, batchId: null }, csvCells(format)),
    ],
  ] as const) {
    await pg
      .begin(async (tx) => {
        await tx.unsafe('CREATE TEMP TABLE export_ids (id integer NOT NULL) ON COMMIT DROP');
        await tx.unsafe('INSERT INTO export_ids (id) SELECT unnest($1::integer[])', [ids as never]);
        const rows = await tx.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
        parts.push(`### ${title}\n${rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}\n`);
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
  }
  return parts.join('\n');
}
class Rollback extends Error {}

// ---------------------------------------------------------------------------------------------
// Load

interface Samples {
  ms: number[];
  errors: number;
}

/** Closed loop: `connections` workers request `path` until `count` requests or `seconds` are done. */
async function run(url: string, path: () => string, headers: Record<string, string>, connections: number, count: number, seconds: number): Promise<Samples> {
  const ms: number[] = [];
  let errors = 0;
  let started = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (started < count && performance.now() < deadline) {
        started += 1;
        const t0 = performance.now();
        try {
          const res = await fetch(url + path(), { headers });
          await res.arrayBuffer();
          if (res.status !== 200) errors += 1;
          else ms.push(performance.now() - t0);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { ms, errors };
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

let failed = false;
function report(label: string, s: Samples, goalMs: number | null): void {
  const p95 = pct(s.ms, 95);
  const verdict = s.ms.length === 0 || s.errors > 0 ? 'FAIL' : goalMs === null ? '' : p95 <= goalMs ? 'meets' : `misses by ${(p95 / goalMs).toFixed(1)}×`;
  if (verdict === 'FAIL') failed = true;
  out(
    label,
    `p50 ${pct(s.ms, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (n=${s.ms.length}${s.errors ? `, errors ${s.errors}` : ''})${goalMs === null ? '' : `  goal p95 ≤ ${goalMs} ms: ${verdict}`}`,
  );
}

function vmHwmMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function login(url: string, username: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
  return { Cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, Origin: url };
}

/** Marks 1 000 open entries through POST /api/worksheet/download (CSV included), 5 times; then unmarks them. */
async function markRounds(server: ServerProcess, pg: postgres.Sql, accountId: number, admin: Record<string, string>): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < 6; round += 1) {
    const ids = (await pg.unsafe(`SELECT id FROM worksheet_record WHERE account_id = $1 AND NOT exported ORDER BY random() LIMIT 1000`, [accountId])).map(
      (r) => (r as unknown as { id: number }).id,
    );
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/worksheet/download`, {
      method: 'POST',
      headers: { ...admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entries: ids, mode: 'ALL', shouldMarkAsExported: true }),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200 || text.trim().split('\n').length !== 1001) {
      failed = true;
      out('mark as exported', `FAIL: status ${res.status}, ${text.trim().split('\n').length - 1} rows`);
    }
    if (round > 0) times.push(ms); // round 0 warms up
    await pg.unsafe(`UPDATE worksheet_record SET exported = false, exported_by = NULL, exported_at = NULL WHERE id = ANY($1::integer[])`, [ids as never]);
    await pg.unsafe(`DELETE FROM worksheet_history WHERE worksheet_id = ANY($1::integer[])`, [ids as never]);
  }
  return times;
}

async function loadFigures(server: ServerProcess, accountId: number, archivedRows: number): Promise<void> {
  const admin = await login(server.url, 'pgbenchadmin');
  const lead = await login(server.url, 'pgbenchlead');
  // Warm-up: every path once or more.
  await run(server.url, () => '/api/worksheet?mode=ALL', admin, 2, 40, 20);
  await run(server.url, () => '/api/worksheet?mode=ALL&exported=true', admin, 2, 20, 20);
  console.log(`\nPaged lists on PostgreSQL, ${archivedRows.toLocaleString('en')} archived + ${OPEN.toLocaleString('en')} open entries (issue 9 goals)`);
  report('home first page, ALL, 1 connection', await run(server.url, () => '/api/worksheet?mode=ALL', admin, 1, 200, 60), 50);
  report('home first page, TEAM, 1 connection', await run(server.url, () => '/api/worksheet?mode=TEAM', lead, 1, 100, 60), 50);
  const before = vmHwmMb(server.pid);
  report('home first page, ALL, 50 connections', await run(server.url, () => '/api/worksheet?mode=ALL', admin, 50, 1500, 90), 150);
  const peak = vmHwmMb(server.pid);
  out(
    'server peak RSS (VmHWM) after 50 connections',
    `${peak.toFixed(0)} MB (before the run ${before.toFixed(0)} MB)  goal ≤ 300 MB: ${peak <= 300 ? 'meets' : `misses by ${(peak / 300).toFixed(1)}×`}`,
  );
  report('archive first page, no dates, 1 connection', await run(server.url, () => '/api/worksheet?mode=ALL&exported=true', admin, 1, 100, 60), 100);
  report('archive first page, one year, 1 connection', await run(server.url, () => '/api/worksheet?mode=ALL&exported=true&from=2022-01-01&to=2022-12-31', admin, 1, 100, 60), 100);
  let i = 0;
  const cursors = Array.from({ length: 50 }, (_, k) => encodeCursor({ date: `2020-0${(k % 9) + 1}-15`, id: 2_000_000_000 }));
  report(
    'archive, a page deep inside (cursor), 1 conn.',
    await run(server.url, () => `/api/worksheet?mode=ALL&exported=true&cursor=${cursors[i++ % cursors.length]}`, admin, 1, 100, 60),
    100,
  );
}

export async function benchPaging(): Promise<void> {
  const adminPg = postgres(BENCH_DATABASE_URL, { max: 1, onnotice: () => {} });
  await adminPg.unsafe(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await adminPg.unsafe(`CREATE DATABASE ${DB_NAME}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${DB_NAME}`;
  const databaseUrl = url.toString();
  const dbh = await openDatabase({ databaseUrl, dataDir: '' });
  const pg = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  try {
    await migrateToLatest(dbh.db);
    // Plans "before analyze" must not be rescued by autovacuum halfway through.
    await sql`ALTER TABLE worksheet_record SET (autovacuum_enabled = false)`.execute(dbh.db);
    await sql`ALTER TABLE app_user SET (autovacuum_enabled = false)`.execute(dbh.db);
    const accountId = await seedAccount(dbh);
    const leadId = (await dbh.db.selectFrom('appUser').select('id').where('username', '=', 'pgbenchlead').executeTakeFirstOrThrow()).id;
    let t0 = performance.now();
    await insertRecords(dbh, accountId, 1, SMALL, true);
    await insertRecords(dbh, accountId, 10_000_001, 10_000_000 + OPEN, false);
    await analyze(dbh.db);
    out('seed', `${SMALL.toLocaleString('en')} archived + ${OPEN.toLocaleString('en')} open in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    let server = await startServerProcess({ DATABASE_URL: databaseUrl });
    const markSmall = await markRounds(server, pg, accountId, await login(server.url, 'pgbenchadmin'));
    await server.stop();

    t0 = performance.now();
    if (ARCHIVED > SMALL) await insertRecords(dbh, accountId, SMALL + 1, ARCHIVED, true);
    out('seed', `now ${ARCHIVED.toLocaleString('en')} archived + ${OPEN.toLocaleString('en')} open (${((performance.now() - t0) / 1000).toFixed(1)} s more)`);
    if (writePlans) {
      mkdirSync(PLANS_DIR, { recursive: true });
      const version = String(((await pg.unsafe('SHOW server_version'))[0] as unknown as { server_version: string }).server_version);
      const head = (when: string) =>
        `-- issue 9: plans at ${ARCHIVED.toLocaleString('en')} archived + ${OPEN.toLocaleString('en')} open entries, ${USERS + 2} users, ${when}\n-- written by: node --import tsx bench/paging.ts --plans   (PostgreSQL ${version})\n\n`;
      writeFileSync(
        join(PLANS_DIR, 'before-analyze.txt'),
        head(`statistics from ${SMALL.toLocaleString('en')} archived rows (the table grew 10× since the last ANALYZE), autovacuum off`) + (await plans(dbh, pg, accountId, leadId)),
      );
      await analyze(dbh.db);
      writeFileSync(join(PLANS_DIR, 'after-analyze.txt'), head('after ANALYZE') + (await plans(dbh, pg, accountId, leadId)));
      out('plans', `written to ${PLANS_DIR}`);
    } else await analyze(dbh.db);

    server = await startServerProcess({ DATABASE_URL: databaseUrl });
    try {
      await loadFigures(server, accountId, ARCHIVED);
      const markBig = await markRounds(server, pg, accountId, await login(server.url, 'pgbenchadmin'));
      const mSmall = pct(markSmall, 50);
      const mBig = pct(markBig, 50);
      out(
        'mark as exported of 1 000 (HTTP, with CSV)',
        `median ${mSmall.toFixed(0)} ms at ${SMALL.toLocaleString('en')} rows, ${mBig.toFixed(0)} ms at ${(ARCHIVED + OPEN).toLocaleString('en')} (5 runs each)`,
      );
      out(
        '',
        `goal ≤ 100 ms: ${mBig <= 100 ? 'meets' : `misses by ${(mBig / 100).toFixed(1)}×`}; goal within 2× across sizes: ${(mBig / mSmall).toFixed(2)}× ${mBig / mSmall <= 2 ? 'meets' : 'misses'}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await pg.end();
    await dbh.close();
    await adminPg.unsafe(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await adminPg.end();
  }
  if (failed) {
    console.log('FAIL: a run had errors or no completed requests');
    process.exitCode = 1;
  }
}

if (process.argv[1]?.endsWith('paging.ts')) await benchPaging();
