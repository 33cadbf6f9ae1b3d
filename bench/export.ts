/**
 * Export bench (issue 5): POST /api/worksheet/download against PostgreSQL with 100 000 and
 * 1 000 000 rows, next to PostgreSQL's own `COPY (same query) TO STDOUT (FORMAT csv)` in the same
 * run, and the peak RSS (VmHWM) of the server process, which runs as a child process.
 *   npm run bench -- export [--quick]     (--quick: 100 000 rows only)
 * Goals: export within 2.5× of COPY; peak RSS growth from 100 000 to 1 000 000 rows under 32 MB,
 * measured on one server process that serves both sizes.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import { migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { markExportSql, plainExportSql, type ExportScope } from '../db/queries/export';
import { seedMasterData } from '../db/seed/demo';
import { csvDialect } from '../src/server/csv/header';
import { createAccount } from '../src/server/services/accounts';
import { fail, line, loadAvg, median, procMb, spread, startServerProcess, withBenchDatabase, type ServerProcess } from './lib';

const PASSWORD = 'Bench-pass-1';


const startServer = (databaseUrl: string) => startServerProcess({ DATABASE_URL: databaseUrl, APP_SECRET: randomBytes(24).toString('hex') });


async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ username: 'benchadmin', password: PASSWORD }) });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** One HTTP download, reading (and dropping) the body as fast as it comes; returns ms and bytes. */
async function httpExport(url: string, cookie: string, body: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/worksheet/download`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie }, body });
  if (res.status !== 200) throw new Error(`download failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  return { ms: performance.now() - started, bytes };
}

/** PostgreSQL's own COPY of the very query the export runs (ids already in export_ids); ROLLBACK afterwards. */
async function copyBaseline(pg: postgres.Sql, ids: number[], query: string): Promise<{ ms: number; bytes: number }> {
  let result = { ms: 0, bytes: 0 };
  await pg
    .begin(async (tx) => {
      await tx.unsafe('CREATE TEMP TABLE export_ids (id integer NOT NULL) ON COMMIT DROP');
      for (let i = 0; i < ids.length; i += 20_000) await tx.unsafe('INSERT INTO export_ids (id) SELECT unnest($1::integer[])', [ids.slice(i, i + 20_000) as never]);
      await tx.unsafe('ANALYZE export_ids');
      const started = performance.now();
      const stream = await tx.unsafe(`COPY (${query}) TO STDOUT (FORMAT csv, DELIMITER ',')`).readable();
      let bytes = 0;
      for await (const chunk of stream) bytes += (chunk as Buffer).length;
      result = { ms: performance.now() - started, bytes };
      (stream as unknown as { _read(n: number): void })._read(0); // see resumeConnection in export-stream.ts
      throw new Rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
  return result;
}
class Rollback extends Error {}

async function insertRows(dbh: DbHandle, accountId: number, from: number, to: number): Promise<void> {
  // Owners and jobs spread over the demo data; descriptions with separators and quotes.
  for (let start = from; start <= to; start += 250_000) {
    const end = Math.min(to, start + 249_999);
    await sql`
      INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description, job_task_code,
        job_task_description, location_code, work_type_code, work_type_description, unit_type, unit_no, unit_description, description,
        time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description, approved_by, approved_date_time, created_by)
      SELECT ${accountId}, CASE WHEN g % 3 = 0 THEN 'benchadmin' ELSE 'benchlead' END, DATE '2025-01-01' + (g % 700), 'C1000', 'Nordhavn Byg ApS',
        CASE WHEN g % 2 = 0 THEN 'J-1001' ELSE 'J-2001' END, 'Kitchen renovation, Strandvejen 12', '100', 'Demolition', 'CPH', 'NORMAL',
        'Normal hours', 'Resource', 'R01', 'Carpenter', 'Entry ' || g || ': tiles; grout, and "silicone"', TIME '07:00' + (g % 8) * INTERVAL '15 minutes',
        TIME '12:00' + (g % 8) * INTERVAL '15 minutes', 5.00, 'HOUR', 'Hour', CASE WHEN g % 4 = 0 THEN NULL ELSE 'benchlead' END,
        CASE WHEN g % 4 = 0 THEN NULL ELSE now() END, 'benchadmin'
      FROM generate_series(${start}::int, ${end}::int) g`.execute(dbh.db);
  }
  await sql`ANALYZE worksheet_record`.execute(dbh.db);
}

interface Pair {
  copy: number;
  http: number;
  bytes: number;
}

/**
 * COPY and the HTTP export side by side, `rounds` times, alternating which goes first, after an
 * untimed pass of each (so that neither pays the first touch of freshly inserted pages).
 */
async function sideBySide(rounds: number, copy: () => Promise<{ ms: number; bytes: number }>, http: () => Promise<{ ms: number; bytes: number }>): Promise<Pair[]> {
  const out: Pair[] = [];
  for (let round = 0; round < rounds; round++) {
    let c: { ms: number; bytes: number };
    let h: { ms: number; bytes: number };
    if (round % 2 === 0) {
      c = await copy();
      h = await http();
    } else {
      h = await http();
      c = await copy();
    }
    out.push({ copy: c.ms, http: h.ms, bytes: h.bytes });
  }
  return out;
}

async function resetExported(dbh: DbHandle): Promise<void> {
  await sql`UPDATE worksheet_record SET exported = false, exported_by = NULL, exported_at = NULL WHERE exported`.execute(dbh.db);
  await sql`DELETE FROM worksheet_history`.execute(dbh.db);
  await sql`VACUUM ANALYZE worksheet_record`.execute(dbh.db);
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchExport(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const sizes = quick ? [20_000, 100_000] : [100_000, 1_000_000];
  console.log(`\n# Export (PostgreSQL${quick ? ', --quick' : ''}; one server process for every size)`);
  await withBenchDatabase('export', async (databaseUrl) => {
  const dbh = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 });
  const pg = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  let server: ServerProcess | undefined;
  try {
    await migrateToLatest(dbh.db);
    const { accountId } = await createAccount(dbh.db, { code: 'BENCH', name: 'Bench A/S', admin: 'benchadmin', password: PASSWORD });
    await seedMasterData(dbh.db, accountId);
    const scope: ExportScope = { accountId, viewer: 'benchadmin', teamCode: 'A', mode: 'ALL', manage: 'any', exported: false };
    const format = csvDialect('ENU').sql;
    server = await startServer(databaseUrl);
    const cookie = await login(server.url);
    const hwm: number[] = [];
    let have = 0;
    for (const rows of sizes) {
      await insertRows(dbh, accountId, have + 1, rows);
      have = rows;
      const ids = (await dbh.db.selectFrom('worksheetRecord').select('id').where('accountId', '=', accountId).orderBy('id').execute()).map((r) => r.id);
      const body = JSON.stringify({ entries: ids, mode: 'ALL' });
      const markBody = JSON.stringify({ entries: ids, mode: 'ALL', shouldMarkAsExported: true });
      const copyPlain = () => copyBaseline(pg, ids, plainExportSql(scope, format));
      const httpPlain = () => httpExport(server!.url, cookie, body);
      // Warm-up, untimed: one pass of each over the whole table.
      await copyPlain();
      await httpPlain();
      const plainRounds = 3;
      const plain = await sideBySide(plainRounds, copyPlain, httpPlain);
      // Marking changes every row, and each round must start unexported again (a rewrite of the
      // table), so the mark measure runs 3 rounds up to 100 000 rows and once at 1 000 000.
      const markRounds = rows >= 1_000_000 ? 1 : 3;
      // The HTTP mark is undone right after it (untimed), so that the COPY of the mark query, which
      // is rolled back, always finds every row unexported, whichever of the two goes first.
      const httpMark = async () => {
        const r = await httpExport(server!.url, cookie, markBody);
        await resetExported(dbh);
        return r;
      };
      const mark = await sideBySide(markRounds, () => copyBaseline(pg, ids, markExportSql(scope, format)), httpMark);
      if (mark.some((m) => m.bytes < plain[0]!.bytes * 0.99)) fail(`export ${rows}`, 'the mark export did not hold every row');
      hwm.push(procMb(server.pid, 'VmHWM'));
      const ratios = (p: Pair[]) => p.map((x) => x.http / x.copy);
      line(`${rows.toLocaleString('en')} rows (${(plain[0]!.bytes / 1e6).toFixed(0)} MB of CSV)`, '');
      line(`  COPY (plain query) TO STDOUT, ${plainRounds} rounds`, spread(plain.map((p) => p.copy / 1000), 2, ' s'));
      line('  POST /api/worksheet/download', spread(plain.map((p) => p.http / 1000), 2, ' s'));
      line('  … ratio to COPY, per round', `${spread(ratios(plain), 2, '×')} (goal ≤ 2.5×) ${median(ratios(plain)) <= 2.5 ? 'met' : 'MISSED'}`);
      line(`  COPY (mark query), rolled back, ${markRounds} round(s)`, markRounds > 1 ? spread(mark.map((p) => p.copy / 1000), 2, ' s') : s(mark[0]!.copy));
      line('  … with shouldMarkAsExported', markRounds > 1 ? spread(mark.map((p) => p.http / 1000), 2, ' s') : s(mark[0]!.http));
      line('  … ratio to COPY', `${markRounds > 1 ? spread(ratios(mark), 2, '×') : `${ratios(mark)[0]!.toFixed(2)}× (1 round)`} (goal ≤ 2.5×)`);
      line('  server peak RSS (VmHWM) so far', `${hwm[hwm.length - 1]!.toFixed(0)} MB`);
    }
    if (hwm.length === 2) line(`peak RSS growth ${sizes[0]!.toLocaleString('en')} → ${sizes[1]!.toLocaleString('en')} rows (same process)`, `${(hwm[1]! - hwm[0]!).toFixed(1)} MB (goal < 32 MB)`);
    line('machine load (1, 5, 15 min; 2 cores)', loadAvg());
  } finally {
    await server?.stop();
    await pg.end();
    await dbh.close();
  }
  });
}

// Run directly: node --import tsx bench/export.ts [--quick]
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await benchExport();
  process.exit(0);
}
