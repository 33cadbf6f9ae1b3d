/**
 * Worksheet with a big account (issue 4 "Speed"), on PostgreSQL:
 *   1 000 000 worksheet records (mostly exported, written with INSERT … SELECT generate_series)
 *   plus 5 000 unexported ones (500 with a photo);  `--quick`: 100 000 rows.
 *   - GET /api/worksheet?mode=ALL (admin, all 5 000 open entries) and ?mode=TEAM (team leader)
 *     under autocannon against a separate server process: p50 / p95 / req/s, 1 and 4 connections.
 *     Goal: list p95 < 150 ms for 5 000 entries.
 *   - Queries per request (counted in-process on a wrapped Kysely executor): must be constant.
 *   - POST /api/worksheet multipart with a 3 MB photo: throughput.
 *   - With a built client: the worksheet home (ALL, 5 000 entries) in Chromium, first day card.
 * Prints figures; never fails on timings.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { seedMasterData } from '../db/seed/demo';
import { hashPassword } from '../src/server/auth/passwords';
import { parseEnv } from '../src/server/env';
import { createLogger } from '../src/server/log';
import { startServer } from '../src/server/server';
import { createAccount } from '../src/server/services/accounts';
import { checked, fmt, line, load, startServerProcess, withBenchDatabase, type ServerProcess, exitStandalone } from './lib';

const ROOT = resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const EXPORTED = Number(process.env.BENCH_WORKSHEET_ROWS ?? (quick ? 100_000 : 1_000_000));
const OPEN = 5_000;
const USERS = 50;
const SECONDS = quick ? 3 : 8;
const PASSWORD = 'bench-pass-1';

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number | null {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 (1-based), i.e. 11 and 12 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Server CPU per request, sequentially: on a shared machine the wall-clock latency mostly measures
 * the neighbours; the CPU a request costs the server does not.
 */
async function cpuPerRequest(server: ServerProcess, path: string, cookie: string, n = 20): Promise<string> {
  const before = cpuMs(server.pid);
  const started = performance.now();
  for (let i = 0; i < n; i++) await (await fetch(server.url + path, { headers: { Cookie: cookie } })).arrayBuffer();
  const wall = (performance.now() - started) / n;
  const after = cpuMs(server.pid);
  return `${before === null || after === null ? '?' : ((after - before) / n).toFixed(0)} ms server CPU per request (wall ${wall.toFixed(0)} ms, ${n} sequential)`;
}

const startProcess = (databaseUrl: string) => startServerProcess({ DATABASE_URL: databaseUrl });

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Users u001…u050 in teams A–E, a team leader of A and the admin. */
export async function seedAccount(dbh: DbHandle): Promise<number> {
  const { accountId } = await createAccount(dbh.db, { code: 'WSBENCH', name: 'Worksheet bench A/S', admin: 'wsbenchadmin', password: PASSWORD });
  await seedMasterData(dbh.db, accountId);
  const hash = await hashPassword(PASSWORD);
  const teams = ['A', 'B', 'C', 'D', 'E'];
  await dbh.db
    .insertInto('appUser')
    .values([
      { accountId, username: 'wsbenchlead', passwordHash: hash, profileType: 'Teamleader', teamCode: 'A' },
      ...Array.from({ length: USERS }, (_, i) => ({ accountId, username: `u${String(i + 1).padStart(3, '0')}`, passwordHash: hash, teamCode: teams[i % teams.length]! })),
    ])
    .execute();
  return accountId;
}

/**
 * The records in bulk: job/customer pairs and names as the demo master data has them; every
 * 4th open entry an item, the others resource time-mode entries.
 */
export async function seedRecords(dbh: DbHandle, accountId: number): Promise<void> {
  const insert = (from: number, to: number, exported: boolean) =>
    sql`
    INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description,
      job_task_code, job_task_description, location_code, work_type_code, work_type_description, unit_type, unit_no,
      unit_description, description, time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description,
      created_by, created_at, modified_by, modified_date, approved_by, approved_date_time, exported, exported_by, exported_at)
    SELECT ${sql.lit(accountId)},
      'u' || lpad(((g % ${USERS}) + 1)::text, 3, '0'),
      ${exported ? sql`date '2019-01-01' + (g % 2400)` : sql`current_date - (g % 60)`},
      j.customer_no, j.customer_name, j.code, j.description, '100', j.task, 'CPH', 'NORMAL', 'Normal hours',
      CASE WHEN g % 4 = 0 THEN 'Item' ELSE 'Resource' END,
      CASE WHEN g % 4 = 0 THEN '1000' ELSE 'R01' END,
      CASE WHEN g % 4 = 0 THEN 'Screws 5x50, box' ELSE 'Carpenter' END,
      'Bench entry ' || g,
      CASE WHEN g % 4 = 0 THEN NULL ELSE time '07:00' + ((g % 8) * interval '15 minutes') END,
      CASE WHEN g % 4 = 0 THEN NULL ELSE time '12:00' + ((g % 16) * interval '15 minutes') END,
      CASE WHEN g % 4 = 0 THEN (g % 9) + 1 ELSE 5 + ((g % 16) - (g % 8)) * 0.25 END,
      CASE WHEN g % 4 = 0 THEN 'BOX' ELSE 'HOUR' END,
      CASE WHEN g % 4 = 0 THEN 'Box' ELSE 'Hour' END,
      'wsbenchadmin', now(), 'wsbenchadmin', now(),
      CASE WHEN ${sql.lit(exported)} OR g % 3 = 0 THEN 'wsbenchlead' END,
      CASE WHEN ${sql.lit(exported)} OR g % 3 = 0 THEN now() END,
      ${sql.lit(exported)}, ${exported ? sql`'wsbenchadmin'` : sql`NULL`}, ${exported ? sql`now()` : sql`NULL::timestamptz`}
    FROM generate_series(${from}::int, ${to}::int) g
    JOIN (VALUES
      (0, 'J-1001', 'Kitchen renovation, Strandvejen 12', 'C1000', 'Nordhavn Byg ApS', 'Demolition'),
      (1, 'J-1002', 'New roof, warehouse', 'C1000', 'Nordhavn Byg ApS', 'Roofing'),
      (2, 'J-2001', 'Bathroom, block 4', 'C2000', 'Vestegnens Boligselskab', 'Tiling'),
      (3, 'J-3001', 'School windows service', 'C3000', 'Aarhus Kommune', NULL)
    ) AS j(k, code, description, customer_no, customer_name, task) ON j.k = g % 4`.execute(dbh.db);
  const started = performance.now();
  for (let from = 1; from <= EXPORTED; from += 250_000) await insert(from, Math.min(EXPORTED, from + 249_999), true);
  await insert(EXPORTED + 1, EXPORTED + OPEN, false);
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  await sql`
    INSERT INTO attachment (account_id, worksheet_id, file_name, content_type, size, data, preview, preview_type)
    SELECT account_id, id, 'photo-' || id || '.png', 'image/png', ${png.length}::int, ${png}::bytea, ${png}::bytea, 'image/png'
    FROM worksheet_record WHERE account_id = ${accountId} AND NOT exported AND id % 10 = 0`.execute(dbh.db);
  await sql`VACUUM ANALYZE worksheet_record`.execute(dbh.db);
  await sql`VACUUM ANALYZE attachment`.execute(dbh.db);
  line('seed', `${EXPORTED.toLocaleString('en')} exported + ${OPEN} open records in ${Math.round(performance.now() - started)} ms`);
}

/** A JPEG of about 3 MB (noise does not compress, so the pixel count sets the size). */
async function photo3mb(): Promise<Buffer> {
  let x = 12345;
  for (let width = 1800; ; width += 200) {
    const height = Math.round((width * 3) / 4);
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0; i < raw.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      raw[i] = (x >> 16) & 0xff;
    }
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    if (jpeg.length >= 2.9e6 || width >= 4000) return jpeg;
  }
}

function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----webtidbench${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="site.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Queries per request, counted on a wrapped executor of an in-process server on the same database. */
async function countQueries(databaseUrl: string, photo: Buffer): Promise<void> {
  const dbh = await openDatabase({ databaseUrl, dataDir: '', poolSize: 4 });
  // On the prototype, so that the executors of transactions (new objects) count too.
  const proto = Object.getPrototypeOf(dbh.db.getExecutor()) as { executeQuery: (this: unknown, ...a: unknown[]) => Promise<unknown> };
  const original = proto.executeQuery;
  let n = 0;
  proto.executeQuery = function (this: unknown, ...a: unknown[]) {
    n += 1;
    return original.apply(this, a);
  };
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-bench-wsq-')),
    LOG_LEVEL: 'silent',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-12',
  });
  const server = await startServer(env, { dbh, seedDemo: false, log: createLogger('silent') });
  try {
    const admin = await login(server.url, 'wsbenchadmin');
    const lead = await login(server.url, 'wsbenchlead');
    const basic = await login(server.url, 'u001');
    const count = async (label: string, cookie: string, path: string, init: RequestInit = {}) => {
      const before = n;
      const res = await fetch(server.url + path, { ...init, headers: { Cookie: cookie, Origin: server.url, ...(init.headers as Record<string, string>) } });
      const text = await res.text();
      let size = '';
      if (res.headers.get('content-type')?.includes('json') && text.startsWith('[')) {
        const groups = JSON.parse(text) as Array<{ worksheet: unknown[] }>;
        size = `, ${groups.reduce((s, g) => s + g.worksheet.length, 0)} records`;
      }
      line(`queries: ${label}`, `${n - before} (status ${res.status}${size})`);
    };
    await count('GET ?mode=ALL (admin)', admin, '/api/worksheet?mode=ALL');
    await count('GET ?mode=TEAM (team leader)', lead, '/api/worksheet?mode=TEAM');
    await count('GET ?mode=YOURS (basic)', basic, '/api/worksheet');
    await count('GET archive, one month (admin)', admin, '/api/worksheet?mode=ALL&exported=true&from=2020-03-01&to=2020-03-31');
    const first = (await dbh.db.selectFrom('worksheetRecord').select('id').where('exported', '=', false).orderBy('id').executeTakeFirstOrThrow()).id;
    await count('GET /api/worksheet/{id}', admin, `/api/worksheet/${first}`);
    const mp = multipart(postFields(), photo);
    await count('POST multipart with a 3 MB photo', admin, '/api/worksheet', { method: 'POST', body: new Uint8Array(mp.body), headers: { 'Content-Type': mp.contentType } });
    line('  (each includes the session look-up; BEGIN/COMMIT not counted)', '');
  } finally {
    proto.executeQuery = original;
    await server.close(1000);
  }
}

// An item, not hours: the bench creates entries for one person on one day, and a day holds at
// most 24 hours (decision 0470) — three 8.5-hour entries would be refused from the third on.
const postFields = () => ({
  username: 'u001',
  date: new Date().toISOString().slice(0, 10),
  customerNo: 'C1000',
  jobCode: 'J-1001',
  jobTaskCode: '200',
  unitType: 'Item',
  unitNo: '1000',
  description: 'Bench photo entry',
  quantity: '3',
  unitOfMeasureCode: 'BOX',
});

/** The worksheet home (ALL, 5 000 entries) in Chromium: time to the first day card, and long tasks. */
async function homeInBrowser(url: string): Promise<string> {
  if (!existsSync(resolve(ROOT, 'dist/client/index.html'))) return 'skipped (no dist/client: run npm run build)';
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return `skipped (no Chromium at ${executablePath})`;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${url}/login`);
    await page.locator('input[name="username"]').waitFor({ timeout: 60_000 });
    await page.locator('input[name="username"]').fill('wsbenchadmin');
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.evaluate(() => {
      const w = window as unknown as { __long: number[] };
      w.__long = [];
      new PerformanceObserver((l) => w.__long.push(...l.getEntries().map((e) => Math.round(e.duration)))).observe({ type: 'longtask' });
    });
    const started = Date.now();
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.locator('.ws-day').first().waitFor({ state: 'visible', timeout: 30_000 });
    const firstCard = Date.now() - started;
    await page.waitForTimeout(300);
    const rows = await page.locator('[data-entry-id]').count();
    const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
    return `first day card ${firstCard} ms, ${rows} rows rendered of 5 000, longest main-thread task ${Math.max(0, ...long)} ms`;
  } finally {
    await browser.close();
  }
}

export async function benchWorksheet(): Promise<void> {
  console.log(`\n# Worksheet (${EXPORTED.toLocaleString('en')} exported + ${OPEN} open records, PostgreSQL${quick ? ', --quick' : ''})`);
  await withBenchDatabase('ws', async (databaseUrl) => {
    let server: ServerProcess | undefined;
    try {
      const dbh = await openDatabase({ databaseUrl: databaseUrl, dataDir: '', poolSize: 2 });
      await migrateToLatest(dbh.db);
      const accountId = await seedAccount(dbh);
      await seedRecords(dbh, accountId);
      const teamRows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM worksheet_record w
      LEFT JOIN app_user u ON u.account_id = w.account_id AND lower(u.username) = lower(w.username)
      LEFT JOIN job j ON j.account_id = w.account_id AND j.code = w.job_code
      WHERE w.account_id = ${accountId} AND NOT w.exported AND (u.team_code = 'A' OR j.team_code = 'A')`.execute(dbh.db);
      const photo = await photo3mb();

      server = await startProcess(databaseUrl);
      const adminCookie = await login(server.url, 'wsbenchadmin');
      const leadCookie = await login(server.url, 'wsbenchlead');
      const bytes = (await (await fetch(`${server.url}/api/worksheet?mode=ALL`, { headers: { Cookie: adminCookie } })).text()).length;

      line('GET ?mode=ALL, CPU', await cpuPerRequest(server, '/api/worksheet?mode=ALL', adminCookie));
      line('GET ?mode=TEAM, CPU', await cpuPerRequest(server, '/api/worksheet?mode=TEAM', leadCookie));
      line('machine load (1-min average, 2 cores = 2.0)', readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?');
      for (const connections of [1, 4]) {
        const all = checked(
          `GET ?mode=ALL, ${connections} conn.`,
          await load(`${server.url}/api/worksheet?mode=ALL`, { headers: { Cookie: adminCookie }, seconds: SECONDS, connections }),
        );
        line(`GET ?mode=ALL (5 000, ${(bytes / 1e6).toFixed(1)} MB), ${connections} conn.`, `${fmt(all)} (goal p95 < 150 ms; p97.5 shown)`);
        const team = checked(
          `GET ?mode=TEAM, ${connections} conn.`,
          await load(`${server.url}/api/worksheet?mode=TEAM`, { headers: { Cookie: leadCookie }, seconds: SECONDS, connections }),
        );
        line(`GET ?mode=TEAM (${teamRows.rows[0]?.n ?? '?'} rows), ${connections} conn.`, `${fmt(team)} (goal p95 < 150 ms; p97.5 shown)`);
      }

      const plan = await sql<{ 'QUERY PLAN': string }>`
      EXPLAIN ANALYZE SELECT w.*, u.team_code, j.team_code FROM worksheet_record w
      LEFT JOIN app_user u ON u.account_id = w.account_id AND lower(u.username) = lower(w.username)
      LEFT JOIN job j ON j.account_id = w.account_id AND j.code = w.job_code
      WHERE w.account_id = ${accountId} AND w.exported = false AND (u.team_code = 'A' OR j.team_code = 'A')
      ORDER BY w.date DESC, w.time_from ASC NULLS LAST, w.id ASC`.execute(dbh.db);
      const planLines = plan.rows.map((r) => r['QUERY PLAN']);
      line(
        'TEAM query plan (records scan)',
        planLines
          .find((l) => /Scan.* on worksheet_record w/.test(l))
          ?.trim()
          .replace(/\s+\(cost.*$/, '') ?? '?',
      );
      line('TEAM query execution', planLines.find((l) => /Execution Time/.test(l))?.trim() ?? '?');

      const mp = multipart(postFields(), photo);
      // autocannon sends the Buffer body as it is; each request creates one entry with the photo.
      const post = checked(
        'POST multipart with a photo',
        await load(`${server.url}/api/worksheet`, {
          method: 'POST',
          headers: { Cookie: adminCookie, Origin: server.url, 'Content-Type': mp.contentType },
          body: mp.body,
          seconds: SECONDS,
          connections: 4,
        }),
      );
      line(`POST multipart, ${(photo.length / 1e6).toFixed(1)} MB photo, 4 conn.`, `${fmt(post)} (${((post.rps * photo.length) / 1e6).toFixed(1)} MB/s)`);
      await dbh.close();

      await countQueries(databaseUrl, photo);

      const browser = await homeInBrowser(server.url).catch((e: unknown) => `failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
      line('Worksheet home, ALL with 5 000 (Chromium)', browser);
    } finally {
      await server?.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchWorksheet();
  exitStandalone();
}
