/**
 * Where the phone's home page spends its main thread (issue 43 §1): `/` after login for a user with
 * 5 000 open entries, as Lighthouse's mobile run opens it (412 × 823; PROFILE_CPU=4 slows the CPU down
 * as DevTools does, by default it runs at full speed as Lighthouse's simulated run observes it), profiled with
 * Chromium's tracing (V8's sampler included). Prints each task over 50 ms with the kinds of work in
 * it, its JavaScript by function and our own components in it, then the self time by package and by
 * function, mapped through the client's source maps when the build has them:
 *   npx vite build --sourcemap && node --import tsx bench/profile-home.ts [runs]
 * (`npm run build` again afterwards: the maps are not for production.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { exitStandalone, ROOT, startServerProcess, withBenchDatabase } from './lib';
import { seedHomeDatabase } from './lighthouse';

const PASSWORD = 'bench-pass-1';
const RUNS = Number(process.argv[2] ?? 3);
const RATE = Number(process.env.PROFILE_CPU ?? 1);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; url?: string; functionName?: string };
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(url: string): SourceMapConsumer | null {
  const path = new URL(url).pathname;
  if (!maps.has(path)) {
    const file = join(ROOT, 'dist/client', `${path}.map`);
    maps.set(path, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap) : null);
  }
  return maps.get(path) ?? null;
}

function place(frame: ProfileNode['callFrame']): { pkg: string; fn: string } {
  if (!frame.url) return { pkg: frame.functionName ? `(${frame.functionName})` : '(native)', fn: frame.functionName || '(anonymous)' };
  if (!frame.url.startsWith('http')) return { pkg: '(other)', fn: frame.functionName };
  const map = mapOf(frame.url);
  const file = new URL(frame.url).pathname;
  if (!map) return { pkg: file, fn: `${frame.functionName || '(anon)'} ${file}:${frame.lineNumber}:${frame.columnNumber}` };
  const pos = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = pos.source ?? '?';
  const nm = source.lastIndexOf('node_modules/');
  const pkg =
    nm >= 0
      ? source
          .slice(nm + 13)
          .split('/')
          .slice(0, source.slice(nm + 13).startsWith('@') ? 2 : 1)
          .join('/')
      : source.replace(/^.*?\/src\//, 'src/').replace(/\/[^/]+$/, '');
  const short = source.replace(/^.*node_modules\//, '').replace(/^.*?\/src\//, 'src/');
  return { pkg, fn: `${pos.name ?? frame.functionName ?? '?'} ${short}:${pos.line ?? '?'}` };
}

function add(m: Map<string, number>, k: string, v: number): void {
  m.set(k, (m.get(k) ?? 0) + v);
}

function top(m: Map<string, number>, n: number, runs: number): string {
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `    ${(v / runs / 1000).toFixed(1).padStart(7)} ms  ${k}`)
    .join('\n');
}

/**
 * The renderer's main thread from a trace: each task over 50 ms with the kinds of work in it (script,
 * style, layout, GC, parse…) and its JavaScript's self time by function (V8's samples, mapped through
 * the source maps). Adds every sample to the run's totals; returns the samples' time in µs.
 */
function analyseTrace(events: TraceEvent[], byPkg: Map<string, number>, byFn: Map<string, number>): number {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'));
  if (!main) return 0;
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const nav = mine.find((e) => e.name === 'ParseHTML')?.ts ?? 0;
  // Tasks that would block at 4× (Lighthouse multiplies what it observes by 4/RATE).
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > (50_000 * RATE) / 4);
  // V8's samples: the profile's nodes and (timestamp, node) pairs, from the ProfileChunk events.
  const nodes = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  const samples: { ts: number; node: number }[] = [];
  // The main thread's profile (a service worker's has its own id and node ids).
  const start = events.find((x) => x.pid === main.pid && x.tid === main.tid && x.name === 'Profile');
  const chunks = events.filter((x) => x.pid === main.pid && x.name === 'ProfileChunk' && x.id === start?.id);
  for (const e of chunks) {
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) {
      nodes.set(n.id, n);
      if ((n as unknown as { parent?: number }).parent !== undefined) parent.set(n.id, (n as unknown as { parent: number }).parent);
    }
  }
  let clock = start?.ts ?? 0;
  for (const e of chunks) {
    const data = e.args?.data;
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      clock += deltas[i] ?? 0;
      samples.push({ ts: clock, node: ids[i]! });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  let sum = 0;
  for (let i = 0; i + 1 < samples.length; i++) {
    const f = nodes.get(samples[i]!.node)?.callFrame;
    if (!f || f.functionName === '(idle)' || f.functionName === '(program)' || f.functionName === '(root)') continue;
    const dt = samples[i + 1]!.ts - samples[i]!.ts;
    const p = place(f);
    add(byPkg, p.pkg, dt);
    add(byFn, p.fn, dt);
    sum += dt;
  }
  const ms = (us: number) => (us / 1000).toFixed(0);
  // The biggest layouts: how many layout objects each touched.
  const layouts = mine.filter((e) => e.name === 'Layout' && e.ph === 'X').sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
  for (const l of layouts.slice(0, 4)) {
    const begin = (l.args as { beginData?: { dirtyObjects?: number; totalObjects?: number; partialLayout?: boolean } } | undefined)?.beginData;
    console.log(
      `  layout @${ms(l.ts - nav)} ${ms(l.dur ?? 0)} ms: ${begin?.dirtyObjects ?? '?'} of ${begin?.totalObjects ?? '?'} objects${begin?.partialLayout ? ' (partial)' : ''}`,
    );
  }
  const styles = mine.filter((e) => e.name === 'UpdateLayoutTree' && e.ph === 'X').sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0));
  for (const l of styles.slice(0, 3))
    console.log(
      `  style @${ms(l.ts - nav)} ${ms(l.dur ?? 0)} ms: ${JSON.stringify((l.args as { elementCount?: number } | undefined)?.elementCount ?? (l.args as Record<string, unknown> | undefined) ?? {}).slice(0, 120)}`,
    );
  for (const t of tasks) {
    const end = t.ts + t.dur!;
    const kinds = new Map<string, number>();
    // Direct kinds of work in the task (the outermost event of each kind; nested ones of the same kind not counted twice).
    const inside = mine.filter((e) => e.ph === 'X' && e.ts >= t.ts && e.ts < end && e !== t);
    for (const e of inside) {
      const label =
        e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule'
          ? `${e.name} ${String(e.args?.data?.url ?? '').replace(/^https?:\/\/[^/]+/, '')} ${e.args?.data?.functionName ?? ''}`.trim()
          : e.name;
      const outer = inside.some((o) => o !== e && o.name === e.name && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.ts < e.ts || (o.dur ?? 0) > (e.dur ?? 0)));
      if (!outer) add(kinds, label, e.dur ?? 0);
    }
    const fns = new Map<string, number>();
    // Inclusive time of our own functions (components, hooks) in the task: what it was busy with.
    const ours = new Map<string, number>();
    for (let i = 0; i + 1 < samples.length; i++) {
      const s = samples[i]!;
      if (s.ts < t.ts || s.ts >= end) continue;
      const f = nodes.get(s.node)?.callFrame;
      if (!f || f.functionName === '(idle)') continue;
      const dt = samples[i + 1]!.ts - s.ts;
      add(fns, place(f).fn, dt);
      const seen = new Set<string>();
      for (let id: number | undefined = s.node; id !== undefined; id = parent.get(id)) {
        const frame = nodes.get(id)!.callFrame;
        if (!frame.url?.startsWith('http')) continue;
        const p = place(frame);
        if (!p.fn.includes(' src/') || seen.has(p.fn)) continue;
        seen.add(p.fn);
        add(ours, p.fn, dt);
      }
    }
    const list = (m: Map<string, number>, n: number, min = 0) =>
      [...m]
        .filter(([, v]) => v >= min)
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${ms(v)} ${k}`)
        .join(' | ');
    console.log(`  task @${ms(t.ts - nav)} ${ms(t.dur!)} ms\n     work: ${list(kinds, 9, 3000)}\n     JS self: ${list(fns, 7, 2000)}`);
    if (t.dur! > (150_000 * RATE) / 4) console.log(`     ours (inclusive): ${list(ours, 12, 5000)}`);
  }
  return sum;
}

await withBenchDatabase('profilehome', async (databaseUrl) => {
  await seedHomeDatabase(databaseUrl);
  // BENCH_SERVER_ENTRY: another build's dist/server/main.js, to trace it instead.
  const server = await startServerProcess({ DATABASE_URL: databaseUrl, ...(process.env.BENCH_SERVER_ENTRY ? { BENCH_SERVER_ENTRY: process.env.BENCH_SERVER_ENTRY } : {}) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const res = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ username: 'u001', password: PASSWORD }),
    });
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    const [name, value] = cookie.split('=') as [string, string];
    const byPkg = new Map<string, number>();
    const byFn = new Map<string, number>();
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await context.addCookies([{ name, value, url: server.url }]);
      await context.addInitScript(() => {
        const w = window as unknown as { __long: { start: number; duration: number }[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          // (longtask entries are ≥ 50 ms as the page ran; at full speed fewer are seen than would block at 4×)
          for (const e of list.getEntries()) w.__long.push({ start: Math.round(e.startTime), duration: Math.round(e.duration) });
        }).observe({ type: 'longtask', buffered: true });
      });
      // PROFILE_INTL=1: say which Intl formatters the page makes, and from where.
      if (process.env.PROFILE_INTL)
        await context.addInitScript(() => {
          for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules'] as const) {
            const Orig = Intl[name] as unknown as new (...a: unknown[]) => object;
            (Intl as unknown as Record<string, unknown>)[name] = function (...args: unknown[]) {
              console.log(`Intl.${name} ${JSON.stringify(args)} ${new Error().stack?.split('\n').slice(2, 5).join(' < ')}`);
              return new Orig(...args);
            };
          }
        });
      const page = await context.newPage();
      if (process.env.PROFILE_INTL) page.on('console', (msg) => console.log(`  console: ${msg.text().slice(0, 400)}`));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'v8', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'],
      });
      await page.goto(`${server.url}/`);
      await page.locator('.ws-glance__hours').waitFor();
      await page.waitForTimeout(5000);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      const long = await page.evaluate(() => (window as unknown as { __long: { start: number; duration: number }[] }).__long);
      // Whether the page loaded ICU's data anyway (a first formatter then costs tens of ms, else ~1 ms).
      const icu = await page.evaluate(() => {
        const t = performance.now();
        new Intl.NumberFormat('da-DK').format(1);
        return performance.now() - t;
      });
      console.log(`  a first Intl.NumberFormat after the load took ${icu.toFixed(1)} ms`);
      // Blocking time as it would be at 4× (the page's own long tasks only see ≥ 50 ms as they ran).
      const blocking = long.reduce((s, t) => s + Math.max(0, (t.duration * 4) / RATE - 50), 0);
      console.log(`\nrun ${run + 1}: long tasks ${long.map((t) => `${t.duration}@${t.start}`).join(', ')}; blocking ${blocking} ms (CPU slowed ${RATE}×)`);
      total += analyseTrace(trace.traceEvents, byPkg, byFn);
      await context.close();
    }
    console.log(`\nself time per run (CPU slowed ${RATE}×), total ${(total / RUNS / 1000).toFixed(0)} ms, by package/folder:\n${top(byPkg, 25, RUNS)}`);
    console.log(`\nby function:\n${top(byFn, 40, RUNS)}`);
  } finally {
    await browser.close();
    await server.stop();
  }
});
exitStandalone();
