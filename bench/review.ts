/**
 * Issue 23 budgets: the team leader's filtered first page, and approving 1 000 entries in one call,
 * on PostgreSQL.
 *
 *   node --import tsx bench/review.ts [--plans] [--full]     (or: npm run bench -- review)
 *
 * Data: 62 users (a team of 20 with its leader, and two more teams), 50 000 open entries over the
 * last 60 days (3 in 7 approved), and 200 000 archived entries (--full: 1 000 000, as the issue
 * names; seeding that takes minutes on a shared machine). Own database webtid_bench_review,
 * dropped afterwards. --plans writes EXPLAIN (ANALYZE, BUFFERS) of the filtered queries to
 * docs/plans/worksheet-review.txt. Latencies are nearest-rank percentiles of every request made
 * (counts printed) after a warm-up; the load is closed-loop on 127.0.0.1, bounded in count and time.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import { analyze, migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { listRecordsQuery, type WorksheetListFilter } from '../db/queries/worksheet';
import { seedMasterData } from '../db/seed/demo';
import { hashPassword } from '../src/server/auth/passwords';
import { createAccount } from '../src/server/services/accounts';
import { BENCH_DATABASE_URL, fail, startServerProcess, type ServerProcess } from './lib';

const full = process.argv.includes('--full');
const writePlans = process.argv.includes('--plans');
const ARCHIVED = full ? 1_000_000 : 200_000;
const OPEN = 50_000;
const USERS = 60;
const TEAM = 'A';
const PASSWORD = 'bench-pass-1';
const DB_NAME = 'webtid_bench_review';

const out = (label: string, value: string) => console.log(`  ${label.padEnd(50)} ${value}`);

/** Users r001…r060: r001–r020 are team A (the leader's team of 20), the rest teams B and C. */
async function seed(dbh: DbHandle): Promise<number> {
  const { accountId } = await createAccount(dbh.db, { code: 'REVIEW', name: 'Review bench A/S', admin: 'rvbenchadmin', password: PASSWORD });
  await seedMasterData(dbh.db, accountId);
  const hash = await hashPassword(PASSWORD);
  await dbh.db
    .insertInto('appUser')
    .values([
      { accountId, username: 'rvbenchlead', passwordHash: hash, profileType: 'Teamleader', teamCode: TEAM },
      ...Array.from({ length: USERS }, (_, i) => ({ accountId, username: `r${String(i + 1).padStart(3, '0')}`, passwordHash: hash, teamCode: i < 20 ? TEAM : i < 40 ? 'B' : 'C' })),
    ])
    .execute();
  return accountId;
}

/** Entries g = from…to over USERS owners; open ones over the last 60 days (3 in 7 approved), archived over ~6.5 years. */
async function insertRecords(dbh: DbHandle, accountId: number, from: number, to: number, exported: boolean): Promise<void> {
  for (let start = from; start <= to; start += 250_000) {
    const end = Math.min(to, start + 249_999);
    await sql`
      INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description,
        job_task_code, location_code, work_type_code, unit_type, unit_no, unit_description, description,
        time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description,
        created_by, modified_by, modified_date, approved_by, approved_date_time, exported, exported_by, exported_at)
      SELECT ${sql.lit(accountId)}, 'r' || lpad(((g % ${sql.lit(USERS)}) + 1)::text, 3, '0'),
        ${exported ? sql`date '2019-01-01' + ((g / ${sql.lit(USERS)}) % 2400)` : sql`current_date - ((g / ${sql.lit(USERS)}) % 60)`},
        j.customer_no, j.customer_name, j.code, j.description, NULL, 'CPH', 'NORMAL', 'Resource', 'R01', 'Carpenter',
        'Bench entry ' || g, time '07:00', time '15:00', 8, 'HOUR', 'Hour',
        'rvbenchadmin', 'rvbenchadmin', now(),
        CASE WHEN ${sql.lit(exported)} OR g % 7 < 3 THEN 'rvbenchlead' END, CASE WHEN ${sql.lit(exported)} OR g % 7 < 3 THEN now() END,
        ${sql.lit(exported)}, ${exported ? sql`'rvbenchadmin'` : sql`NULL`}, ${exported ? sql`now()` : sql`NULL::timestamptz`}
      FROM generate_series(${start}::int, ${end}::int) g
      JOIN (VALUES
        (0, 'J-1001', 'Kitchen renovation, Strandvejen 12', 'C1000', 'Nordhavn Byg ApS'),
        (1, 'J-1002', 'New roof, warehouse', 'C1000', 'Nordhavn Byg ApS'),
        (2, 'J-2001', 'Bathroom, block 4', 'C2000', 'Vestegnens Boligselskab'),
        (3, 'J-3001', 'School windows service', 'C3000', 'Aarhus Kommune')
      ) AS j(k, code, description, customer_no, customer_name) ON j.k = g % 4`.execute(dbh.db);
  }
}

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

function report(label: string, s: Samples, goalMs: number): void {
  const p95 = pct(s.ms, 95);
  if (s.ms.length === 0 || s.errors > 0) fail(label, `${s.errors} errors, ${s.ms.length} answers`);
  const verdict = p95 <= goalMs ? 'meets' : `misses by ${(p95 / goalMs).toFixed(1)}×`;
  out(label, `p50 ${pct(s.ms, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (n=${s.ms.length}${s.errors ? `, errors ${s.errors}` : ''})  goal p95 ≤ ${goalMs} ms: ${verdict}`);
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

/** Monday…Sunday (YYYY-MM-DD) of the week before this one: a week of open entries. */
function lastWeek(): { from: string; to: string } {
  const d = new Date();
  const day = (d.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day - 7));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

async function plans(dbh: DbHandle, pg: postgres.Sql, accountId: number, leadId: number, ownerId: number, week: { from: string; to: string }): Promise<string> {
  const base: WorksheetListFilter = { accountId, mode: 'TEAM', userId: leadId, username: 'rvbenchlead', teamCode: TEAM, exported: false };
  const page = { after: null, limit: 200 };
  const parts: string[] = [];
  const cases: Array<[string, WorksheetListFilter]> = [
    ['TEAM, not approved, first page', { ...base, status: 'notApproved' }],
    ['TEAM, not approved, one person, one week, first page', { ...base, status: 'notApproved', ownerId, from: week.from, to: week.to }],
    ['TEAM, approved, first page', { ...base, status: 'approved' }],
    ['TEAM, customer C2000, not approved, first page', { ...base, customerNo: 'C2000', status: 'notApproved' }],
    ['TEAM, job J-2001, one week, first page', { ...base, jobCode: 'J-2001', from: week.from, to: week.to }],
    ['ALL, not approved, first page', { ...base, mode: 'ALL', status: 'notApproved' }],
  ];
  for (const [title, f] of cases) {
    const c = listRecordsQuery(f, page)!.compile(dbh.db.withoutPlugins());
    const rows = await pg.unsafe(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, [...c.parameters] as never[]);
    parts.push(`### ${title}\n${rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}\n`);
  }
  return parts.join('\n');
}

/** PUT /api/worksheet/approve/bulk of 1 000 open team entries (a webhook endpoint subscribed), then the same call unapproving them. */
async function bulkRounds(server: ServerProcess, pg: postgres.Sql, accountId: number, lead: Record<string, string>): Promise<{ approve: number[]; unapprove: number[] }> {
  const approve: number[] = [];
  const unapprove: number[] = [];
  for (let round = 0; round < 6; round += 1) {
    const ids = (
      await pg.unsafe(
        `SELECT w.id FROM worksheet_record w JOIN app_user u ON u.id = w.user_id
         WHERE w.account_id = $1 AND NOT w.exported AND w.approved_by IS NULL AND u.team_code = $2 ORDER BY random() LIMIT 1000`,
        [accountId, TEAM],
      )
    ).map((r) => (r as unknown as { id: number }).id);
    const call = async (isApproved: boolean) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/worksheet/approve/bulk`, {
        method: 'PUT',
        headers: { ...lead, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ids, isApproved }),
      });
      const body = (await res.json()) as { changed?: number[] };
      const ms = performance.now() - t0;
      if (res.status !== 200 || body.changed?.length !== ids.length) fail('bulk approve', `status ${res.status}, changed ${body.changed?.length}`);
      return ms;
    };
    const a = await call(true);
    const u = await call(false);
    if (round > 0) {
      approve.push(a);
      unapprove.push(u);
    }
  }
  const outbox = (await pg.unsafe(`SELECT count(*)::int AS n FROM webhook_message WHERE account_id = $1 AND event_type = 'worksheet.approved'`, [accountId]))[0] as unknown as {
    n: number;
  };
  out('webhook messages written (worksheet.approved)', `${outbox.n} (6 rounds × 1 000)`);
  if (outbox.n !== 6000) fail('bulk approve outbox', `${outbox.n} messages`);
  return { approve, unapprove };
}

export async function benchReview(): Promise<void> {
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
    const accountId = await seed(dbh);
    const t0 = performance.now();
    await insertRecords(dbh, accountId, 1, ARCHIVED, true);
    await insertRecords(dbh, accountId, 10_000_001, 10_000_000 + OPEN, false);
    // The bulk call writes its webhook outbox rows, as in production with an integration subscribed.
    await sql`INSERT INTO webhook_endpoint (account_id, url, events, secret_enc, enabled) VALUES (${accountId}, 'https://hooks.invalid/review', ARRAY['worksheet.approved'], 'x', true)`.execute(
      dbh.db,
    );
    await analyze(dbh.db);
    console.log(
      `\nTeam leader's review on PostgreSQL: ${ARCHIVED.toLocaleString('en')} archived${full ? '' : ' (--full: 1 000 000)'} + ${OPEN.toLocaleString('en')} open entries, team of 20 of ${USERS} users (issue 23)`,
    );
    out('seed', `${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const leadId = (await dbh.db.selectFrom('appUser').select('id').where('username', '=', 'rvbenchlead').executeTakeFirstOrThrow()).id;
    const ownerId = (await dbh.db.selectFrom('appUser').select('id').where('username', '=', 'r007').executeTakeFirstOrThrow()).id;
    const week = lastWeek();
    if (writePlans) {
      const version = String(((await pg.unsafe('SHOW server_version'))[0] as unknown as { server_version: string }).server_version);
      const file = resolve(import.meta.dirname, '../docs/plans/worksheet-review.txt');
      writeFileSync(
        file,
        `-- issue 23: filtered lists at ${ARCHIVED.toLocaleString('en')} archived + ${OPEN.toLocaleString('en')} open entries, after ANALYZE\n-- written by: node --import tsx bench/review.ts --plans   (PostgreSQL ${version})\n\n${await plans(dbh, pg, accountId, leadId, ownerId, week)}`,
      );
      out('plans', `written to ${file}`);
    }

    const server = await startServerProcess({ DATABASE_URL: databaseUrl, WEBHOOKS_POLL_MS: '3600000' });
    try {
      const lead = await login(server.url, 'rvbenchlead');
      const personWeek = `/api/worksheet?mode=TEAM&status=notApproved&username=r007&from=${week.from}&to=${week.to}`;
      const team = '/api/worksheet?mode=TEAM&status=notApproved';
      await run(server.url, () => personWeek, lead, 2, 40, 20);
      await run(server.url, () => team, lead, 2, 40, 20);
      report('TEAM, not approved, person + week, 1 connection', await run(server.url, () => personWeek, lead, 1, 200, 60), 50);
      report('TEAM, not approved, first page (200), 1 connection', await run(server.url, () => team, lead, 1, 100, 60), 50);
      report('TEAM, not approved, person + week, 20 connections', await run(server.url, () => personWeek, lead, 20, 1000, 60), 150);
      report('TEAM, not approved, first page (200), 20 conn.', await run(server.url, () => team, lead, 20, 400, 60), 150);
      const { approve, unapprove } = await bulkRounds(server, pg, accountId, lead);
      const med = pct(approve, 50);
      out(
        'approve 1 000 entries in one call (HTTP)',
        `median ${med.toFixed(0)} ms, max ${Math.max(...approve).toFixed(0)} ms (5 runs, outbox rows included)  goal ≤ 500 ms: ${med <= 500 ? 'meets' : `misses by ${(med / 500).toFixed(1)}×`}`,
      );
      out('unapprove the same 1 000 (HTTP)', `median ${pct(unapprove, 50).toFixed(0)} ms`);
    } finally {
      await server.stop();
    }
  } finally {
    await pg.end();
    await dbh.close();
    await adminPg.unsafe(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await adminPg.end();
  }
}

if (process.argv[1]?.endsWith('review.ts')) await benchReview();
