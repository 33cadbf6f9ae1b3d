/**
 * Export bench (issue 5): POST /api/worksheet/download against PostgreSQL with 100 000 and
 * 1 000 000 rows, next to PostgreSQL's own `COPY (same query) TO STDOUT (FORMAT csv)` in the same
 * run, and the peak RSS (VmHWM) of the server process, which runs as a child process.
 *   npm run bench -- export [--quick]     (--quick: 100 000 rows only)
 * Goals: export within 2.5× of COPY; peak RSS growth from 100 000 to 1 000 000 rows under 32 MB.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import { migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { markExportSql, plainExportSql, type ExportScope } from '../db/queries/export';
import { seedMasterData } from '../db/seed/demo';
import { csvDialect } from '../src/server/csv/header';
import { createAccount } from '../src/server/services/accounts';
import { line, startServerProcess, withBenchDatabase } from './lib';

const PASSWORD = 'Bench-pass-1';


const startServer = (databaseUrl: string) => startServerProcess({ DATABASE_URL: databaseUrl, APP_SECRET: randomBytes(24).toString('hex') });

/** kB → MB of one /proc/<pid>/status field (VmHWM = peak resident set, VmRSS = now). */
function procMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

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

interface Figures {
  rows: number;
  copyPlain: number;
  httpPlain: number;
  copyMark: number;
  httpMark: number;
  mb: number;
  hwmIdle: number;
  hwmPlain: number;
  hwmMark: number;
}

async function measure(dbh: DbHandle, pg: postgres.Sql, databaseUrl: string, accountId: number, rows: number): Promise<Figures> {
  const ids = (await dbh.db.selectFrom('worksheetRecord').select('id').where('accountId', '=', accountId).orderBy('id').execute()).map((r) => r.id);
  const scope: ExportScope = { accountId, viewer: 'benchadmin', teamCode: 'A', mode: 'ALL', manage: 'any', exported: false };
  const format = csvDialect('ENU').sql;
  const body = JSON.stringify({ entries: ids, mode: 'ALL' });
  const markBody = JSON.stringify({ entries: ids, mode: 'ALL', shouldMarkAsExported: true });

  // A fresh server per size, warmed up with a small export, so that VmHWM compares like with like.
  const server = await startServer(databaseUrl);
  try {
    const cookie = await login(server.url);
    await httpExport(server.url, cookie, JSON.stringify({ entries: ids.slice(0, 1000), mode: 'ALL' }));
    const hwmIdle = procMb(server.pid, 'VmHWM');

    const copyPlain = await copyBaseline(pg, ids, plainExportSql(scope, format));
    const httpPlain = await httpExport(server.url, cookie, body);
    const hwmPlain = procMb(server.pid, 'VmHWM');

    const copyMark = await copyBaseline(pg, ids, markExportSql(scope, format));
    const httpMark = await httpExport(server.url, cookie, markBody);
    const hwmMark = procMb(server.pid, 'VmHWM');
    if (httpMark.bytes < httpPlain.bytes * 0.99) throw new Error('the mark export did not hold every row');

    // Back to unexported for the next size.
    await sql`UPDATE worksheet_record SET exported = false, exported_by = NULL, exported_at = NULL WHERE exported`.execute(dbh.db);
    await sql`DELETE FROM worksheet_history`.execute(dbh.db);
    await sql`VACUUM ANALYZE worksheet_record`.execute(dbh.db);
    return { rows, copyPlain: copyPlain.ms, httpPlain: httpPlain.ms, copyMark: copyMark.ms, httpMark: httpMark.ms, mb: httpPlain.bytes / 1e6, hwmIdle, hwmPlain, hwmMark };
  } finally {
    await server.stop();
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function benchExport(): Promise<void> {
  const quick = process.argv.includes('--quick');
  console.log(`\n# Export (PostgreSQL${quick ? ', --quick' : ''})`);
  await withBenchDatabase('export', async (databaseUrl) => {
  const dbh = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 });
  const pg = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await migrateToLatest(dbh.db);
    const { accountId } = await createAccount(dbh.db, { code: 'BENCH', name: 'Bench A/S', admin: 'benchadmin', password: PASSWORD });
    await seedMasterData(dbh.db, accountId);
    const sizes = quick ? [100_000] : [100_000, 1_000_000];
    const results: Figures[] = [];
    let have = 0;
    for (const rows of sizes) {
      await insertRows(dbh, accountId, have + 1, rows);
      have = rows;
      const f = await measure(dbh, pg, databaseUrl, accountId, rows);
      results.push(f);
      line(`${rows.toLocaleString('en')} rows (${f.mb.toFixed(0)} MB of CSV)`, '');
      line('  COPY (plain query) TO STDOUT', s(f.copyPlain));
      line('  POST /api/worksheet/download', `${s(f.httpPlain)} = ${(f.httpPlain / f.copyPlain).toFixed(2)}× COPY (goal ≤ 2.5×)`);
      line('  COPY (mark query) TO STDOUT, rolled back', s(f.copyMark));
      line('  … with shouldMarkAsExported', `${s(f.httpMark)} = ${(f.httpMark / f.copyMark).toFixed(2)}× COPY (goal ≤ 2.5×)`);
      line('  server VmHWM warm / after plain / after mark', `${f.hwmIdle.toFixed(0)} / ${f.hwmPlain.toFixed(0)} / ${f.hwmMark.toFixed(0)} MB`);
    }
    if (results.length === 2) {
      const [a, b] = results as [Figures, Figures];
      line('peak RSS growth 100 000 → 1 000 000 rows', `${(b.hwmMark - a.hwmMark).toFixed(1)} MB (goal < 32 MB)`);
    }
  } finally {
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
