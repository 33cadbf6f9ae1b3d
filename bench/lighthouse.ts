/**
 * Lighthouse, mobile preset, on `/` after login for a user with 5 000 open entries (issue 9 goals:
 * performance ≥ 90, Total Blocking Time ≤ 200 ms, CLS ≤ 0.1), against the built server on
 * PostgreSQL and the system Chromium. Three runs; the median and the spread are printed.
 *
 * Lighthouse is not a dependency of the project (it brings ~200 packages): the bench installs it
 * itself, once, into `bench/out/lighthouse/` (npm, pinned version), then runs:
 *   npm run bench -- lighthouse
 * (`LIGHTHOUSE_DIR=/some/dir` points at another folder whose node_modules has it.)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { analyze, migrateToLatest, openDatabase } from '../db/database';
import { exitStandalone, fail, line, median, ROOT, startServerProcess, withBenchDatabase } from './lib';

const RUNS = 3;
const PASSWORD = 'bench-pass-1';

interface LhResult {
  lhr: {
    categories: { performance: { score: number | null } };
    audits: Record<string, { numericValue?: number; details?: { items?: { groupLabel?: string; duration?: number; url?: string; scripting?: number; startTime?: number }[] } }>;
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<LhResult | undefined>;
interface ChromeLauncher {
  launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
}

const LIGHTHOUSE_VERSION = '12.8.2';
const OWN_DIR = resolve(ROOT, 'bench/out/lighthouse');

/** The folder whose node_modules holds Lighthouse: LIGHTHOUSE_DIR, the project, or the bench's own install. */
function lighthouseDir(): string {
  if (process.env.LIGHTHOUSE_DIR) return resolve(process.env.LIGHTHOUSE_DIR);
  if (existsSync(join(ROOT, 'node_modules/lighthouse/package.json'))) return ROOT;
  return OWN_DIR;
}

/** Installs the pinned Lighthouse into bench/out/lighthouse once (the npm registry; no browser download). */
function installLighthouse(): boolean {
  if (existsSync(join(lighthouseDir(), 'node_modules/lighthouse/package.json'))) return true;
  mkdirSync(OWN_DIR, { recursive: true });
  if (!existsSync(join(OWN_DIR, 'package.json'))) writeFileSync(join(OWN_DIR, 'package.json'), '{"private":true}\n');
  console.log(`  installing lighthouse@${LIGHTHOUSE_VERSION} into bench/out/lighthouse (once)…`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `lighthouse@${LIGHTHOUSE_VERSION}`], { cwd: OWN_DIR, stdio: 'inherit' });
  return r.status === 0;
}

async function importFrom<T>(name: string): Promise<T | null> {
  const base = join(lighthouseDir(), 'package.json');
  try {
    const path = createRequire(base).resolve(name);
    return (await import(pathToFileURL(path).href)) as T;
  } catch {
    return null;
  }
}

/** The home page's bench data: u001 with 5 000 open entries (also bench/profile-home.ts). */
export async function seedHomeDatabase(databaseUrl: string): Promise<void> {
  // Only the 5 000 open entries: worksheet.ts reads its size when it is first imported.
  process.env.BENCH_WORKSHEET_ROWS ??= '0';
  const { seedAccount, seedRecords } = await import('./worksheet');
  const dbh = await openDatabase({ databaseUrl, dataDir: '', poolSize: 2 });
  await migrateToLatest(dbh.db);
  const accountId = await seedAccount(dbh);
  await seedRecords(dbh, accountId);
  // Every open entry belongs to u001, so that u001's home (Yours) holds all 5 000.
  await sql`UPDATE worksheet_record SET username = 'u001' WHERE account_id = ${accountId} AND NOT exported`.execute(dbh.db);
  await analyze(dbh.db);
  await dbh.close();
}

export async function benchLighthouse(): Promise<void> {
  console.log('\n# Lighthouse mobile on / after login, 5 000 open entries (PostgreSQL, built server)');
  if (!existsSync(resolve(ROOT, 'dist/server/main.js'))) return fail('lighthouse', 'no dist/: run npm run build first');
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromePath)) return fail('lighthouse', `no Chromium at ${chromePath}`);
  if (!installLighthouse()) return fail('lighthouse', `could not install lighthouse@${LIGHTHOUSE_VERSION} from the npm registry`);
  const lh = await importFrom<{ default: Lighthouse }>('lighthouse');
  const launcher = await importFrom<ChromeLauncher>('chrome-launcher');
  if (!lh || !launcher) return fail('lighthouse', `lighthouse is not installed in ${lighthouseDir()}`);

  await withBenchDatabase('lighthouse', async (databaseUrl) => {
    await seedHomeDatabase(databaseUrl);

    // BENCH_SERVER_ENTRY: another build's dist/server/main.js (with its dist/client beside it), for an A/B run.
    const server = await startServerProcess({ DATABASE_URL: databaseUrl, ...(process.env.BENCH_SERVER_ENTRY ? { BENCH_SERVER_ENTRY: process.env.BENCH_SERVER_ENTRY } : {}) });
    try {
      const res = await fetch(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ username: 'u001', password: PASSWORD }),
      });
      if (res.status !== 200) return fail('lighthouse', `login failed: ${res.status}`);
      const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
      const scores: number[] = [];
      const tbt: number[] = [];
      const cls: number[] = [];
      const lcp: number[] = [];
      const fcp: number[] = [];
      let lcpElement = '';
      const dom: number[] = [];
      const mainThread: number[] = [];
      let breakdown = '';
      let scripts = '';
      let longTasks = '';
      for (let run = 0; run < RUNS; run++) {
        const chrome = await launcher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
        try {
          const result = await lh.default(`${server.url}/`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            extraHeaders: { Cookie: cookie },
          });
          if (!result) return fail('lighthouse', 'no result');
          // LIGHTHOUSE_SAVE=<dir>: each run's full report (lhr JSON) for a closer look at the long tasks.
          if (process.env.LIGHTHOUSE_SAVE) {
            mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
            writeFileSync(join(process.env.LIGHTHOUSE_SAVE, `run-${run + 1}.json`), JSON.stringify(result.lhr));
          }
          scores.push(Math.round((result.lhr.categories.performance.score ?? 0) * 100));
          tbt.push(result.lhr.audits['total-blocking-time']?.numericValue ?? NaN);
          cls.push(result.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
          lcp.push(result.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
          fcp.push(result.lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
          // The element whose paint is the LCP (what the page waits for to look done).
          const lcpItems = (result.lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined)?.items;
          lcpElement = lcpItems?.[0]?.items?.[0]?.node?.selector ?? '?';
          dom.push(result.lhr.audits['dom-size']?.numericValue ?? NaN);
          mainThread.push(result.lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN);
          breakdown = (result.lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
            .slice(0, 4)
            .map((i) => `${i.groupLabel ?? '?'} ${Math.round(i.duration ?? 0)} ms`)
            .join(', ');
          // Which scripts the main thread spent its time on, and the long tasks (what blocks).
          scripts = (result.lhr.audits['bootup-time']?.details?.items ?? [])
            .slice(0, 5)
            .map((i) => `${(i.url ?? '?').replace(/^https?:\/\/[^/]+/, '')} ${Math.round(i.scripting ?? 0)} ms`)
            .join(', ');
          const tasks = result.lhr.audits['long-tasks']?.details?.items ?? [];
          longTasks = `${tasks.length}: ${tasks
            .slice(0, 6)
            .map((i) => `${Math.round(i.duration ?? 0)} ms${i.url ? ` (${i.url.replace(/^https?:\/\/[^/]+/, '')})` : ''}`)
            .join(', ')}`;
        } finally {
          await chrome.kill();
        }
      }
      const verdict = (ok: boolean) => (ok ? 'meets' : 'misses');
      const perf = median(scores);
      const tb = median(tbt);
      const cl = median(cls);
      line('performance score (median of 3)', `${perf} (runs ${scores.join(', ')})  goal ≥ 90: ${verdict(perf >= 90)}`);
      line('Total Blocking Time (median)', `${tb.toFixed(0)} ms (runs ${tbt.map((v) => v.toFixed(0)).join(', ')})  goal ≤ 200 ms: ${verdict(tb <= 200)}`);
      line('Cumulative Layout Shift (median)', `${cl.toFixed(3)} (runs ${cls.map((v) => v.toFixed(3)).join(', ')})  goal ≤ 0.1: ${verdict(cl <= 0.1)}`);
      line(
        'Largest Contentful Paint (median)',
        `${median(lcp).toFixed(0)} ms (simulated slow 4G, 4× CPU slowdown; runs ${lcp.map((v) => v.toFixed(0)).join(', ')}), last run's element: ${lcpElement}`,
      );
      line('First Contentful Paint (median)', `${median(fcp).toFixed(0)} ms (runs ${fcp.map((v) => v.toFixed(0)).join(', ')})`);
      line('DOM elements / main-thread work (median)', `${median(dom).toFixed(0)} elements, ${median(mainThread).toFixed(0)} ms of main-thread work`);
      line('… main-thread work of the last run', breakdown);
      line('… script time by file, last run', scripts);
      line('… long tasks of the last run', longTasks);
    } finally {
      await server.stop();
    }
  });
}

if (process.argv[1]?.endsWith('lighthouse.ts')) {
  await benchLighthouse();
  exitStandalone();
}
