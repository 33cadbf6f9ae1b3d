/**
 * Cold start (issue 9 point 6): from spawning `node --import tsx src/server/main.ts` on an empty
 * embedded DATA_DIR (the `npm start` path without the client build) until /healthz answers 200,
 * with the demo account seeded and its logins printed. Several rounds, min / median / max; and one
 * start without the migrated PGlite template (the first start ever on a machine, which makes it).
 * Goal: < 5 s. (The request overhead bench is bench/info.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, fail, fetchRetry, line, loadAvg, median, spread, startServerProcess, exitStandalone } from './lib';

const quick = process.argv.includes('--quick');
const ROUNDS = quick ? 2 : 3;

/** Wall-clock ms to /healthz 200, and the CPU ms the server process used until then. */
async function coldStart(env: Record<string, string> = {}): Promise<{ ms: number; cpu: number }> {
  const started = performance.now();
  const server = await startServerProcess(env);
  const ms = performance.now() - started;
  const cpu = cpuMs(server.pid) ?? NaN;
  try {
    const password = /Admin\s+admin\s+password: (\S+)/.exec(server.output())?.[1];
    if (!password) fail('cold start', 'no demo login printed');
    else {
      const res = await fetchRetry(`${server.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ username: 'admin', password }),
      });
      if (res.status !== 200) fail('cold start', `the printed demo login does not log in (${res.status})`);
    }
  } finally {
    await server.stop();
  }
  return { ms, cpu };
}

export async function benchFoundation(): Promise<void> {
  console.log('\n# Cold start: process start → /healthz 200 on an empty embedded DATA_DIR (demo seeded)');
  // Makes the template if this checkout has none yet (as npm run build does), outside the timing.
  await coldStart();
  const starts: Array<{ ms: number; cpu: number }> = [];
  for (let i = 0; i < ROUNDS; i++) starts.push(await coldStart());
  const times = starts.map((t) => t.ms);
  line(
    `with the migrated template, ${ROUNDS} starts`,
    `${spread(
      times.map((t) => t / 1000),
      2,
      ' s',
    )} (goal < 5 s) ${median(times) < 5000 ? 'met' : 'MISSED'}`,
  );
  // On a busy machine the wall clock mostly measures the neighbours; a start is mostly one
  // thread, so its CPU time is about what it takes on an idle machine.
  line(
    '  … server CPU (user + system) until then',
    spread(
      starts.map((t) => t.cpu / 1000),
      2,
      ' s',
    ),
  );
  const noTemplate = mkdtempSync(join(tmpdir(), 'webtid-no-template-'));
  try {
    const first = await coldStart({ PGLITE_TEMPLATE_DIR: noTemplate });
    line('without a template (first start ever: initdb)', `${(first.ms / 1000).toFixed(2)} s, CPU ${(first.cpu / 1000).toFixed(2)} s (makes the template)`);
  } finally {
    rmSync(noTemplate, { recursive: true, force: true });
  }
  line('machine load (1, 5, 15 min; 2 cores)', loadAvg());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchFoundation();
  exitStandalone();
}
