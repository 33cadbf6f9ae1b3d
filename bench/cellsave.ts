/**
 * The week grid's cell save (issue 40 §4 budget "a cell save ≤ 150 ms p95 on PostgreSQL at 1 M
 * rows", decision 0472), on PostgreSQL:
 *  - a table of 1 000 000 worksheet rows (INSERT … SELECT generate_series, 250 000 a statement;
 *    BENCH_CELLSAVE_ROWS to change; --quick 100 000) of 50 users over 2019–2025, most exported;
 *  - the measured user saves cells as the grid sends them (use-week-grid.ts → the outbox →
 *    transport.ts): into an empty cell a multipart POST /api/worksheet with an Idempotency-Key
 *    (time mode: the typed hours as times from 08:00), a changed cell a multipart PUT with the
 *    cell's id and version and a key, a cleared cell DELETE /api/worksheet {id, version} with a key.
 *    Each round: create, update, delete on one day of 2026 (a new day each round, every one of them
 *    already holding 6 hours of that user, so the 24-hour rule reads a real sum).
 *  - p50 / p95 / max of each call over sequential requests at 1 connection after a warm-up, the
 *    server's CPU per call, the machine's load beside them; then EXPLAIN ANALYZE of the statements
 *    the save adds (the day's hours under its lock) with the plan's index.
 *   npm run bench -- cellsave [--quick] [--plan]
 *   BENCH_CELLSAVE_AB=/tmp/base/dist/server/main.js,dist/server/main.js: two builds, rounds interleaved
 *   (the delete then without `version`, which a build from before decision 0471 refuses).
 * Bounded: 4 seeding statements, 20 warm-up + 200 measured rounds (--quick 60) of 3 calls.
 * Prints figures next to their goals; never a pass/fail timing test.
 */
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { seedMasterData } from '../db/seed/demo';
import { hashPassword } from '../src/server/auth/passwords';
import { createAccount } from '../src/server/services/accounts';
import { HOUR_UNITS } from '../src/shared/day-hours';
import { cpuMs, exitStandalone, fail, line, loadAvg, startServerProcess, withBenchDatabase, type ServerProcess } from './lib';

const quick = process.argv.includes('--quick');
const ROWS = Number(process.env.BENCH_CELLSAVE_ROWS ?? (quick ? 100_000 : 1_000_000));
const ROUNDS = quick ? 60 : 200;
const WARM = 20;
const USERS = 50;
const PASSWORD = 'bench-pass-1';
const USER = 'u001';
const GOAL_MS = 150;
/** The days of 2026 the rounds save into (each already holds 6 hours of USER). */
const DAYS = ROUNDS + WARM;

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const dayOf = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

async function seed(dbh: DbHandle): Promise<number> {
  const { accountId } = await createAccount(dbh.db, { code: 'CSBENCH', name: 'Cell save bench A/S', admin: 'csbenchadmin', password: PASSWORD });
  await seedMasterData(dbh.db, accountId);
  const hash = await hashPassword(PASSWORD);
  await dbh.db
    .insertInto('appUser')
    .values(Array.from({ length: USERS }, (_, i) => ({ accountId, username: `u${String(i + 1).padStart(3, '0')}`, passwordHash: hash, teamCode: 'A' })))
    .execute();
  // background: the 50 users over 2019–2025 (g % 2500 days), two of three entries hours, 9 of 10 exported;
  // the measured days: USER's 6 hours (08:00–14:00) on each day of 2026 the rounds save into.
  const insert = (from: number, to: number, days: boolean) =>
    sql`
    INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description,
      job_task_code, job_task_description, location_code, work_type_code, work_type_description, unit_type, unit_no,
      unit_description, description, time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description,
      created_by, exported, exported_by, exported_at)
    SELECT ${sql.lit(accountId)},
      ${days ? sql`${USER}` : sql`'u' || lpad(((g % ${sql.lit(USERS)}) + 1)::text, 3, '0')`},
      ${days ? sql`date '2026-01-01' + (g - 1)` : sql`date '2019-01-01' + (g % 2500)`},
      'C1000', 'Nordhavn Byg ApS', 'J-1001', 'Kitchen renovation, Strandvejen 12', '100', 'Demolition', 'CPH',
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN NULL ELSE 'NORMAL' END, CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN NULL ELSE 'Normal hours' END,
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN 'Item' ELSE 'Resource' END,
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN '1000' ELSE 'R02' END,
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN 'Screws 5x50, box' ELSE 'Plumber' END,
      'Bench entry ' || g,
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN NULL ELSE time '08:00' END,
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN NULL ELSE time '14:00' END,
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN (g % 9) + 1 ELSE 6 END,
      CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN 'BOX' ELSE 'HOUR' END, CASE WHEN g % 3 = 2 AND NOT ${sql.lit(days)} THEN 'Box' ELSE 'Hour' END,
      'csbenchadmin',
      NOT ${sql.lit(days)} AND g % 10 <> 0, CASE WHEN NOT ${sql.lit(days)} AND g % 10 <> 0 THEN 'csbenchadmin' END,
      CASE WHEN NOT ${sql.lit(days)} AND g % 10 <> 0 THEN now() END
    FROM generate_series(${from}::int, ${to}::int) g`.execute(dbh.db);
  for (let from = 1; from <= ROWS; from += 250_000) await insert(from, Math.min(ROWS, from + 249_999), false);
  await insert(1, DAYS, true);
  await sql`VACUUM ANALYZE worksheet_record`.execute(dbh.db);
  return accountId;
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** The fields the grid sends for a new entry of the row J-1001 · 100 · Resource R01 · NORMAL · HOUR (use-week-grid.ts fieldsOf, time mode). */
function cellForm(date: string, hours: number, target?: { id: number; version: number }): FormData {
  const fd = new FormData();
  const to = `${String(8 + Math.floor(hours)).padStart(2, '0')}:${String(Math.round((hours % 1) * 60)).padStart(2, '0')}`;
  const fields: Record<string, string> = {
    date,
    customerNo: 'C1000',
    jobCode: 'J-1001',
    jobTaskCode: '100',
    workTypeCode: 'NORMAL',
    unitType: 'Resource',
    unitNo: 'R01',
    description: 'Demolition',
    timeFrom: '08:00',
    timeTo: to,
    quantity: String(hours),
    unitOfMeasureCode: 'HOUR',
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (target) {
    fd.append('id', String(target.id));
    fd.append('version', String(target.version));
  }
  return fd;
}

type Call = 'create' | 'update' | 'delete';

/** One server measured (two in an A/B run): its figures per call. */
interface Run {
  label: string;
  server: ServerProcess;
  cookie: string;
  times: Record<Call, number[]>;
  cpu: Record<Call, number>;
}

export async function benchCellSave(): Promise<void> {
  console.log(`\n# Cell save of the week grid (PostgreSQL, ${ROWS.toLocaleString('en')} rows${quick ? ', --quick' : ''}; ${ROUNDS} rounds of create · update · delete)`);
  await withBenchDatabase('cellsave', async (databaseUrl) => {
    const dbh = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 });
    const servers: ServerProcess[] = [];
    try {
      await migrateToLatest(dbh.db);
      const seeded = performance.now();
      const accountId = await seed(dbh);
      line(`seed ${ROWS.toLocaleString('en')} rows (generate_series)`, `${((performance.now() - seeded) / 1000).toFixed(1)} s`);
      // BENCH_CELLSAVE_AB=mainA.js,mainB.js: two builds on the same database, rounds interleaved A, B, A, B.
      const ab = process.env.BENCH_CELLSAVE_AB?.split(',').filter(Boolean);
      if (ab && ab.length !== 2) throw new Error('BENCH_CELLSAVE_AB: two built main.js files, comma-separated');
      const entries: Array<string | undefined> = ab ?? [process.env.BENCH_SERVER_ENTRY];
      const runs: Run[] = [];
      for (const [n, entry] of entries.entries()) {
        const proc = await startServerProcess({ DATABASE_URL: databaseUrl, ...(entry ? { BENCH_SERVER_ENTRY: entry } : {}) });
        servers.push(proc);
        runs.push({
          label: ab ? `${'AB'[n]} ` : '',
          server: proc,
          cookie: await login(proc.url, USER),
          times: { create: [], update: [], delete: [] },
          cpu: { create: 0, update: 0, delete: 0 },
        });
      }
      if (ab) runs.forEach((r, n) => line(`${r.label}=`, ab[n]!));

      const timed = async <T>(run: Run, call: Call, measured: boolean, fn: () => Promise<T>): Promise<T> => {
        const c0 = cpuMs(run.server.pid);
        const t0 = performance.now();
        const out = await fn();
        const ms = performance.now() - t0;
        const c1 = cpuMs(run.server.pid);
        if (measured) {
          run.times[call].push(ms);
          if (c0 !== null && c1 !== null) run.cpu[call] += c1 - c0;
        }
        return out;
      };
      for (let i = 0; i < (WARM + ROUNDS) * runs.length; i++) {
        const run = runs[i % runs.length]!;
        const url = run.server.url;
        const headers = (key: string) => ({ Accept: 'application/json', Origin: url, Cookie: run.cookie, 'Idempotency-Key': key });
        const measured = i >= WARM * runs.length;
        const date = dayOf(i % DAYS);
        const k = `cs-${process.pid}-${i}`;
        const created = await timed(run, 'create', measured, async () => {
          const res = await fetch(`${url}/api/worksheet`, { method: 'POST', headers: headers(`${k}-c`), body: cellForm(date, 7.5) });
          const body = (await res.json()) as { id: number; version: number };
          if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
          return body;
        });
        const updated = await timed(run, 'update', measured, async () => {
          const res = await fetch(`${url}/api/worksheet`, { method: 'PUT', headers: headers(`${k}-u`), body: cellForm(date, 8, created) });
          const body = (await res.json()) as { id: number; version: number };
          if (res.status !== 200) throw new Error(`update: ${res.status} ${JSON.stringify(body)}`);
          return body;
        });
        await timed(run, 'delete', measured, async () => {
          const res = await fetch(`${url}/api/worksheet`, {
            method: 'DELETE',
            headers: { ...headers(`${k}-d`), 'Content-Type': 'application/json' },
            // A/B: a build from before decision 0471 refuses the delete's `version` (strict input), so neither sends it.
            body: JSON.stringify(ab ? { id: updated.id } : { id: updated.id, version: updated.version }),
          });
          if (res.status !== 204) throw new Error(`delete: ${res.status} ${await res.text()}`);
        });
      }
      const load = loadAvg();
      for (const call of ['create', 'update', 'delete'] as const) {
        for (const run of runs) {
          const xs = run.times[call];
          const p95 = pct(xs, 95);
          line(
            `${run.label}${call === 'create' ? 'POST (empty cell)' : call === 'update' ? 'PUT (changed cell)' : 'DELETE (cleared cell)'}, 1 conn.`,
            `p50 ${pct(xs, 50).toFixed(1)} / p95 ${p95.toFixed(1)} / max ${Math.max(...xs).toFixed(1)} ms of ${xs.length} (goal p95 ≤ ${GOAL_MS} ms) ${p95 <= GOAL_MS ? '✓' : '✗'}; server CPU ${(run.cpu[call] / xs.length).toFixed(1)} ms/call`,
          );
        }
      }
      line('machine load after the rounds (1, 5, 15 min; 2 cores)', load);

      // The statement the 24-hour rule adds to each save, as the server runs it (db/queries/day-hours.ts), on a background day of the user.
      const user = await dbh.db.selectFrom('appUser').select('id').where('accountId', '=', accountId).where('username', '=', USER).executeTakeFirstOrThrow();
      const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON)
        SELECT lower(u.username), w.date::text, sum(w.quantity)::text FROM worksheet_record w JOIN app_user u ON u.id = w.user_id
        WHERE u.account_id = ${accountId} AND lower(u.username) = ANY(${[USER]}::text[]) AND w.account_id = ${accountId}
          AND w.exported IN (false, true) AND w.date = ANY(${[dayOf(0)]}::date[]) AND upper(w.unit_of_measure_code) = ANY(${[...HOUR_UNITS]}::text[])
        GROUP BY lower(u.username), w.date`.execute(dbh.db);
      const text = plan.rows.map((r) => r['QUERY PLAN']);
      const index = text.map((l) => /Index (?:Only )?Scan using (\S+)/.exec(l)?.[1]).find(Boolean) ?? 'no index (sequential scan)';
      const exec = text.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
      line(`the day's hours (user ${user.id}, ${dayOf(0)})`, `${exec} via ${index}`);
      if (process.argv.includes('--plan')) console.log(text.map((l) => `    ${l}`).join('\n'));
    } catch (e) {
      fail('cell save', e instanceof Error ? e.message.split('\n')[0]! : String(e));
    } finally {
      for (const proc of servers) await proc.stop();
      await dbh.close();
    }
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await benchCellSave();
  exitStandalone();
}
