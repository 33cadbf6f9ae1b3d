/**
 * Request overhead (issue 9 point 5): GET /api/user/info over REST and over the tRPC path the React
 * client uses (httpBatchLink: `/api/trpc/user.info?batch=1&input={}`), against a bare node:http
 * server. Each target is its own process; autocannon runs here, equally for all three.
 * Interleaved over ROUNDS rounds (bare, REST, tRPC, bare, REST, …), each with a warm-up, so that
 * the machine's ups and downs fall on all three alike; prints min / median / max.
 * Also the server's CPU per call (from /proc), which a busy machine disturbs less than req/s.
 * Goal: tRPC CPU per call ≤ 1.5× REST. The share of bare node:http is printed as context only: node
 * + pg alone reaches about a quarter of bare on this machine (issue 25), so the goal for info's
 * req/s is judged against that limit, in bench/limits.ts (≥ 0.8× the node + pg limit).
 *   npm run bench -- info [--quick]
 */
import { spawnSync } from 'node:child_process';
import {
  checked,
  fetchRetry,
  cpuMs,
  fail,
  line,
  load,
  loadAvg,
  median,
  ROOT,
  spread,
  startBareProcess,
  startServerProcess,
  withBenchDatabase,
  type ServerProcess,
  exitStandalone,
} from './lib';

const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 3 : 5;
const SECONDS = quick ? 3 : 4;
const CONNECTIONS = 10;

interface Sample {
  rps: number;
  /** server CPU per completed request, µs */
  cpuUs: number;
}

async function measure(label: string, proc: ServerProcess, url: string, headers: Record<string, string>): Promise<Sample> {
  await load(url, { headers, seconds: 1, warmupSeconds: 0, connections: CONNECTIONS });
  const before = cpuMs(proc.pid);
  const r = checked(label, await load(url, { headers, seconds: SECONDS, warmupSeconds: 0, connections: CONNECTIONS }));
  const after = cpuMs(proc.pid);
  return { rps: r.rps, cpuUs: before === null || after === null || r.requests === 0 ? NaN : ((after - before) * 1000) / r.requests };
}

export async function benchInfo(): Promise<void> {
  console.log(`\n# Request overhead: GET user.info (PostgreSQL, ${ROUNDS} interleaved rounds of ${SECONDS} s after 1 s warm-up, ${CONNECTIONS} connections)`);
  await withBenchDatabase('info', async (databaseUrl) => {
    const app = await startServerProcess({ DATABASE_URL: databaseUrl });
    const bare = await startBareProcess();
    try {
      const cli = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'BENCH', '--name', 'Bench', '--admin', 'benchadmin', '--password', 'bench-pass-1'],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: databaseUrl },
        },
      );
      if (cli.status !== 0) throw new Error(String(cli.stderr));
      const res = await fetchRetry(`${app.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: app.url },
        body: JSON.stringify({ username: 'benchadmin', password: 'bench-pass-1' }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${app.output()}`);
      const headers = { Cookie: res.headers.getSetCookie()[0]!.split(';')[0]! };
      const trpcUrl = `${app.url}/api/trpc/user.info?batch=1&input=${encodeURIComponent('{}')}`;
      const check = (await (await fetch(trpcUrl, { headers })).json()) as Array<{ result?: { data?: { username?: string } } }>;
      if (check[0]?.result?.data?.username !== 'benchadmin') fail('tRPC user.info', `unexpected answer ${JSON.stringify(check)}`);

      const samples = { bare: [] as Sample[], rest: [] as Sample[], trpc: [] as Sample[] };
      for (let round = 0; round < ROUNDS; round++) {
        samples.bare.push(await measure('bare node:http', bare, `${bare.url}/`, {}));
        samples.rest.push(await measure('GET /api/user/info', app, `${app.url}/api/user/info`, headers));
        samples.trpc.push(await measure('GET /api/trpc/user.info', app, trpcUrl, headers));
      }
      const rps = (s: Sample[]) => s.map((x) => x.rps);
      const cpu = (s: Sample[]) => s.map((x) => x.cpuUs);
      line('bare node:http (own process)', `${spread(rps(samples.bare))} req/s; CPU ${spread(cpu(samples.bare))} µs/call`);
      line('REST GET /api/user/info', `${spread(rps(samples.rest))} req/s; CPU ${spread(cpu(samples.rest))} µs/call`);
      line('tRPC GET /api/trpc/user.info?batch=1', `${spread(rps(samples.trpc))} req/s; CPU ${spread(cpu(samples.trpc))} µs/call`);
      // Ratios per round (the three ran back to back), then their spread.
      const ratio = (a: Sample[], b: Sample[], f: (s: Sample) => number) => a.map((x, i) => f(x) / f(b[i]!));
      const restPct = ratio(samples.rest, samples.bare, (s) => s.rps).map((r) => r * 100);
      const trpcPct = ratio(samples.trpc, samples.bare, (s) => s.rps).map((r) => r * 100);
      const cpuRatio = ratio(samples.trpc, samples.rest, (s) => s.cpuUs);
      line('REST info / bare (req/s)', `${spread(restPct, 1, ' %')} (context; the goal is judged against node + pg: bench limits)`);
      line('tRPC info / bare (req/s)', `${spread(trpcPct, 1, ' %')} (context; see bench limits)`);
      line('tRPC / REST CPU per call', `${spread(cpuRatio, 2, '×')} (goal ≤ 1.5×) ${median(cpuRatio) <= 1.5 ? 'met' : 'MISSED'}`);
      line('machine load (1, 5, 15 min; 2 cores)', loadAvg());
    } finally {
      await bare.stop();
      await app.stop();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchInfo();
  exitStandalone();
}
