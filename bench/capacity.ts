/**
 * Issue 43 §3: how many people one server process serves (decision 0360, docs/capacity.md).
 *
 *   npm run bench -- capacity [--quick]      (or: node --import tsx bench/capacity.ts [--quick])
 *   BENCH_CAPACITY_DB=postgres|pglite: one database only.
 *
 * A scenario bench: virtual users of three kinds (85 % workers, 10 % team leaders, 5 % office)
 * make the calls the app makes, over HTTP to the built server process, as the client sends them
 * (tRPC batch GETs and POSTs, the multipart create with an Idempotency-Key, the CSV download; a
 * session cookie and the Origin header), each action followed by a think time. The number of users
 * goes up in steps (bench/capacity-ramp.ts) until a step's p95 exceeds 300 ms or a call fails, on
 * PostgreSQL and on the embedded default (PGlite, no DATABASE_URL, a fresh DATA_DIR). Per step it
 * prints where the time went: the server's CPU per request (/proc), the database's time per
 * request (PostgreSQL: pg_stat_database.active_time and its backends' CPU; PGlite runs inside the
 * server process, so its time is in the server's CPU), the event loop's delay (prom-client's
 * histogram on the metrics port, reset by each scrape) and the server's memory (RSS).
 * Bounded: each database's ramp stops at a time cap; the whole run ≈ 6 min (--quick ≈ 2 min).
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import postgres from 'postgres';
import { analyze, migrateToLatest, openDatabase, type DbHandle } from '../db/database';
import { seedMasterData } from '../db/seed/demo';
import { hashPassword } from '../src/server/auth/passwords';
import { createAccount } from '../src/server/services/accounts';
import { weekOf } from '../src/shared/week';
import { held, percentile, rampSteps, verdict, MIN_REQUESTS, P95_LIMIT_MS, type StepFigures } from './capacity-ramp';
import { cpuMs, exitStandalone, fail, fetchRetry, loadAvg, procMb, startServerProcess, withBenchDatabase, type ServerProcess } from './lib';

const quick = process.argv.includes('--quick');
/** --check: one user of each kind goes through its day once, no think time, no ramp (does every call answer?). */
const check = process.argv.includes('--check');
const PASSWORD = 'bench-pass-1';
/** Mean think time between two actions of one user (each wait drawn from 0.5–1.5× of it). */
const THINK_S = 5;
const STEP_S = quick ? 8 : 15;
/** After a step's new users have logged in, this long before its window opens. */
const RAMP_IN_S = quick ? 3 : 5;
/** Users per step: PGlite starts lower (it ran one query at a time on the event loop, and broke at 20 in the first runs). */
const STEPS = { postgres: quick ? rampSteps(15, 2.5, 2000) : rampSteps(20, 1.5, 2000), pglite: quick ? rampSteps(5, 2, 2000) : rampSteps(5, 1.5, 2000) };
/** Each database's ramp ends after this long, held or not. */
const RAMP_CAP_S = quick ? 50 : 160;
const LOGIN_CONCURRENCY = 4;
const WORKERS = 60;
const TEAMS = ['A', 'B', 'C'];
const OPEN = 50_000;
const ARCHIVED = quick ? 50_000 : 100_000;

const out = (label: string, value: string) => console.log(`  ${label.padEnd(34)} ${value}`);

// ---------------------------------------------------------------- data

/** Workers w001…w060 in teams A, B, C; a leader per team; two office admins (one is the account's admin). */
async function seed(dbh: DbHandle): Promise<void> {
  const { accountId } = await createAccount(dbh.db, { code: 'CAP', name: 'Capacity bench A/S', admin: 'office1', password: PASSWORD });
  await seedMasterData(dbh.db, accountId);
  const hash = await hashPassword(PASSWORD);
  await dbh.db
    .insertInto('appUser')
    .values([
      { accountId, username: 'office2', passwordHash: hash, profileType: 'Admin' },
      ...TEAMS.map((t) => ({ accountId, username: `lead-${t.toLowerCase()}`, passwordHash: hash, profileType: 'Teamleader' as const, teamCode: t })),
      ...Array.from({ length: WORKERS }, (_, i) => ({ accountId, username: worker(i), passwordHash: hash, teamCode: TEAMS[i % TEAMS.length]! })),
    ])
    .execute();
  // Open entries over the last 60 days (3 in 7 approved), archived (exported) ones over ~6.5 years.
  const insert = async (from: number, to: number, exported: boolean) => {
    for (let start = from; start <= to; start += 25_000) {
      const end = Math.min(to, start + 24_999);
      await sql`
        INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description,
          job_task_code, location_code, work_type_code, unit_type, unit_no, unit_description, description,
          time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description,
          created_by, modified_by, modified_date, approved_by, approved_date_time, exported, exported_by, exported_at)
        SELECT ${sql.lit(accountId)}, 'w' || lpad(((g % ${sql.lit(WORKERS)}) + 1)::text, 3, '0'),
          ${exported ? sql`date '2019-01-01' + ((g / ${sql.lit(WORKERS)}) % 2400)` : sql`current_date - ((g / ${sql.lit(WORKERS)}) % 60)`},
          'C1000', 'Nordhavn Byg ApS', 'J-1001', 'Kitchen renovation, Strandvejen 12', '200', 'CPH', 'NORMAL', 'Resource', 'R01', 'Carpenter',
          'Capacity entry ' || g, time '07:00', time '15:00', 8, 'HOUR', 'Hour', 'office1', 'office1', now(),
          CASE WHEN ${sql.lit(exported)} OR g % 7 < 3 THEN 'lead-a' END, CASE WHEN ${sql.lit(exported)} OR g % 7 < 3 THEN now() END,
          ${sql.lit(exported)}, ${exported ? sql`'office1'` : sql`NULL`}, ${exported ? sql`now()` : sql`NULL::timestamptz`}
        FROM generate_series(${start}::int, ${end}::int) g`.execute(dbh.db);
    }
  };
  await insert(1, OPEN, false);
  await insert(1_000_001, 1_000_000 + ARCHIVED, true);
  await analyze(dbh.db);
}

const worker = (i: number) => `w${String((i % WORKERS) + 1).padStart(3, '0')}`;

// ---------------------------------------------------------------- HTTP as the app sends it

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
  /** performance.now() at the answer's end */
  end: number;
  /** a failure's status and answer (--check prints them) */
  detail?: string;
}

class Session {
  private cookie = '';
  constructor(
    private readonly base: string,
    private readonly samples: Sample[],
  ) {}

  private async timed<T>(kind: string, path: string, init: RequestInit, read: (res: Response) => Promise<T>): Promise<T | null> {
    const t0 = performance.now();
    let ok = false;
    let detail = '';
    let value: T | null = null;
    try {
      const res = await fetchRetry(this.base + path, {
        ...init,
        headers: { Origin: this.base, ...(this.cookie ? { Cookie: this.cookie } : {}), ...(init.headers as Record<string, string>) },
      });
      if (res.status >= 400) detail = `${res.status} ${(await res.text()).slice(0, 300)}`;
      else {
        value = await read(res);
        ok = true;
      }
    } catch (e) {
      detail = String(e);
    }
    const end = performance.now();
    this.samples.push({ kind, ms: end - t0, ok, end, ...(detail ? { detail } : {}) });
    return ok ? value : null;
  }

  async login(username: string): Promise<boolean> {
    const r = await this.timed(
      'login',
      '/api/user/login',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) },
      async (res) => {
        await res.arrayBuffer();
        return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      },
    );
    if (r) this.cookie = r;
    return r !== null;
  }

  /** One tRPC batch GET, as httpBatchLink sends the queries of one render; the answers' data in order. */
  async query(kind: string, calls: Array<[string, unknown]>): Promise<unknown[] | null> {
    const input: Record<string, unknown> = {};
    calls.forEach(([, v], i) => v !== undefined && (input[i] = v));
    const path = `/api/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
    return this.timed(kind, path, { method: 'GET' }, trpcAnswers);
  }

  /** One tRPC mutation (a batch POST of one call). */
  async mutate(kind: string, proc: string, input: unknown): Promise<unknown | null> {
    const r = await this.timed(
      kind,
      `/api/trpc/${proc}?batch=1`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ 0: input }) },
      trpcAnswers,
    );
    return r?.[0] ?? null;
  }

  /** The worksheet transport's create: multipart/form-data with an Idempotency-Key. */
  async create(fields: Record<string, string>): Promise<boolean> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const r = await this.timed(
      'create (POST /api/worksheet)',
      '/api/worksheet',
      { method: 'POST', headers: { Accept: 'application/json', 'Idempotency-Key': randomUUID() }, body: form },
      async (res) => (await res.arrayBuffer(), res.status === 201),
    );
    return r === true;
  }

  /** The download modal's file: POST /api/worksheet/download, read to its end. */
  async download(body: unknown): Promise<boolean> {
    const r = await this.timed(
      'export CSV (POST /download)',
      '/api/worksheet/download',
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      async (res) => (await res.arrayBuffer()).byteLength > 0,
    );
    return r === true;
  }
}

/** The data of each call of a batch answer; a call that failed inside a 200/207 counts as a failure. */
async function trpcAnswers(res: Response): Promise<unknown[]> {
  const body = (await res.json()) as Array<{ result?: { data?: unknown }; error?: unknown }>;
  if (!Array.isArray(body) || body.some((b) => b.error !== undefined)) throw new Error('a call of the batch failed');
  return body.map((b) => b.result?.data);
}

const idsOf = (page: unknown): number[] =>
  ((page as { groups?: Array<{ worksheet: Array<{ id: number }> }> } | undefined)?.groups ?? []).flatMap((g) => g.worksheet.map((r) => r.id));

// ---------------------------------------------------------------- the day's scripts

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;
/** The plain home page's first calls (src/client/lib/first-calls.ts): one batch. */
const homeCalls = (): Array<[string, unknown]> => [
  ['user.info', undefined],
  ['worksheet.formSettings', undefined],
  ['report.glance', { today: today() }],
  ['worksheet.list', { mode: 'YOURS', cursor: null, direction: 'forward' }],
  ['worksheet.totals', { mode: 'YOURS' }],
];

type Action = (s: Session) => Promise<unknown>;

/** Worker: open home, create 6 entries (each: the job picker, the create, the list's refetch), read the week. */
const workerDay: Action[] = [
  (s) => s.query('home (5 calls)', homeCalls()),
  ...Array.from({ length: 6 }, (_, i): Action => async (s) => {
    await s.query('picker (job.search)', [['job.search', { q: '', limit: 50, customerNo: 'C1000' }]]);
    const created = await s.create({
      date: today(),
      customerNo: 'C1000',
      jobCode: 'J-1001',
      jobTaskCode: '200',
      unitType: 'Item',
      unitNo: '1000',
      description: `Capacity ${i}`,
      quantity: '3',
      unitOfMeasureCode: 'BOX',
    });
    if (created)
      await s.query('list refetch (list + totals)', [
        ['worksheet.list', { mode: 'YOURS', cursor: null, direction: 'forward' }],
        ['worksheet.totals', { mode: 'YOURS' }],
      ]);
  }),
  (s) => s.query('week (worksheet.week)', [['worksheet.week', { week: weekOf(today()), username: null }]]),
];

/** Team leader: home, the Team list filtered to one person's unapproved entries, approve them in bulk (unapprove when none are left). */
const leaderDay = (team: string, n: number): Action[] => {
  const member = () => worker(TEAMS.indexOf(team) + TEAMS.length * Math.floor(Math.random() * (WORKERS / TEAMS.length)));
  let person = member();
  let ids: number[] = [];
  let approve = true;
  return [
    (s) => s.query('home (5 calls)', homeCalls()),
    async (s) => {
      person = member();
      const filter = { mode: 'TEAM', status: 'notApproved', username: person, from: monthStart() };
      const r = await s.query('team filter (list + totals + users)', [
        ['worksheet.list', { ...filter, cursor: null, direction: 'forward' }],
        ['worksheet.totals', filter],
        ['worksheet.weekUsers', undefined],
      ]);
      ids = idsOf(r?.[0]).slice(0, 50);
      approve = ids.length > 0;
      if (!approve) {
        const again = await s.query('team filter (list + totals + users)', [
          ['worksheet.list', { ...filter, status: 'approved', cursor: null, direction: 'forward' }],
          ['worksheet.totals', { ...filter, status: 'approved' }],
          ['worksheet.weekUsers', undefined],
        ]);
        ids = idsOf(again?.[0]).slice(0, 50);
      }
    },
    async (s) => {
      if (ids.length) await s.mutate('bulk approve (≤ 50 entries)', 'worksheet.bulkApprove', { ids, isApproved: approve });
    },
    (s) => s.query('week (worksheet.week)', [['worksheet.week', { week: weekOf(today()), username: person }]]),
    ...(n % 2
      ? [(s: Session) => s.query('report (report.get)', [['report.get', { group: ['person'], measures: ['hours', 'entries', 'approved'], from: monthStart(), mode: 'TEAM' }]])]
      : []),
  ];
};

/** Office: home, a report, the export's preview (the All list's first page, its counts and preview), the CSV. */
const officeDay = (): Action[] => {
  let ids: number[] = [];
  return [
    (s) => s.query('home (5 calls)', homeCalls()),
    (s) => s.query('report (report.get)', [['report.get', { group: ['job', 'person'], measures: ['hours', 'entries', 'approved'], from: monthStart(), mode: 'ALL' }]]),
    async (s) => {
      const list = await s.query('list ALL (list + totals)', [
        ['worksheet.list', { mode: 'ALL', cursor: null, direction: 'forward' }],
        ['worksheet.totals', { mode: 'ALL' }],
      ]);
      ids = idsOf(list?.[0]);
      if (!ids.length) return;
      // the download modal: its counts, then the preview of what the file would hold
      await s.mutate('export info (downloadInfo)', 'worksheet.downloadInfo', { entries: ids, mode: 'ALL' });
      await s.mutate('export preview (downloadPreview)', 'worksheet.downloadPreview', { entries: ids, mode: 'ALL' });
    },
    async (s) => {
      if (ids.length) await s.download({ entries: ids, mode: 'ALL', format: 'csv', csvFormat: 'international' });
    },
  ];
};

/** The mix: of every 20 users, 17 workers, 2 team leaders, 1 office. */
function userOf(n: number): { username: string; day: Action[] } {
  const k = n % 20;
  if (k === 19) return { username: n % 40 === 19 ? 'office1' : 'office2', day: officeDay() };
  if (k === 9 || k === 18) {
    const team = TEAMS[Math.floor(n / 20) % TEAMS.length]!;
    return { username: `lead-${team.toLowerCase()}`, day: leaderDay(team, n) };
  }
  return { username: worker(n), day: workerDay };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => THINK_S * 1000 * (0.5 + Math.random());

// ---------------------------------------------------------------- measuring

/**
 * Time the process's threads were ready to run but waited for a CPU (ms, /proc/<pid>/task/<tid>/schedstat's
 * second field): on a machine shared with other jobs, the part of a request's time that is
 * nobody's code. Threads that ended are not counted.
 */
function runQueueMs(pid: number): number {
  let ns = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    return NaN;
  }
  return ns / 1e6;
}

interface Probe {
  cpu: number;
  /** the server's threads' wait for a CPU (ms so far) */
  wait: number;
  pgActiveMs: number | null;
  pgBackendCpu: Map<number, number>;
  bench: NodeJS.CpuUsage;
}

async function promLag(metricsUrl: string | null): Promise<{ p50: number; p99: number; max: number } | null> {
  if (!metricsUrl) return null;
  const text = await (await fetch(metricsUrl)).text();
  const v = (name: string) => Number(new RegExp(`^webtid_nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
  return { p50: v('p50'), p99: v('p99'), max: v('max') };
}

async function probeNow(server: ServerProcess, pg: postgres.Sql | null, dbName: string): Promise<Probe> {
  let pgActiveMs: number | null = null;
  const pgBackendCpu = new Map<number, number>();
  if (pg) {
    const [row] = await pg.unsafe(`SELECT active_time FROM pg_stat_database WHERE datname = $1`, [dbName]);
    pgActiveMs = Number((row as unknown as { active_time: number }).active_time);
    for (const r of await pg.unsafe(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [dbName])) {
      const pid = (r as unknown as { pid: number }).pid;
      pgBackendCpu.set(pid, cpuMs(pid) ?? 0);
    }
  }
  return { cpu: cpuMs(server.pid) ?? NaN, wait: runQueueMs(server.pid), pgActiveMs, pgBackendCpu, bench: process.cpuUsage() };
}

const fix = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '–');

/** --check: each kind's day once, every call's status printed when it failed. */
async function checkDays(server: ServerProcess): Promise<void> {
  for (const n of [0, 9, 19]) {
    const samples: Sample[] = [];
    const { username, day } = userOf(n);
    const s = new Session(server.url, samples);
    await s.login(username);
    for (const action of [...day, ...day]) await action(s);
    const bad = samples.filter((x) => !x.ok);
    out(`warm-up and check: ${username}`, `${samples.length} calls, ${bad.length} failed`);
    for (const x of bad.slice(0, 5)) console.log(`    ${x.kind}: ${x.detail}`);
    if (bad.length) fail(`capacity check ${username}`, `${bad.length} failed calls`);
  }
}

async function ramp(label: string, server: ServerProcess, pg: postgres.Sql | null, dbName: string): Promise<void> {
  // Warm-up (and a check that every call answers): each kind's day twice, not counted.
  await checkDays(server);
  if (check) return;
  const metricsUrl = /Metrics at (http:\/\/\S+)/.exec(server.output())?.[1] ?? null;
  const samples: Sample[] = [];
  let stop = false;
  const running: Promise<void>[] = [];
  // Logins a few at a time, before the step's window: the login throttle counts attempts per
  // address before it checks the password (decision 0070), and every virtual user comes from
  // 127.0.0.1; a real worker logs in once and keeps the session for weeks.
  let loginSlots = LOGIN_CONCURRENCY;
  const slotFreed: Array<() => void> = [];
  const loginOnce = async (s: Session, username: string) => {
    while (loginSlots === 0) await new Promise<void>((r) => slotFreed.push(r));
    loginSlots -= 1;
    try {
      return await s.login(username);
    } finally {
      loginSlots += 1;
      slotFreed.shift()?.();
    }
  };
  const start = (n: number): Promise<unknown> => {
    const { username, day } = userOf(n);
    const s = new Session(server.url, samples);
    const loggedIn = loginOnce(s, username);
    running.push(
      (async () => {
        if (!(await loggedIn)) return;
        for (let i = 0; !stop; i += 1) {
          await sleep(think());
          if (stop) break;
          await day[i % day.length]!(s);
        }
      })(),
    );
    return loggedIn;
  };
  const steps: StepFigures[] = [];
  const rampStarted = performance.now();
  let users = 0;
  console.log(
    `\n## ${label}: think time ${THINK_S} s (0.5–1.5×), steps of ${STEP_S} s, each ${RAMP_IN_S} s after its new users have logged in (${LOGIN_CONCURRENCY} at a time); stop at p95 > ${P95_LIMIT_MS} ms or any error (machine load ${loadAvg()})`,
  );
  console.log(
    `  ${'users'.padStart(5)} ${'req/s'.padStart(6)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} err  ${'srv CPU'.padStart(7)} ${'ms/req'.padStart(6)} ${'wait/req'.padStart(8)}  ${'DB ms/req'.padStart(9)} ${'DB CPU'.padStart(6)}  ${'loop p99'.padStart(8)} ${'RSS MB'.padStart(6)}  verdict`,
  );
  for (const target of pg ? STEPS.postgres : STEPS.pglite) {
    if ((performance.now() - rampStarted) / 1000 + RAMP_IN_S + STEP_S > RAMP_CAP_S && steps.length > 0) {
      console.log(`  (the ramp's ${RAMP_CAP_S} s are up: no step of ${target} users)`);
      break;
    }
    const logins: Promise<unknown>[] = [];
    while (users < target) logins.push(start(users++));
    const loginStarted = performance.now();
    await Promise.race([Promise.all(logins), sleep(60_000)]);
    const loginS = (performance.now() - loginStarted) / 1000;
    // the new users' first actions spread over a think time before the window opens
    await sleep(RAMP_IN_S * 1000);
    await promLag(metricsUrl); // resets the histogram: the next scrape covers this step only
    const before = await probeNow(server, pg, dbName);
    const from = performance.now();
    await sleep(STEP_S * 1000);
    // A small step answers few calls in its window: it runs on (up to 3×) until its p95 means something.
    const answered = () => samples.filter((x) => x.end >= from && x.kind !== 'login').length;
    while (answered() < MIN_REQUESTS && performance.now() - from < 3 * STEP_S * 1000) await sleep(500);
    const to = performance.now();
    const after = await probeNow(server, pg, dbName);
    const lag = await promLag(metricsUrl);
    const inStep = samples.filter((x) => x.end >= from && x.end < to);
    const timed = inStep.filter((x) => x.kind !== 'login' && x.ok);
    const ms = Float64Array.from(timed.map((x) => x.ms)).sort();
    const errors = inStep.filter((x) => !x.ok).length;
    const seconds = (to - from) / 1000;
    const requests = inStep.filter((x) => x.kind !== 'login').length;
    const srvCpu = after.cpu - before.cpu;
    let dbCpu = NaN;
    if (pg) dbCpu = [...after.pgBackendCpu].reduce((sum, [pid, v]) => sum + v - (before.pgBackendCpu.get(pid) ?? v), 0);
    const dbActive = after.pgActiveMs !== null && before.pgActiveMs !== null ? after.pgActiveMs - before.pgActiveMs : NaN;
    const figures: StepFigures = { users: target, requests: ms.length, p95: percentile(ms, 95), errors };
    steps.push(figures);
    const v = verdict(figures);
    const benchCpu = (after.bench.user + after.bench.system - before.bench.user - before.bench.system) / 1000;
    console.log(
      `  ${String(target).padStart(5)} ${fix(requests / seconds).padStart(6)} ${fix(percentile(ms, 50)).padStart(6)} ${fix(percentile(ms, 95)).padStart(6)} ${fix(percentile(ms, 99)).padStart(6)} ${String(errors).padStart(3)}  ` +
        `${fix(srvCpu / (seconds * 1000), 2).padStart(5)} c ${fix(srvCpu / Math.max(1, requests), 2).padStart(6)} ${fix((after.wait - before.wait) / Math.max(1, requests), 2).padStart(8)}  ` +
        `${(pg ? fix(dbActive / Math.max(1, requests), 2) : 'in srv').padStart(9)} ${(pg ? `${fix(dbCpu / (seconds * 1000), 2)} c` : '–').padStart(6)}  ` +
        `${(lag ? `${fix(lag.p99)} ms` : '–').padStart(8)} ${fix(procMb(server.pid, 'VmRSS'), 0).padStart(6)}  ${v}${v === 'held' ? '' : ` (${verdictWhy(inStep, figures)})`}  [bench ${fix(benchCpu / (seconds * 1000), 2)} c; ${target - (steps.length > 1 ? steps[steps.length - 2]!.users : 0)} logins took ${fix(loginS)} s]`,
    );
    if (v !== 'held') break;
  }
  stop = true;
  await Promise.allSettled(running);
  // Per kind over the whole ramp, the step that broke included: what each call cost the user.
  const kinds = new Map<string, number[]>();
  for (const x of samples) if (x.ok) (kinds.get(x.kind) ?? kinds.set(x.kind, []).get(x.kind)!).push(x.ms);
  console.log('  per call over the whole ramp (p50 / p95 ms, n):');
  for (const [kind, list] of [...kinds].sort()) {
    const sorted = Float64Array.from(list).sort();
    console.log(`    ${kind.padEnd(38)} ${fix(percentile(sorted, 50)).padStart(7)} / ${fix(percentile(sorted, 95)).padStart(7)}  (${sorted.length})`);
  }
  const h = held(steps);
  out(`${label}: concurrent active users held`, `${h.capped ? '≥ ' : ''}${h.users} (p95 ≤ ${P95_LIMIT_MS} ms, no errors; think time ${THINK_S} s)`);
  out(`${label}: server memory`, `RSS now ${fix(procMb(server.pid, 'VmRSS'), 0)} MB, peak ${fix(procMb(server.pid, 'VmHWM'), 0)} MB`);
  if (steps.length > 0 && ['errors', 'too few answers'].includes(verdict(steps[0]!))) fail(`capacity ${label}`, `the first step: ${verdict(steps[0]!)}`);
}

function verdictWhy(inStep: Sample[], f: StepFigures): string {
  if (f.errors === 0) return `p95 ${fix(f.p95)} ms`;
  const byKind = new Map<string, number>();
  for (const x of inStep) if (!x.ok) byKind.set(x.kind, (byKind.get(x.kind) ?? 0) + 1);
  return [...byKind].map(([k, n]) => `${n}× ${k}`).join(', ');
}

// ---------------------------------------------------------------- the two databases

async function onPostgres(): Promise<void> {
  await withBenchDatabase('capacity', async (databaseUrl) => {
    const dbName = new URL(databaseUrl).pathname.slice(1);
    const t0 = performance.now();
    const dbh = await openDatabase({ databaseUrl, dataDir: '' });
    await migrateToLatest(dbh.db);
    await seed(dbh);
    await dbh.close();
    const pg = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [size] = await pg.unsafe(`SELECT pg_database_size(current_database())::bigint AS bytes`);
    console.log(
      `\n# Capacity on PostgreSQL: seeded ${OPEN.toLocaleString('en')} open + ${ARCHIVED.toLocaleString('en')} archived entries, ${WORKERS} workers in ${TEAMS.length} teams in ${((performance.now() - t0) / 1000).toFixed(0)} s; database ${fix(Number((size as unknown as { bytes: number }).bytes) / 1e6, 0)} MB`,
    );
    const server = await startServerProcess({ DATABASE_URL: databaseUrl, METRICS_PORT: '0', WEBHOOKS_POLL_MS: '3600000' });
    try {
      await ramp('PostgreSQL', server, pg, dbName);
      const [after] = await pg.unsafe(`SELECT pg_database_size(current_database())::bigint AS bytes, (SELECT count(*) FROM worksheet_record)::int AS entries`);
      const a = after as unknown as { bytes: number; entries: number };
      out(
        'PostgreSQL: database after the ramp',
        `${fix(Number(a.bytes) / 1e6, 0)} MB for ${a.entries.toLocaleString('en')} entries (${fix(Number(a.bytes) / a.entries, 0)} bytes per entry, indexes included)`,
      );
    } finally {
      await server.stop();
      await pg.end();
    }
  });
}

async function onPglite(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'webtid-capacity-'));
  const t0 = performance.now();
  const dbh = await openDatabase({ dataDir });
  await migrateToLatest(dbh.db);
  await seed(dbh);
  await dbh.close();
  const size = () => execFileSync('du', ['-sm', dataDir]).toString().split('\t')[0];
  console.log(`\n# Capacity on PGlite (embedded, no DATABASE_URL): seeded the same in ${((performance.now() - t0) / 1000).toFixed(0)} s; DATA_DIR ${size()} MB`);
  const server = await startServerProcess({ DATA_DIR: dataDir, METRICS_PORT: '0', WEBHOOKS_POLL_MS: '3600000' });
  try {
    await ramp('PGlite', server, null, '');
  } finally {
    await server.stop();
  }
  out('PGlite: DATA_DIR after the ramp', `${size()} MB`);
  rmSync(dataDir, { recursive: true, force: true });
}

export async function benchCapacity(): Promise<void> {
  const only = process.env.BENCH_CAPACITY_DB;
  console.log(
    `\n# Capacity (issue 43 §3): users of a realistic day (85 % workers, 10 % team leaders, 5 % office), ramped until p95 > ${P95_LIMIT_MS} ms or errors${quick ? ' (--quick)' : ''}; machine load at start ${loadAvg()}`,
  );
  console.log(
    "  columns: srv CPU = the server process's CPU in cores; ms/req = its CPU per request; wait/req = ms per request its threads were ready but waited for a CPU (other jobs on the machine);\n" +
      "  DB ms/req = PostgreSQL's statement time per request (pg_stat_database.active_time; PGlite runs inside the server, its time is in srv CPU); DB CPU = the PostgreSQL backends of this database, in cores;\n" +
      "  loop p99 = the server's event-loop delay (prom-client, over the step); RSS = the server's resident memory; [bench] = this process's own CPU (it runs on the same machine).",
  );
  if (only !== 'pglite') await onPostgres();
  if (only !== 'postgres') await onPglite();
  console.log(`\n  machine load at end of capacity: ${loadAvg()}`);
}

if (process.argv[1]?.endsWith('capacity.ts')) {
  await benchCapacity();
  exitStandalone();
}
