/**
 * Profiles the server under load on one URL: `node --cpu-prof` on a server process (PostgreSQL),
 * autocannon for a few seconds, then prints the functions with the most self time and the
 * inclusive time of a few markers. Used for docs/decisions/0120-lean-trpc-path.md.
 *   node --import tsx bench/profile-info.ts rest|trpc|healthz|list [seconds]
 * `list`: the first worksheet page of 200 of 5 000 entries at 50 connections, as `npm run bench -- limits`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../db/database';
import { fetchRetry, load, ROOT, startServerProcess, withBenchDatabase } from './lib';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const which = process.argv[2] ?? 'rest';
const seconds = Number(process.argv[3] ?? 5);

function report(profile: Profile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  // Only the samples of the load (the last `seconds` + 1 s warm-up), not the server's start-up.
  const at: number[] = [];
  profile.timeDeltas.reduce((t, d, i) => (at[i] = t + d), 0);
  const from = (at[at.length - 1] ?? 0) - (seconds + 1.5) * 1e6;
  profile.samples.forEach((id, i) => {
    if (at[i]! >= from) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => /\(idle\)|\(program\)|\(garbage collector\)/.test(byId.get(id)!.callFrame.functionName)).reduce((a, [, t]) => a + t, 0);
  const short = (n: Node) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(perf-bench|lists-perf)\//, '')}:${n.callFrame.lineNumber}`;
  const selfBy = new Map<string, number>();
  for (const [id, t] of self) selfBy.set(short(byId.get(id)!), (selfBy.get(short(byId.get(id)!)) ?? 0) + t);
  console.log(`total ${(total / 1000).toFixed(0)} ms, idle/program/gc ${(idle / 1000).toFixed(0)} ms`);
  for (const [k, t] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${(t / 1000).toFixed(0).padStart(6)} ms self  ${k}`);
  // inclusive time by module (the first frame of a sample's stack in each module counts once)
  const incl = new Map<string, number>();
  for (const [id, t] of self) {
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const url = byId.get(cur)!.callFrame.url;
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? /perf-bench\/(src|db)\/(.*)/.exec(url)?.[2] ?? (url.startsWith('node:') ? url : '');
      if (m && !seen.has(m)) {
        seen.add(m);
        incl.set(m, (incl.get(m) ?? 0) + t);
      }
    }
  }
  console.log('inclusive by module:');
  for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(t / 1000).toFixed(0).padStart(6)} ms  ${k}`);
}

await withBenchDatabase('prof', async (databaseUrl) => {
  const dir = mkdtempSync(join(tmpdir(), 'webtid-prof-'));
  const app = await startServerProcess({ DATABASE_URL: databaseUrl }, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'create-account', '--code', 'P', '--name', 'P', '--admin', 'profadmin', '--password', 'bench-pass-1'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  const res = await fetchRetry(`${app.url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: app.url },
    body: JSON.stringify({ username: 'profadmin', password: 'bench-pass-1' }),
  });
  const headers = { Cookie: res.headers.getSetCookie()[0]!.split(';')[0]! };
  if (which === 'list') {
    const dbh = await openDatabase({ databaseUrl, dataDir: '' });
    await sql`
      INSERT INTO worksheet_record (account_id, username, date, customer_no, customer_name, job_code, job_description, unit_type, unit_no,
        unit_description, description, time_from, time_to, quantity, unit_of_measure_code, unit_of_measure_description, created_by)
      SELECT a.id, 'profadmin', current_date - (g % 60), 'C1000', 'Nordhavn Byg ApS', 'J-1001', 'Kitchen renovation, Strandvejen 12',
        'Resource', 'R01', 'Carpenter', 'Bench entry ' || g, time '07:00', time '15:30', 8.5, 'HOUR', 'Hour', 'profadmin'
      FROM generate_series(1, 5000) g CROSS JOIN account a WHERE a.code = 'P'`.execute(dbh.db);
    await sql`ANALYZE`.execute(dbh.db);
    await dbh.close();
  }
  const url =
    which === 'trpc'
      ? `${app.url}/api/trpc/user.info?batch=1&input=%7B%7D`
      : which === 'healthz'
        ? `${app.url}/healthz`
        : which === 'list'
          ? `${app.url}/api/worksheet?mode=ALL`
          : `${app.url}/api/user/info`;
  const r = await load(url, { headers, seconds, warmupSeconds: 1, connections: which === 'list' ? 50 : 10 });
  console.log(`${which}: ${r.requests} requests, ${r.rps} req/s, errors ${r.errors}, non-2xx ${r.non2xx}`);
  await app.stop();
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  report(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile);
  console.log(`profile: ${join(dir, file)}`);
});
process.exit(0);
