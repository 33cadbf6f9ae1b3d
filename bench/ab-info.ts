/**
 * A/B of the request path (decision 0175): two builds of the server (`node scripts/build.js
 * --server-only`, each copied to <dir>/main.js two levels below the project, e.g. dist-ab/base and
 * dist-ab/new) on the same database, measured alternately (A, B, A, B, …) on GET /api/user/info, so
 * that the shared machine's ups and downs fall on both alike. Prints CPU per call (from /proc) and
 * req/s, min / median / max.
 *   node --import tsx bench/ab-info.ts dist-ab/base/main.js dist-ab/new/main.js [rounds] [path]
 */
import { spawnSync } from 'node:child_process';
import { cpuMs, fetchRetry, line, load, ROOT, spread, startServerProcess, withBenchDatabase, type ServerProcess } from './lib';

const [entryA, entryB] = [process.argv[2], process.argv[3]];
const ROUNDS = Number(process.argv[4] ?? 5);
const PATH = process.argv[5] ?? '/api/user/info';
if (!entryA || !entryB) throw new Error('usage: ab-info.ts <a/main.js> <b/main.js> [rounds] [path]');

async function measure(proc: ServerProcess, headers: Record<string, string>): Promise<{ rps: number; cpuUs: number }> {
  await load(`${proc.url}${PATH}`, { headers, seconds: 1, warmupSeconds: 0, connections: 10 });
  const before = cpuMs(proc.pid);
  const r = await load(`${proc.url}${PATH}`, { headers, seconds: 3, warmupSeconds: 0, connections: 10 });
  const after = cpuMs(proc.pid);
  if (r.errors || r.non2xx || !r.requests) throw new Error(`errors ${r.errors}, non-2xx ${r.non2xx}, requests ${r.requests}`);
  return { rps: r.rps, cpuUs: ((after! - before!) * 1000) / r.requests };
}

await withBenchDatabase('ab', async (databaseUrl) => {
  const a = await startServerProcess({ DATABASE_URL: databaseUrl, BENCH_SERVER_ENTRY: entryA });
  const b = await startServerProcess({ DATABASE_URL: databaseUrl, BENCH_SERVER_ENTRY: entryB });
  try {
    spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'AB', '--name', 'AB', '--admin', 'abadmin', '--password', 'bench-pass-1'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    const cookie = async (p: ServerProcess) => {
      const res = await fetchRetry(`${p.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: p.url },
        body: JSON.stringify({ username: 'abadmin', password: 'bench-pass-1' }),
      });
      return { Cookie: res.headers.getSetCookie()[0]!.split(';')[0]! };
    };
    const [ha, hb] = [await cookie(a), await cookie(b)];
    const sa: Array<{ rps: number; cpuUs: number }> = [];
    const sb: Array<{ rps: number; cpuUs: number }> = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        sa.push(await measure(a, ha));
        sb.push(await measure(b, hb));
      } else {
        sb.push(await measure(b, hb));
        sa.push(await measure(a, ha));
      }
    }
    line(`A ${entryA}`, `${spread(sa.map((s) => s.rps))} req/s; CPU ${spread(sa.map((s) => s.cpuUs))} µs/call`);
    line(`B ${entryB}`, `${spread(sb.map((s) => s.rps))} req/s; CPU ${spread(sb.map((s) => s.cpuUs))} µs/call`);
  } finally {
    await a.stop();
    await b.stop();
  }
});
process.exit(0);
