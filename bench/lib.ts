import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A bounded load on a loopback URL (autocannon). */
export async function load(url: string, opts: { headers?: Record<string, string>; seconds?: number; connections?: number; method?: 'GET' | 'POST'; body?: string } = {}): Promise<LoadResult> {
  const r = await autocannon({
    url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    duration: opts.seconds ?? 5,
    connections: opts.connections ?? 10,
    pipelining: 1,
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p95: (r.latency as unknown as Record<string, number>).p97_5 ?? r.latency.p99,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

export const fmt = (r: LoadResult) => `${r.rps} req/s, p50 ${r.p50} ms, p95≈p97.5 ${r.p95} ms, p99 ${r.p99} ms${r.errors || r.non2xx ? `, errors ${r.errors}, non-2xx ${r.non2xx}` : ''}`;

export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(44)} ${value}`);
}

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ServerProcess {
  url: string;
  pid: number;
  /** what the process printed so far */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `src/server/main.ts` as its own process and resolves once /healthz answers 200. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-bench-')), PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const stop = () =>
    new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
      child.once('close', () => (clearTimeout(force), r()));
      child.kill('SIGTERM');
    });
  for (;;) {
    const url = /running at (http:\/\/\S+)/.exec(output)?.[1];
    if (url && (await fetch(`${url}/healthz`).then((r) => r.status === 200, () => false))) {
      return { url, pid: child.pid!, output: () => output, stop };
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Runs `fn` with the URL of a fresh PostgreSQL database that is dropped afterwards. */
export async function withBenchDatabase<T>(label: string, fn: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `webtid_bench_${label}_${process.pid}`;
  const admin = postgres(BENCH_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
