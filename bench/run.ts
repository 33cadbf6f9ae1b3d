/**
 * npm run bench [-- <name> ...] [--quick]
 *   names: foundation (cold start), info (request overhead), limits (node + pg limits of info,
 *   list, create), bundle, master-data, worksheet,
 *   export, week, cellsave (the week grid's cell save at 1 M rows), and any other bench registered below. No name: all of them except the opt-in ones
 *   (lighthouse: installs lighthouse@12.8.2 into bench/out/ once; capacity: the users one process serves,
 *   ≈ 6 min, --quick ≈ 2 min).
 * Prints figures next to their goals; never a pass/fail timing test. A measure that did not
 * measure (errors, zero completed requests, a missing answer) prints FAIL, and the run exits 1.
 * The whole run stays bounded: each bench has fixed durations and sizes (--quick: smaller).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { failures, loadAvg } from './lib';

const args = process.argv.slice(2);
const wanted = args.filter((a) => !a.startsWith('--'));

interface Bench {
  name: string;
  file: string;
  fn: string;
  /** Run only when named (needs a tool that is not a dependency). */
  optIn?: boolean;
}
const benches: Bench[] = [
  { name: 'foundation', file: 'foundation.ts', fn: 'benchFoundation' },
  { name: 'info', file: 'info.ts', fn: 'benchInfo' },
  { name: 'limits', file: 'limits.ts', fn: 'benchLimits' },
  { name: 'bundle', file: 'bundle.ts', fn: 'benchBundle' },
  { name: 'master-data', file: 'master-data.ts', fn: 'benchMasterData' },
  { name: 'worksheet', file: 'worksheet.ts', fn: 'benchWorksheet' },
  { name: 'export', file: 'export.ts', fn: 'benchExport' },
  { name: 'export-batches', file: 'export-batches.ts', fn: 'benchExportBatches' },
  { name: 'week', file: 'week.ts', fn: 'benchWeek' },
  { name: 'cellsave', file: 'cellsave.ts', fn: 'benchCellSave' },
  { name: 'paging', file: 'paging.ts', fn: 'benchPaging' },
  { name: 'load', file: 'load.ts', fn: 'benchLoad' },
  { name: 'webhooks', file: 'webhooks.ts', fn: 'benchWebhooks' },
  { name: 'report', file: 'report.ts', fn: 'benchReport' },
  { name: 'review', file: 'review.ts', fn: 'benchReview' },
  { name: 'import', file: 'import.ts', fn: 'benchImport' },
  { name: 'lighthouse', file: 'lighthouse.ts', fn: 'benchLighthouse', optIn: true },
  // ≈ 6 min (--quick ≈ 2 min): a ramp on both databases until the p95 breaks (decision 0360)
  { name: 'capacity', file: 'capacity.ts', fn: 'benchCapacity', optIn: true },
];

const unknown = wanted.filter((w) => !benches.some((b) => b.name === w));
if (unknown.length) {
  console.error(`Unknown bench ${unknown.join(', ')}; known: ${benches.map((b) => b.name).join(', ')}`);
  process.exit(2);
}

// The benches measure the server as `npm start` runs it: the compiled build, rebuilt when stale.
const { ensureBuilt } = (await import('../scripts/build-state.js')) as { ensureBuilt: (parts: string[], opts?: { quiet?: boolean }) => void };
ensureBuilt(['client', 'server']);

const started = performance.now();
console.log(`machine load at start (1, 5, 15 min; 2 cores): ${loadAvg()}`);
for (const b of benches) {
  if (wanted.length && !wanted.includes(b.name)) continue;
  if (!wanted.length && b.optIn) {
    console.log(`\n# ${b.name}: run by name only (npm run bench -- ${b.name}; see bench/${b.file})`);
    continue;
  }
  const file = resolve(import.meta.dirname, b.file);
  if (!existsSync(file)) continue;
  const benchStarted = performance.now();
  try {
    const mod = (await import(file)) as Record<string, (() => Promise<void>) | undefined>;
    const fn = mod[b.fn];
    if (!fn) throw new Error(`${b.file} exports no ${b.fn}`);
    await fn();
  } catch (e) {
    failures.push(`${b.name}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    console.log(`  FAIL ${b.name}: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  }
  console.log(`  (${b.name}: ${((performance.now() - benchStarted) / 1000).toFixed(0)} s)`);
}
console.log(`\nbench run: ${((performance.now() - started) / 1000).toFixed(0)} s, machine load at end: ${loadAvg()}`);
if (failures.length) {
  console.log(`FAIL: ${failures.length} measure(s) did not measure:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
// a bench that found errors (load: any failed request) sets process.exitCode
process.exit(process.exitCode ?? 0);
