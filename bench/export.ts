/**
 * Export bench (issues 5 and 12): POST /api/worksheet/download against PostgreSQL with 100 000 and
 * 1 000 000 rows — the CSV and the xlsx — next to PostgreSQL's own `COPY (same query) TO STDOUT
 * (FORMAT csv)` of the same rows, and the peak RSS (VmHWM) of the server, a child process.
 *   npm run bench -- export [--quick] [--rounds=N] [--rss-only]
 *   (--quick: 100 000 rows only; N rounds, default 3; --rss-only: one xlsx per size, for the RSS growth)
 * One server for all sizes (RSS growth is measured on it), warmed with a small CSV and xlsx, plain
 * and marking (so both sizes meet equally warm paths); per
 * size COPY, CSV and xlsx run interleaved, N rounds, min / median / max; ratios use the medians.
 * Goals: CSV within 2.5× of COPY; peak RSS growth from 100 000 to 1 000 000 rows under 32 MB for the
 * CSV (issue 5) and under 64 MB with the xlsx (issue 12); the xlsx within 2× of the CSV, and
 * user.info's p95 while an xlsx export runs within 1.5× of its idle value (issue 25 §1), timed per
 * request at µs resolution (probe: autocannon's whole milliseconds read 0 ms idle on a fast machine).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import { migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { csvCells, rowsSql, type ExportScope } from '../db/queries/export';
import { seedMasterData } from '../db/seed/demo';
import { csvDialect } from '../src/server/csv/header';
import { createAccount } from '../src/server/services/accounts';
import { line, probe, probed, startServerProcess, withBenchDatabase, type ProbeResult, type ServerProcess, exitStandalone } from './lib';

const PASSWORD = 'Bench-pass-1';

const startServer = (databaseUrl: string) =>
  startServerProcess(
    { DATABASE_URL: databaseUrl, APP_SECRET: randomBytes(24).toString('hex') },
    process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [],
  );

/** kB → MB of one /proc/<pid>/status field (VmHWM = peak resident set, VmRSS = now). */
function procMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: 'benchadmin', password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** One HTTP download, reading (and dropping) the body as fast as it comes; returns ms and bytes. */
export async function httpExportAs(url: string, cookie: string, body: Record<string, unknown>): Promise<{ ms: number; bytes: number }> {
  return httpExport(url, cookie, JSON.stringify(body));
}

async function httpExport(url: string, cookie: string, body: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/worksheet/download`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url, Cookie: cookie }, body });
  if (res.status !== 200) throw new Error(`download failed: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  return { ms: performance.now() - started, bytes };
}

/** POST /download in a child process that reads the file to its end; resolves when it has. The body goes through stdin (100 000 ids are too long for argv). */
function downloadInChild(url: string, cookie: string, body: string): Promise<void> {
  const code = `const [u, c] = process.argv.slice(1);
let b = '';
process.stdin.setEncoding('utf8').on('data', (d) => (b += d)).on('end', () =>
  fetch(u + '/api/worksheet/download', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: u, Cookie: c }, body: b })
    .then(async (res) => { if (res.status !== 200) throw new Error('download failed: ' + res.status); for await (const _ of res.body) void _; })
    .catch((e) => { console.error(String(e)); process.exit(1); }));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code, url, cookie], { stdio: ['pipe', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (status) => (status === 0 ? resolve() : reject(new Error(`the download process ended with ${status}`))));
    child.stdin.end(body);
  });
}

/** PostgreSQL's own COPY of the very query the export runs (ids already in export_ids); ROLLBACK afterwards. */
export async function copyBaseline(pg: postgres.Sql, ids: number[], query: string): Promise<{ ms: number; bytes: number }> {
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

export async function insertRows(dbh: DbHandle, accountId: number, from: number, to: number): Promise<void> {
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

interface Stats {
  min: number;
  median: number;
  max: number;
}
const stats = (xs: number[]): Stats => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
};

interface Figures {
  rows: number;
  copy: Stats;
  csv: Stats;
  xlsx: Stats;
  csvMb: number;
  xlsxMb: number;
  copyMark: number;
  csvMark: number;
  xlsxMark: number;
  /** user.info at 1 connection: idle, and while an xlsx export of every row runs (issue 25 §1) */
  infoIdle: ProbeResult;
  infoDuringXlsx: ProbeResult;
  hwm: number;
}

/** Every record of the account as ids, and the scope the admin's export covers. */
export async function idsOf(dbh: DbHandle, accountId: number): Promise<number[]> {
  return (await dbh.db.selectFrom('worksheetRecord').select('id').where('accountId', '=', accountId).orderBy('id').execute()).map((r) => r.id);
}

async function unmark(dbh: DbHandle): Promise<void> {
  await sql`UPDATE worksheet_record SET exported = false, exported_by = NULL, exported_at = NULL WHERE exported`.execute(dbh.db);
  await sql`DELETE FROM worksheet_history`.execute(dbh.db);
  await sql`VACUUM ANALYZE worksheet_record`.execute(dbh.db);
}

/** --rss-only: one xlsx download per size, nothing else, for the peak-RSS growth of the workbook path. */
async function measureRss(dbh: DbHandle, server: ServerProcess, cookie: string, accountId: number): Promise<{ ms: number; hwm: number }> {
  const ids = await idsOf(dbh, accountId);
  const x = await httpExportAs(server.url, cookie, { entries: ids, mode: 'ALL', format: 'xlsx' });
  return { ms: x.ms, hwm: procMb(server.pid, 'VmHWM') };
}

async function measure(dbh: DbHandle, pg: postgres.Sql, server: ServerProcess, cookie: string, accountId: number, rows: number, rounds: number): Promise<Figures> {
  const ids = await idsOf(dbh, accountId);
  const scope: ExportScope = { accountId, viewer: 'benchadmin', teamCode: 'A', mode: 'ALL', manage: 'any', exported: false };
  const format = csvDialect('ENU').sql;
  const plain = { entries: ids, mode: 'ALL' };

  const copy: number[] = [];
  const csv: number[] = [];
  const xlsx: number[] = [];
  let csvMb = 0;
  let xlsxMb = 0;
  for (let round = 0; round < rounds; round++) {
    // Interleaved, so that the machine's drift (other jobs) hits all three alike.
    copy.push((await copyBaseline(pg, ids, rowsSql({ kind: 'plain', scope }, csvCells(format)))).ms);
    const c = await httpExportAs(server.url, cookie, { ...plain, format: 'csv', csvFormat: 'international' });
    csv.push(c.ms);
    csvMb = c.bytes / 1e6;
    const x = await httpExportAs(server.url, cookie, { ...plain, format: 'xlsx' });
    xlsx.push(x.ms);
    xlsxMb = x.bytes / 1e6;
  }

  // Mark as exported, once each (the marking UPDATE dominates): COPY of the mark query rolled back,
  // then the CSV, reset, then the xlsx.
  const copyMark = (await copyBaseline(pg, ids, rowsSql({ kind: 'mark', scope, batchId: null }, csvCells(format)))).ms;
  const csvMark = await httpExportAs(server.url, cookie, { ...plain, shouldMarkAsExported: true });
  if (csvMark.bytes < csvMb * 1e6 * 0.99) throw new Error('the mark export did not hold every row');
  await unmark(dbh);
  const xlsxMark = await httpExportAs(server.url, cookie, { ...plain, shouldMarkAsExported: true, format: 'xlsx' });
  const marked = await sql<{ n: number }>`SELECT count(*)::int AS n FROM worksheet_record WHERE exported`.execute(dbh.db);
  if (marked.rows[0]!.n !== ids.length) throw new Error('the xlsx mark export did not mark every row');
  await unmark(dbh);

  // One export never slows everyone (issue 25 §1): user.info, one connection, idle and then for
  // most of the time an xlsx of every row takes (its median above) while that export runs.
  const infoUrl = `${server.url}/api/user/info`;
  const infoSeconds = Math.max(1, Math.floor((stats(xlsx).median / 1000) * 0.7));
  await probe(infoUrl, { headers: { Cookie: cookie }, seconds: 1 }); // warm-up
  const infoIdle = probed('user.info idle', await probe(infoUrl, { headers: { Cookie: cookie }, seconds: infoSeconds }));
  // The download is read by a process of its own: read here, its stream's events would queue
  // beside the probe's answers in this event loop and be counted as the server's delay.
  const running = downloadInChild(server.url, cookie, JSON.stringify({ ...plain, format: 'xlsx' }));
  await new Promise((r) => setTimeout(r, 200));
  const infoDuringXlsx = probed('user.info during xlsx', await probe(infoUrl, { headers: { Cookie: cookie }, seconds: infoSeconds }));
  await running;
  return {
    rows,
    copy: stats(copy),
    csv: stats(csv),
    xlsx: stats(xlsx),
    csvMb,
    xlsxMb,
    copyMark,
    csvMark: csvMark.ms,
    xlsxMark: xlsxMark.ms,
    hwm: procMb(server.pid, 'VmHWM'),
    infoIdle,
    infoDuringXlsx,
  };
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const range = (x: Stats) => `${s(x.median)} (min ${s(x.min)}, max ${s(x.max)})`;

export async function benchExport(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const rounds = Number(/^--rounds=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--rounds=')) ?? '')?.[1] ?? 3);
  console.log(`\n# Export (PostgreSQL${quick ? ', --quick' : ''}, ${rounds} rounds)`);
  await withBenchDatabase('export', async (databaseUrl) => {
    const dbh = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 });
    const pg = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    let server: ServerProcess | null = null;
    try {
      await migrateToLatest(dbh.db);
      const { accountId } = await createAccount(dbh.db, { code: 'BENCH', name: 'Bench A/S', admin: 'benchadmin', password: PASSWORD });
      await seedMasterData(dbh.db, accountId);
      const sizes = quick ? [100_000] : [100_000, 1_000_000];
      const results: Figures[] = [];
      let have = 0;
      // One server for every size, warmed with a small CSV and xlsx (plain and marking), so that VmHWM
      // growth is the rows' and no size meets a cold path.
      await insertRows(dbh, accountId, 1, 1000);
      have = 1000;
      server = await startServer(databaseUrl);
      const cookie = await login(server.url);
      const warmIds = await idsOf(dbh, accountId);
      await httpExportAs(server.url, cookie, { entries: warmIds, mode: 'ALL' });
      await httpExportAs(server.url, cookie, { entries: warmIds, mode: 'ALL', format: 'xlsx' });
      // The marking path too (issue 25 §6: equally warm): every size's CSV and xlsx mark exports then
      // run on a server that has already compiled and run that path once.
      await httpExportAs(server.url, cookie, { entries: warmIds, mode: 'ALL', shouldMarkAsExported: true });
      await unmark(dbh);
      await httpExportAs(server.url, cookie, { entries: warmIds, mode: 'ALL', shouldMarkAsExported: true, format: 'xlsx' });
      await unmark(dbh);
      const hwmWarm = procMb(server.pid, 'VmHWM');
      line('server VmHWM, warm', `${hwmWarm.toFixed(0)} MB`);
      for (const rows of sizes) {
        await insertRows(dbh, accountId, have + 1, rows);
        have = rows;
        if (process.argv.includes('--rss-only')) {
          const r = await measureRss(dbh, server, cookie, accountId);
          line(`${rows.toLocaleString('en')} rows, xlsx only`, `${s(r.ms)}, server VmHWM ${r.hwm.toFixed(0)} MB (warm ${hwmWarm.toFixed(0)} MB)`);
          continue;
        }
        const f = await measure(dbh, pg, server, cookie, accountId, rows, rounds);
        results.push(f);
        line(`${rows.toLocaleString('en')} rows (CSV ${f.csvMb.toFixed(0)} MB, xlsx ${f.xlsxMb.toFixed(0)} MB)`, 'median (min, max)');
        line('  COPY (plain query) TO STDOUT', range(f.copy));
        line('  POST /download (CSV)', `${range(f.csv)} = ${(f.csv.median / f.copy.median).toFixed(2)}× COPY (goal ≤ 2.5×)`);
        const xr = f.xlsx.median / f.csv.median;
        line(
          '  POST /download format=xlsx',
          `${range(f.xlsx)} = ${(f.xlsx.median / f.copy.median).toFixed(2)}× COPY = ${xr.toFixed(2)}× CSV (goal ≤ 2×) ${xr <= 2 ? 'met' : 'MISSED'}`,
        );
        line('  COPY (mark query) TO STDOUT, rolled back', s(f.copyMark));
        line('  … CSV with shouldMarkAsExported', `${s(f.csvMark)} = ${(f.csvMark / f.copyMark).toFixed(2)}× COPY`);
        line('  … xlsx with shouldMarkAsExported', `${s(f.xlsxMark)} = ${(f.xlsxMark / f.copyMark).toFixed(2)}× COPY = ${(f.xlsxMark / f.csvMark).toFixed(2)}× CSV`);
        line('  server VmHWM after this size', `${f.hwm.toFixed(0)} MB`);
        const pr = f.infoDuringXlsx.p95 / f.infoIdle.p95;
        const ms = (x: number) => `${x.toFixed(2)} ms`;
        const lat = (r: ProbeResult) => `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p97.5 ${ms(r.p97_5)}, max ${ms(r.max)} (n = ${r.requests})`;
        line('  user.info idle, 1 conn., one at a time', lat(f.infoIdle));
        line('  user.info while an xlsx export runs', lat(f.infoDuringXlsx));
        line('  … p95 during / idle', `${pr.toFixed(2)}× (goal ≤ 1.5×) ${pr <= 1.5 ? 'met' : 'MISSED'}; p97.5 ${(f.infoDuringXlsx.p97_5 / f.infoIdle.p97_5).toFixed(2)}×`);
      }
      if (results.length === 2) {
        const [a, b] = results as [Figures, Figures];
        line('peak RSS growth 100 000 → 1 000 000 rows', `${(b.hwm - a.hwm).toFixed(1)} MB, CSV and xlsx, one server (goal < 64 MB)`);
      }
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
  exitStandalone();
}
