/**
 * Issue 26: a month of entries grouped by job and person (GET /api/report's service and its one
 * GROUPING SETS statement) over 1 M archived + 50 000 open entries on PostgreSQL, and over 100 000
 * entries on PGlite; p95 at 1 connection (one request after the other).
 *
 *   node --import tsx bench/report.ts [--plans] [--quick]     (or: npm run bench -- report)
 *
 * --plans writes EXPLAIN (ANALYZE, BUFFERS) of the report queries to docs/plans/report.txt.
 * --quick: 100 000 archived on PostgreSQL. --scattered: dates spread over every page (worst case). Measured in-process on the service (buildReport: the
 * person check, the statement, folding the per-unit lines), without HTTP, which adds ~1 ms.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { analyze, migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { reportQuery } from '../db/queries/report';
import { seedMasterData } from '../db/seed/demo';
import { createAccount } from '../src/server/services/accounts';
import { buildReport } from '../src/server/services/report';
import { ZReportInput } from '../src/shared/schemas/report';
import type { Actor } from '../src/server/context';
import { fail, line, withBenchDatabase } from './lib';

const quick = process.argv.includes('--quick');
const writePlans = process.argv.includes('--plans');
const scattered = process.argv.includes('--scattered');
const USERS = 50;
const out = (label: string, value: string) => line(label, value);

async function seed(dbh: DbHandle, archived: number, open: number): Promise<{ accountId: number; adminId: number; leadId: number }> {
  const { accountId } = await createAccount(dbh.db, { code: 'REPORT', name: 'Report bench A/S', admin: 'rpbenchadmin', password: 'bench-pass-1' });
  await dbh.db.updateTable('appUser').set({ teamCode: 'A' }).where('accountId', '=', accountId).execute();
  await seedMasterData(dbh.db, accountId);
  const teams = ['A', 'B', 'C', 'D', 'E'];
  await dbh.db
    .insertInto('appUser')
    .values([
      { accountId, username: 'rpbenchlead', passwordHash: 'x', profileType: 'Teamleader', teamCode: 'A' },
      ...Array.from({ length: USERS }, (_, i) => ({ accountId, username: `p${String(i + 1).padStart(3, '0')}`, passwordHash: 'x', teamCode: teams[i % teams.length]! })),
    ])
    .execute();
  // Archived entries over ~6.5 years up to today, open ones over the last 60 days; 50 owners, 4 jobs.
  // In date order, as a worksheet fills day by day (--scattered: every page holds every date, the
  // worst case for a date range, which then reads the whole table).
  for (const [count, exported] of [
    [archived, true],
    [open, false],
  ] as const) {
    for (let start = 1; start <= count; start += 250_000) {
      const end = Math.min(count, start + 249_999);
      await sql`
        INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description,
          job_task_code, job_task_description, work_type_code, unit_type, unit_no, unit_description, description,
          quantity, unit_of_measure_code, unit_of_measure_description, created_by, approved_by, exported)
        SELECT ${sql.lit(accountId)}, 'p' || lpad(((g % ${sql.lit(USERS)}) + 1)::text, 3, '0'),
          ${scattered ? sql`current_date - (g % ${sql.lit(exported ? 2400 : 60)})` : sql`current_date - ${sql.lit(exported ? 2399 : 59)} + (g::bigint * ${sql.lit(exported ? 2400 : 60)} / ${sql.lit(count + 1)})::int`},
          j.customer_no, j.customer_name, j.code, j.description, '100', 'Task', 'NORMAL',
          CASE WHEN g % 4 = 0 THEN 'Item' ELSE 'Resource' END, CASE WHEN g % 4 = 0 THEN '1000' ELSE 'R01' END, 'Unit',
          'Bench entry ' || g, CASE WHEN g % 4 = 0 THEN (g % 9) + 1 ELSE 5 END,
          CASE WHEN g % 4 = 0 THEN 'BOX' ELSE 'HOUR' END, 'Unit of measure', 'rpbenchadmin',
          CASE WHEN ${sql.lit(exported)} OR g % 3 = 0 THEN 'rpbenchlead' END, ${sql.lit(exported)}
        FROM generate_series(${start}::int, ${end}::int) g
        JOIN (VALUES
          (0, 'J-1001', 'Kitchen renovation', 'C1000', 'Nordhavn Byg ApS'),
          (1, 'J-1002', 'New roof', 'C1000', 'Nordhavn Byg ApS'),
          (2, 'J-2001', 'Bathroom', 'C2000', 'Vestegnens Boligselskab'),
          (3, 'J-3001', 'School windows', 'C3000', 'Aarhus Kommune')
        ) AS j(k, code, description, customer_no, customer_name) ON j.k = g % 4`.execute(dbh.db);
    }
  }
  await analyze(dbh.db);
  const ids = await dbh.db.selectFrom('appUser').select(['id', 'username']).where('accountId', '=', accountId).where('username', 'in', ['rpbenchadmin', 'rpbenchlead']).execute();
  return { accountId, adminId: ids.find((u) => u.username === 'rpbenchadmin')!.id, leadId: ids.find((u) => u.username === 'rpbenchlead')!.id };
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

const actor = (accountId: number, userId: number, username: string, profileType: Actor['profileType']): Actor =>
  ({ kind: 'session', accountId, userId, username, profileType, teamCode: 'A', languageCode: 'ENU', sessionId: 'bench' }) as Actor;

/** The last 30 days (archived and open entries both), by job and person. */
function monthInput(): ReturnType<typeof ZReportInput.parse> {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  return ZReportInput.parse({ group: ['job', 'person'], from, to });
}

async function measure(label: string, dbh: DbHandle, who: Actor, goalMs: number, runs: number): Promise<void> {
  const input = monthInput();
  let rows = 0;
  for (let i = 0; i < 3; i++) rows = (await buildReport(dbh.db, who, input)).rows.length; // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await buildReport(dbh.db, who, input);
    ms.push(performance.now() - t0);
  }
  const p95 = pct(ms, 95);
  if (rows === 0) fail(label, 'the report had no rows');
  out(
    label,
    `p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (n=${ms.length}, ${rows} rows)  goal p95 ≤ ${goalMs} ms: ${p95 <= goalMs ? 'meets' : `misses by ${(p95 / goalMs).toFixed(1)}×`}`,
  );
}

async function plans(dbh: DbHandle, accountId: number, adminId: number, leadId: number): Promise<string> {
  const input = monthInput();
  const base = {
    accountId,
    mode: 'ALL' as const,
    userId: adminId,
    username: 'rpbenchadmin',
    teamCode: 'A',
    groups: input.group,
    from: input.from,
    to: input.to,
    personId: null,
    customerNo: null,
    jobCode: null,
    status: 'any' as const,
    source: 'both' as const,
  };
  const parts: string[] = [];
  for (const [title, f] of [
    ['ALL, last 30 days, job › person, worksheet + archive', base],
    ['TEAM A (team leader), last 30 days, job › person', { ...base, mode: 'TEAM' as const, userId: leadId, username: 'rpbenchlead' }],
    ['ALL, one year, month › job', { ...base, groups: ['month', 'job'] as const, from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10) }],
  ] as const) {
    const c = reportQuery(f)!.compile(dbh.db.withoutPlugins());
    const r = await sql.raw(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql.replace(/\$(\d+)/g, (_m, n: string) => literal(c.parameters[Number(n) - 1]))}`).execute(dbh.db.withoutPlugins());
    parts.push(`### ${title}\n${(r.rows as Array<Record<string, string>>).map((x) => x['QUERY PLAN']).join('\n')}\n`);
  }
  return parts.join('\n');
}
const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);

export async function benchReport(): Promise<void> {
  const archived = quick ? 100_000 : 1_000_000;
  console.log(`\n# report (issue 26): a month by job › person, 1 connection`);
  await withBenchDatabase('report', async (databaseUrl) => {
    const dbh = await openDatabase({ databaseUrl, dataDir: '', poolSize: 1 });
    try {
      await migrateToLatest(dbh.db);
      const t0 = performance.now();
      const { accountId, adminId, leadId } = await seed(dbh, archived, 50_000);
      out(`PostgreSQL seed (${archived.toLocaleString('en')} archived + 50,000 open)`, `${((performance.now() - t0) / 1000).toFixed(1)} s`);
      await measure('PostgreSQL, Admin (ALL)', dbh, actor(accountId, adminId, 'rpbenchadmin', 'Admin'), 150, 40);
      await measure('PostgreSQL, Teamleader (TEAM)', dbh, actor(accountId, leadId, 'rpbenchlead', 'Teamleader'), 150, 40);
      if (writePlans) {
        const file = resolve(import.meta.dirname, '../docs/plans/report.txt');
        writeFileSync(
          file,
          `# EXPLAIN (ANALYZE, BUFFERS) of the report query, ${archived} archived + 50 000 open entries${scattered ? ', dates scattered over the table' : ', in date order'} (bench/report.ts --plans)\n\n${await plans(dbh, accountId, adminId, leadId)}`,
        );
        out('plans written', file);
      }
    } finally {
      await dbh.close();
    }
  });
  const dir = mkdtempSync(join(tmpdir(), 'webtid-report-bench-'));
  try {
    const dbh = await openDatabase({ dataDir: dir });
    try {
      await migrateToLatest(dbh.db);
      const t0 = performance.now();
      const { accountId, adminId, leadId } = await seed(dbh, 90_000, 10_000);
      out('PGlite seed (90,000 archived + 10,000 open)', `${((performance.now() - t0) / 1000).toFixed(1)} s`);
      await measure('PGlite, Admin (ALL)', dbh, actor(accountId, adminId, 'rpbenchadmin', 'Admin'), 500, 20);
      await measure('PGlite, Teamleader (TEAM)', dbh, actor(accountId, leadId, 'rpbenchlead', 'Teamleader'), 500, 20);
    } finally {
      await dbh.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { exitStandalone } = await import('./lib');
  await benchReport();
  exitStandalone();
}
