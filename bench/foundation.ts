import { spawn, spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fmt, line, load } from './lib';

const ROOT = resolve(import.meta.dirname, '..');

/** Cold start of `node src/server/main.ts` on an empty embedded database until /healthz answers 200. */
async function coldStart(extraEnv: Record<string, string> = {}): Promise<{ ms: number; stop: () => Promise<void>; url: string; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'webtid-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'warn', ...extraEnv },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let url = '';
  for (;;) {
    const m = /running at (http:\/\/\S+)/.exec(output);
    if (m?.[1]) {
      url = m[1];
      const ok = await fetch(`${url}/healthz`).then((r) => r.status === 200, () => false);
      if (ok) break;
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  const stop = () =>
    new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
      child.once('close', () => (clearTimeout(force), r()));
      child.kill('SIGTERM');
    });
  return { ms, stop, url, output };
}

export async function benchFoundation(): Promise<void> {
  console.log('\n# Foundation');
  const cold = await coldStart();
  line('cold start → /healthz 200 (empty PGlite)', `${Math.round(cold.ms)} ms (goal < 5000 ms)`);
  const adminPassword = /Admin\s+admin\s+password: (\S+)/.exec(cold.output)?.[1];
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
  const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `webtid_bench_${process.pid}`;
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(pgUrl);
  dbUrl.pathname = `/${name}`;
  try {
    const pg = await coldStart({ DATABASE_URL: dbUrl.toString() });
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'BENCH', '--name', 'Bench', '--admin', 'benchadmin', '--password', 'bench-pass-1'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: dbUrl.toString() } });
    if (cli.status !== 0) throw new Error(String(cli.stderr));
    const r = await fetch(`${pg.url}/api/user/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: pg.url }, body: JSON.stringify({ username: 'benchadmin', password: 'bench-pass-1' }) });
    const pgCookie = r.headers.getSetCookie()[0]!.split(';')[0]!;
    const pgInfo = await load(`${pg.url}/api/user/info`, { headers: { Cookie: pgCookie } });
    line('GET /api/user/info (REST, PostgreSQL)', fmt(pgInfo));
    line('ratio REST info / bare node:http (PostgreSQL)', `${((pgInfo.rps / base.rps) * 100).toFixed(1)} % (goal ≥ 25 %)`);
    await pg.stop();
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
