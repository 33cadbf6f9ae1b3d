import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

export interface LoadResult {
  /** completed requests (any status) */
  requests: number;
  rps: number;
  /** latency percentiles (nearest rank) over every 2xx answer, in ms to the µs: autocannon's own
   * figures are whole milliseconds from its histogram, and it has no p95 (issue 25 §3's goal) */
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

export type LoadOptions = { headers?: Record<string, string>; seconds?: number; warmupSeconds?: number; connections?: number; method?: 'GET' | 'POST'; body?: string | Buffer };

/** One autocannon run: every 2xx answer's time as autocannon measured it, and its counts. */
async function loadSlice(url: string, opts: LoadOptions, duration: number): Promise<{ times: number[]; requests: number; errors: number; non2xx: number }> {
  const times: number[] = [];
  // Without a callback autocannon answers its instance, which is also a promise of the result
  // (its types give only the promise).
  const instance = autocannon({
    url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body as string | undefined,
    duration,
    connections: opts.connections ?? 10,
    pipelining: 1,
  }) as Promise<autocannon.Result> & autocannon.Instance;
  // Each answer's time as autocannon measured it (process.hrtime), before its histogram rounds it.
  void instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const r = await instance;
  return {
    times,
    requests: (r.latency as unknown as { totalCount: number }).totalCount /* present at runtime, missing from @types/autocannon */,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

function summarise(slices: Array<Awaited<ReturnType<typeof loadSlice>>>, seconds: number): LoadResult {
  const sorted = Float64Array.from(slices.flatMap((s) => s.times)).sort();
  const at = (p: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 100) / 100 : NaN);
  const requests = slices.reduce((a, s) => a + s.requests, 0);
  return {
    requests,
    rps: Math.round(requests / seconds),
    p50: at(50),
    p95: at(95),
    p97_5: at(97.5),
    p99: at(99),
    max: at(100),
    errors: slices.reduce((a, s) => a + s.errors, 0),
    non2xx: slices.reduce((a, s) => a + s.non2xx, 0),
  };
}

/**
 * A bounded load on a loopback URL (autocannon), after a warm-up of `warmupSeconds` whose figures
 * are thrown away (JIT, connection set-up, the database's caches).
 */
export async function load(url: string, opts: LoadOptions = {}): Promise<LoadResult> {
  const warmup = opts.warmupSeconds ?? 1;
  if (warmup > 0) await loadSlice(url, opts, warmup);
  const seconds = opts.seconds ?? 5;
  return summarise([await loadSlice(url, opts, seconds)], seconds);
}

/**
 * Two loads taking turns in slices of `sliceSeconds` (A B B A A B …) for `seconds` each, so that a
 * busy machine's spikes, which last seconds, fall on both alike; each side's figures are over all
 * its slices. `onSlice` runs around each slice (e.g. to count the CPU of the process it loads).
 */
export async function loadInterleaved(
  a: { url: string; opts: LoadOptions },
  b: { url: string; opts: LoadOptions },
  seconds: number,
  sliceSeconds = 1,
): Promise<[LoadResult, LoadResult]> {
  const sa: Array<Awaited<ReturnType<typeof loadSlice>>> = [];
  const sb: typeof sa = [];
  const n = Math.max(1, Math.round(seconds / sliceSeconds));
  for (let i = 0; i < n; i++) {
    const order = i % 2 === 0 ? ([a, sa, b, sb] as const) : ([b, sb, a, sa] as const);
    order[1].push(await loadSlice(order[0].url, order[0].opts, sliceSeconds));
    order[3].push(await loadSlice(order[2].url, order[2].opts, sliceSeconds));
  }
  return [summarise(sa, n * sliceSeconds), summarise(sb, n * sliceSeconds)];
}

/** Latencies of one connection's requests made one after the other, in µs-resolution ms. */
export interface ProbeResult {
  requests: number;
  p50: number;
  p95: number;
  p97_5: number;
  max: number;
  /** answers other than 200, and transport errors */
  bad: number;
}

/**
 * One keep-alive connection asking `url` again and again for `seconds`, each request timed with
 * performance.now(). autocannon records whole milliseconds: a call that takes 0.3 ms idle reads
 * as 0 ms, and a ratio against it is 0/0 (issue 25 §1's "user.info p95 within 1.5× of its idle
 * value" needs the fraction). Nearest-rank percentiles over every request.
 */
export async function probe(url: string, opts: { headers?: Record<string, string>; seconds: number }): Promise<ProbeResult> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let bad = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get(url, { agent, headers: opts.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          times.push(performance.now() - t0);
          if (res.statusCode !== 200) bad++;
          resolve();
        });
      });
      req.on('error', () => {
        bad++;
        resolve();
      });
    });
  const end = performance.now() + opts.seconds * 1000;
  while (performance.now() < end) await once();
  agent.destroy();
  const sorted = times.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
  return { requests: sorted.length, p50: at(50), p95: at(95), p97_5: at(97.5), max: sorted[sorted.length - 1] ?? NaN, bad };
}

/**
 * A percentile is printed only when enough requests back it: p97.5 needs ≥ 200 samples (5 beyond
 * it), p99 ≥ 500; below that the median and the maximum with the sample count.
 */
export const fmt = (r: LoadResult) => {
  const tail =
    r.requests >= 500
      ? `p97.5 ${r.p97_5} ms, p99 ${r.p99} ms`
      : r.requests >= 200
        ? `p97.5 ${r.p97_5} ms, max ${r.max} ms`
        : `max ${r.max} ms (only ${r.requests} requests: no tail percentile)`;
  return `${r.rps} req/s, p50 ${r.p50} ms, ${tail}${r.errors || r.non2xx ? `, errors ${r.errors}, non-2xx ${r.non2xx}` : ''}`;
};

/** Failures of this run; bench/run.ts exits non-zero when there are any. */
export const failures: string[] = [];

/** Records a FAIL: a measure that did not measure what it says (errors, nothing completed). */
export function fail(label: string, why: string): void {
  failures.push(`${label}: ${why}`);
  console.log(`  FAIL ${label}: ${why}`);
}

/** A probe with failed answers or no completed request is a FAIL, not a figure. */
export function probed(label: string, r: ProbeResult): ProbeResult {
  if (r.requests === 0) fail(label, 'zero completed requests');
  else if (r.bad > 0) fail(label, `${r.bad} failed of ${r.requests} requests`);
  return r;
}

/** A load result with errors, non-2xx answers or zero completed requests is a FAIL, not a figure. */
export function checked(label: string, r: LoadResult): LoadResult {
  if (r.requests === 0) fail(label, 'zero completed requests');
  else if (r.errors > 0 || r.non2xx > 0) fail(label, `${r.errors} errors, ${r.non2xx} non-2xx of ${r.requests} requests`);
  return r;
}

export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(44)} ${value}`);
}

/** min / median / max of a few rounds. */
export function spread(values: number[], digits = 0, unit = ''): string {
  const v = [...values].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(digits)}${unit}`;
  const median = v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
  return `min ${f(v[0]!)} / median ${f(median)} / max ${f(v[v.length - 1]!)}`;
}

export const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number): number | null {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 (1-based), i.e. 11 and 12 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** kB → MB of one /proc/<pid>/status field (VmHWM = peak resident set, VmRSS = now). */
export function procMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The machine's load, printed beside figures taken on a shared machine. */
export const loadAvg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ServerProcess {
  url: string;
  pid: number;
  /** what the process printed so far */
  output(): string;
  stop(): Promise<void>;
}

export function watch(child: ChildProcess, pattern: RegExp, ready: (url: string) => Promise<boolean>): Promise<{ url: string; output(): string; stop(): Promise<void> }> {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = () =>
    new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      const force = setTimeout(() => child.kill('SIGKILL'), 12_000);
      child.once('close', () => (clearTimeout(force), r()));
      child.kill('SIGTERM');
    });
  return (async () => {
    for (;;) {
      const url = pattern.exec(output)?.[1];
      if (url && (await ready(url))) return { url, output: () => output, stop };
      if (child.exitCode !== null) throw new Error(`process exited: ${output}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
}

/**
 * Starts the compiled server (`dist/server/main.js`, as `npm start` runs it; bench/run.ts builds
 * it when stale; BENCH_SOURCE=1 runs `src/server/main.ts` through tsx instead) as its own process
 * and resolves once /healthz answers 200.
 * `nodeArgs` go before the script (e.g. --cpu-prof).
 */
/** The APP_SECRET of bench servers on PostgreSQL. */
const BENCH_APP_SECRET = 'bench-app-secret-bench-app-secret-bench-app-secret';

/** The node flags `npm start` gives the server (package.json's start script, decision 0491): the benches run it so. */
export const START_NODE_FLAGS: string[] = (
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start.match(/--[a-z-]+=\S+/g) ?? []
).filter((f) => !f.startsWith('--import'));

export async function startServerProcess(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ServerProcess> {
  // The built server (dist/server/main.js, as `npm start` runs it; bench/run.ts rebuilds it when
  // stale). BENCH_SOURCE=1: the sources through tsx instead. BENCH_SERVER_ENTRY: another built
  // main.js (an A/B comparison, bench/ab-info.ts).
  const entry = env.BENCH_SERVER_ENTRY ? [env.BENCH_SERVER_ENTRY] : process.env.BENCH_SOURCE === '1' ? ['--import', 'tsx', 'src/server/main.ts'] : ['dist/server/main.js'];
  // BENCH_APP_NODE_ARGS: flags added after npm start's (the last of a flag wins), for an A/B.
  const extra = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...START_NODE_FLAGS, ...extra, ...nodeArgs, ...entry], {
    cwd: ROOT,
    // With DATABASE_URL the server needs APP_SECRET (issue 21 §4): one per run, shared by every instance; a bench's own value wins.
    env: {
      ...process.env,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-bench-')),
      PORT: '0',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...(env.DATABASE_URL ? { APP_SECRET: BENCH_APP_SECRET } : {}),
      ...env,
    },
  });
  const w = await watch(child, /running at (http:\/\/\S+)/, (url) =>
    fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    ),
  );
  return { ...w, pid: child.pid! };
}

/** The bare node:http baseline (bench/bare-server.mjs), in its own process. */
export async function startBareProcess(): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['bench/bare-server.mjs'], { cwd: ROOT });
  const w = await watch(child, /running at (http:\/\/\S+)/, () => Promise.resolve(true));
  return { ...w, pid: child.pid! };
}

/**
 * fetch, tried once more when the kept-alive socket was closed under it: on a busy machine the
 * server's keep-alive timeout (5 s) can end a pooled connection just as the bench reuses it.
 */
export async function fetchRetry(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (e) {
    if ((e as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw e;
    return fetch(url, init);
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

/**
 * The end of a bench run on its own (`node --import tsx bench/x.ts`): exit 1 when a measure
 * failed, so that a FAIL never ends with success (bench/run.ts does the same for a whole run).
 */
export function exitStandalone(): never {
  process.exit(failures.length > 0 || (process.exitCode ?? 0) !== 0 ? 1 : 0);
}
