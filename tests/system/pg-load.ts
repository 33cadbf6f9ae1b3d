import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import postgres from 'postgres';
import { ROOT } from './run';

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database with one account (admin `sysadmin` / `System-pass-1`), dropped by `drop`. */
export async function freshDatabase(prefix: string): Promise<{ name: string; url: string; admin: postgres.Sql; drop(): Promise<void> }> {
  const name = `webtid_${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const cli = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'SYS', '--name', 'System', '--admin', 'sysadmin', '--password', 'System-pass-1'],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString() },
      encoding: 'utf8',
    },
  );
  if (cli.status !== 0) throw new Error(`create-account failed: ${cli.stderr}`);
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

export async function loginCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify({ username: 'sysadmin', password: 'System-pass-1' }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

export interface Outcome {
  path: string;
  started: number;
  ended: number;
  status?: number;
  /** a connection error (ECONNRESET, ECONNREFUSED, socket hang up) */
  error?: string;
  /** the request went out on a kept-alive connection (Node: a reset there is the keep-alive race, retried by clients) */
  reused?: boolean;
}

/** One HTTP request over a keep-alive agent; never rejects. */
export function call(agent: Agent, base: string, path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const u = new URL(path, base);
    const req = request({ agent, host: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: opts.headers, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ path, started, ended: performance.now(), status: res.statusCode ?? 0 }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ path, started, ended: performance.now(), error: e.code ?? e.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ path, started, ended: performance.now(), error: e.code ?? e.message, reused: req.reusedSocket }));
    req.end(opts.body);
  });
}

/**
 * `connections` loops, each sending `next()` requests one after the other until `until()` says stop
 * or `maxMs` passed (bounded in time and count). A loop stops after a connection error once
 * `stopOnError` is true (the server went away on purpose).
 */
export async function loadLoops(
  base: string,
  connections: number,
  next: (i: number) => { path: string; method?: string; headers?: Record<string, string>; body?: string },
  opts: { maxMs: number; maxRequests?: number; until?: () => boolean; stopOnError?: () => boolean },
): Promise<Outcome[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const outcomes: Outcome[] = [];
  const deadline = performance.now() + opts.maxMs;
  const max = opts.maxRequests ?? 200_000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline && outcomes.length < max && !opts.until?.(); i++) {
        const r = next(worker * 1_000_000 + i);
        const o = await call(agent, base, r.path, r);
        outcomes.push(o);
        if (o.error && opts.stopOnError?.()) return;
        if (o.error) await new Promise((ok) => setTimeout(ok, 20));
      }
    }),
  );
  agent.destroy();
  return outcomes;
}
