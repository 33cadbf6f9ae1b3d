import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { fmt, line, load, ROOT, startServerProcess, withBenchDatabase, type ServerProcess } from './lib';

/** Cold start of the server on an empty embedded database until /healthz answers 200. */
async function coldStart(extraEnv: Record<string, string> = {}): Promise<ServerProcess & { ms: number }> {
  const started = performance.now();
  const server = await startServerProcess(extraEnv);
  return { ...server, ms: performance.now() - started };
}

export async function benchFoundation(): Promise<void> {
  console.log('\n# Foundation');
  const cold = await coldStart();
  line('cold start → /healthz 200 (empty PGlite)', `${Math.round(cold.ms)} ms (goal < 5000 ms)`);
  const adminPassword = /Admin\s+admin\s+password: (\S+)/.exec(cold.output())?.[1];
  if (!adminPassword) throw new Error('no demo login printed');
  const res = await fetch(`${cold.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: cold.url }, body: JSON.stringify({ username: 'admin', password: adminPassword }) });
  const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;

  const bare = createServer((_req, r) => { r.writeHead(200, { 'Content-Type': 'application/json' }); r.end('{"hello":"world"}'); });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const port = (bare.address() as { port: number }).port;
  const base = await load(`http://127.0.0.1:${port}/`);
  bare.close();
  const info = await load(`${cold.url}/api/user/info`, { headers: { Cookie: cookie } });
  const trpc = await load(`${cold.url}/api/trpc/user.info`, { headers: { Cookie: cookie } });
  line('bare node:http hello', fmt(base));
  line('GET /api/user/info (REST, PGlite)', fmt(info));
  line('GET /api/trpc/user.info (tRPC, PGlite)', fmt(trpc));
  line('ratio REST info / bare node:http (PGlite)', `${((info.rps / base.rps) * 100).toFixed(1)} %`);
  await cold.stop();

  // The same call on PostgreSQL (the production set-up).
  await withBenchDatabase('info', async (databaseUrl) => {
    const pg = await coldStart({ DATABASE_URL: databaseUrl });
    try {
      const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'BENCH', '--name', 'Bench', '--admin', 'benchadmin', '--password', 'bench-pass-1'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } });
      if (cli.status !== 0) throw new Error(String(cli.stderr));
      const r = await fetch(`${pg.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: pg.url }, body: JSON.stringify({ username: 'benchadmin', password: 'bench-pass-1' }) });
      const pgCookie = r.headers.getSetCookie()[0]!.split(';')[0]!;
      const pgInfo = await load(`${pg.url}/api/user/info`, { headers: { Cookie: pgCookie } });
      line('GET /api/user/info (REST, PostgreSQL)', fmt(pgInfo));
      line('ratio REST info / bare node:http (PostgreSQL)', `${((pgInfo.rps / base.rps) * 100).toFixed(1)} % (goal ≥ 25 %)`);
    } finally {
      await pg.stop();
    }
  });
}
