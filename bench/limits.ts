/**
 * The node + pg limits (issue 25 §6): the app's user.info, first worksheet page and JSON create,
 * each next to a process that does only the same database work with the app's own SQL and headers
 * on node:http + `pg` (bench/limit-server.mjs). Both run as their own processes, on the same
 * database, taking turns in 1 s slices within each of ROUNDS rounds (bench/lib.ts loadInterleaved),
 * so that a busy machine's spikes, which last seconds, fall on both; the
 * goals are ratios to the limit, which a busy machine moves far less than absolute figures.
 * Goals (issue 25 §2, §3): info ≥ 0.8× the limit's req/s (10 connections); the first page (200
 * entries) ≥ 0.8× and p95 ≤ 1.2× the limit's at 50 connections (p97.5 printed beside it);
 * a JSON create ≥ 0.8× the limit's minimal transaction (10 connections).
 * Every percentile is printed with its sample count. Also the app's idle RSS.
 *   npm run bench -- limits [--quick]
 */
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../db/database';
import { listRecordsQuery } from '../db/queries/worksheet';
import { CREATED_COLUMNS, LOOKUP_REFERENCES_SQL } from '../db/queries/worksheet-create';
import { seedMasterData } from '../db/seed/demo';
import { sessionLookupSql } from '../db/queries/sessions';
import { createAccount } from '../src/server/services/accounts';
import { PAGE_SIZE_DEFAULT } from '../src/shared/limits';
import {
  checked,
  cpuMs,
  exitStandalone,
  fetchRetry,
  line,
  load,
  loadAvg,
  loadInterleaved,
  median,
  procMb,
  ROOT,
  spread,
  START_NODE_FLAGS,
  startServerProcess,
  watch,
  withBenchDatabase,
  type LoadOptions,
  type LoadResult,
  type ServerProcess,
} from './lib';

const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 2 : 3;
const SECONDS = quick ? 3 : 5;
const OPEN = 5_000;
const PASSWORD = 'bench-pass-1';

interface Sample {
  r: LoadResult;
  /** server CPU per completed request, µs */
  cpuUs: number;
}

async function startLimitProcess(config: unknown): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...(process.env.BENCH_LIMIT_NODE_ARGS ?? '').split(' ').filter(Boolean), 'bench/limit-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, LIMIT_CONFIG: JSON.stringify(config) },
  });
  const w = await watch(child, /running at (http:\/\/\S+)/, () => Promise.resolve(true));
  return { ...w, pid: child.pid! };
}

/**
 * One round: the limit and the app take turns in 1 s slices (loadInterleaved) for `seconds` each,
 * after a 1 s warm-up of each; CPU per call from each process's CPU over the round (the idle one
 * uses next to none while the other is loaded).
 */
async function measureRound(
  label: string,
  seconds: number,
  limit: { proc: ServerProcess; url: string; opts: LoadOptions },
  app: { proc: ServerProcess; url: string; opts: LoadOptions },
): Promise<[Sample, Sample]> {
  await load(limit.url, { ...limit.opts, seconds: 1, warmupSeconds: 0 });
  await load(app.url, { ...app.opts, seconds: 1, warmupSeconds: 0 });
  const before = [cpuMs(limit.proc.pid), cpuMs(app.proc.pid)];
  const [l, a] = await loadInterleaved(limit, app, seconds);
  const after = [cpuMs(limit.proc.pid), cpuMs(app.proc.pid)];
  const perCall = (i: number, r: LoadResult) => (before[i] == null || after[i] == null || r.requests === 0 ? NaN : ((after[i]! - before[i]!) * 1000) / r.requests);
  return [
    { r: checked(`limit ${label}`, l), cpuUs: perCall(0, l) },
    { r: checked(`app ${label}`, a), cpuUs: perCall(1, a) },
  ];
}

const tail = (s: Sample[]) => {
  const mid = [...s].sort((a, b) => a.r.rps - b.r.rps)[Math.floor(s.length / 2)]!.r;
  return `median round: p50 ${mid.p50} ms, p95 ${mid.p95} ms, p97.5 ${mid.p97_5} ms (n = ${mid.requests})`;
};

export async function benchLimits(): Promise<void> {
  console.log(
    `\n# node + pg limits: info, first page, create (PostgreSQL, ${ROUNDS} rounds; in each the limit and the app take turns in 1 s slices, ${SECONDS} s each (the first page ${2 * SECONDS} s), after 1 s warm-up each)`,
  );
  await withBenchDatabase('limits', async (databaseUrl) => {
    const dbh = await openDatabase({ databaseUrl, dataDir: '' });
    await migrateToLatest(dbh.db);
    const { accountId } = await createAccount(dbh.db, { code: 'LIMITS', name: 'Limits A/S', admin: 'benchadmin', password: PASSWORD });
    await seedMasterData(dbh.db, accountId);
    await sql`
      INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description, unit_type, unit_no,
        unit_description, description, time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description, created_by)
      SELECT ${accountId}, 'benchadmin', current_date - (g % 60), 'C1000', 'Nordhavn Byg ApS', 'J-1001', 'Kitchen renovation, Strandvejen 12',
        'Resource', 'R01', 'Carpenter', 'Bench entry ' || g, time '07:00', time '15:30', 8.5, 'HOUR', 'Hour', 'benchadmin'
      FROM generate_series(1, ${OPEN}) g`.execute(dbh.db);
    const admin = await dbh.db.selectFrom('appUser').select('id').where('accountId', '=', accountId).where('username', '=', 'benchadmin').executeTakeFirstOrThrow();
    const list = listRecordsQuery(
      { accountId, mode: 'ALL', userId: admin.id, username: 'benchadmin', teamCode: null, exported: false },
      { after: null, limit: PAGE_SIZE_DEFAULT },
    )!.compile(dbh.db.withoutPlugins());
    const columns = CREATED_COLUMNS.map(([, c]) => c);

    const app = await startServerProcess({ DATABASE_URL: databaseUrl });
    let limit: ServerProcess | null = null;
    try {
      const res = await fetchRetry(`${app.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: app.url },
        body: JSON.stringify({ username: 'benchadmin', password: PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${app.output()}`);
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
      // The app's own answer headers, minus those of one response.
      const infoRes = await fetch(`${app.url}/api/user/info`, { headers: { Cookie: cookie } });
      await infoRes.arrayBuffer();
      const headers: Record<string, string> = {};
      infoRes.headers.forEach((v, k) => {
        if (!['date', 'content-length', 'connection', 'keep-alive', 'set-cookie', 'etag', 'content-type'].includes(k)) headers[k] = v;
      });
      limit = await startLimitProcess({
        databaseUrl,
        headers,
        sessionSql: sessionLookupSql(dbh.db),
        list: {
          sql: list.sql,
          parameters: list.parameters,
          refsSql: 'select "worksheet_id", "id", "file_name" from "attachment" where worksheet_id = ANY($1::int[]) order by "worksheet_id", "id"',
        },
        create: {
          lookupSql: LOOKUP_REFERENCES_SQL,
          insertSql: `INSERT INTO worksheet_record (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
          historySql: `INSERT INTO worksheet_history (account_id, worksheet_id, action, username, changes) VALUES ($1, $2, 'create', $3, $4::jsonb)`,
          outboxSql: `WITH e AS (SELECT id FROM webhook_endpoint WHERE account_id = $1 AND enabled AND 'worksheet.created' = ANY (events)),
            m AS (INSERT INTO webhook_message (id, account_id, event_type, payload) SELECT $2, $1, 'worksheet.created', $3::jsonb WHERE EXISTS (SELECT 1 FROM e) RETURNING id)
            INSERT INTO webhook_delivery (message_id, endpoint_id) SELECT m.id, e.id FROM m CROSS JOIN e`,
        },
      });
      const idleRss = procMb(app.pid, 'VmRSS');
      const appFlags = [...START_NODE_FLAGS, ...(process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean)];
      line('app node flags (as npm start; BENCH_APP_NODE_ARGS adds, the last wins)', appFlags.join(' ') || '(none)');
      line('limit node flags (BENCH_LIMIT_NODE_ARGS)', process.env.BENCH_LIMIT_NODE_ARGS || '(none: node defaults)');
      // An item, not hours: thousands of creates for one person on one day, and a day holds at most
      // 24 hours (decision 0470); an item's create is the one statement the limit's transaction mirrors.
      const body = JSON.stringify({
        username: 'benchadmin',
        date: new Date().toISOString().slice(0, 10),
        customerNo: 'C1000',
        jobCode: 'J-1001',
        jobTaskCode: '200',
        unitType: 'Item',
        unitNo: '1000',
        description: 'Limits bench entry',
        quantity: '3',
        unitOfMeasureCode: 'BOX',
      });
      // Both answer the create (and the others) before any figure counts.
      for (const [url, init, status] of [
        [`${app.url}/api/worksheet`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: app.url }, body }, 201],
        [`${limit.url}/create`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body }, 201],
        [`${limit.url}/list`, { headers: { Cookie: cookie } }, 200],
        [`${limit.url}/info`, { headers: { Cookie: cookie } }, 200],
      ] as const) {
        const r = await fetch(url, init as RequestInit);
        const text = await r.text();
        if (r.status !== status) throw new Error(`${url}: ${r.status} ${text.slice(0, 300)}`);
      }

      const cases = [
        { name: 'GET /api/user/info', connections: 10, app: `${app.url}/api/user/info`, limit: `${limit.url}/info`, method: 'GET' as const, goal: { rps: 0.8 } },
        {
          name: `GET /api/worksheet (first page, ${PAGE_SIZE_DEFAULT})`,
          connections: 50,
          app: `${app.url}/api/worksheet?mode=ALL`,
          limit: `${limit.url}/list`,
          method: 'GET' as const,
          goal: { rps: 0.8, p95: 1.2 },
          // A p95 per round wants samples: at a busy machine's ~170 answers/s, 5 s gave ~800.
          seconds: 2 * SECONDS,
        },
        { name: 'POST /api/worksheet (JSON)', connections: 10, app: `${app.url}/api/worksheet`, limit: `${limit.url}/create`, method: 'POST' as const, goal: { rps: 0.8 } },
      ];
      for (const c of cases) {
        const appS: Sample[] = [];
        const limitS: Sample[] = [];
        const opts = (origin: boolean) => ({
          connections: c.connections,
          method: c.method,
          headers: { Cookie: cookie, ...(c.method === 'POST' ? { 'Content-Type': 'application/json', ...(origin ? { Origin: app.url } : {}) } : {}) },
          ...(c.method === 'POST' ? { body } : {}),
        });
        for (let round = 0; round < ROUNDS; round++) {
          const [l, a] = await measureRound(c.name, c.seconds ?? SECONDS, { proc: limit, url: c.limit, opts: opts(false) }, { proc: app, url: c.app, opts: opts(true) });
          limitS.push(l);
          appS.push(a);
        }
        const rps = appS.map((s, i) => s.r.rps / limitS[i]!.r.rps);
        line(`${c.name}, ${c.connections} conn.`, '');
        line('  node + pg limit (own process)', `${spread(limitS.map((s) => s.r.rps))} req/s; CPU ${spread(limitS.map((s) => s.cpuUs))} µs/call; ${tail(limitS)}`);
        line('  app', `${spread(appS.map((s) => s.r.rps))} req/s; CPU ${spread(appS.map((s) => s.cpuUs))} µs/call; ${tail(appS)}`);
        line('  app / limit req/s', `${spread(rps, 2, '×')} (goal ≥ ${c.goal.rps}×) ${median(rps) >= c.goal.rps ? 'met' : 'MISSED'}`);
        if (c.goal.p95) {
          const p = appS.map((s, i) => s.r.p95 / limitS[i]!.r.p95);
          // Issue 43 §4: within the goal in every round, not only in the median one.
          line('  app / limit p95', `${spread(p, 2, '×')} (goal ≤ ${c.goal.p95}× in every round) ${Math.max(...p) <= c.goal.p95 ? 'met' : 'MISSED'}`);
          line(
            '  app / limit p97.5',
            spread(
              appS.map((s, i) => s.r.p97_5 / limitS[i]!.r.p97_5),
              2,
              '×',
            ),
          );
        }
        line(
          '  app / limit CPU per call',
          spread(
            appS.map((s, i) => s.cpuUs / limitS[i]!.cpuUs),
            2,
            '×',
          ),
        );
      }
      line('app idle RSS (after login, before load)', `${idleRss.toFixed(0)} MB`);
      line('machine load (1, 5, 15 min; 2 cores)', loadAvg());
    } finally {
      await limit?.stop();
      await app.stop();
      await dbh.close();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLimits();
  exitStandalone();
}
