/**
 * Issue 8 §11 "load holds": 50 connections of mixed list / create / info load for 30 s
 * (`--quick`: 10 s; BENCH_LOAD_SECONDS overrides) against the real server process on PostgreSQL,
 * next to a bare node:http server (its own process) measured in the same run with the same client.
 * Prints req/s and p50/p95/p99 per kind of request; exits non-zero when any request failed.
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { openDatabase } from '../db/database';
import { seedMasterData } from '../db/seed/demo';
import { hashPassword } from '../src/server/auth/passwords';
import { createAccount } from '../src/server/services/accounts';
import { line, startServerProcess, withBenchDatabase } from './lib';

const quick = process.argv.includes('--quick');
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? (quick ? 10 : 30));
const CONNECTIONS = 50;
const PASSWORD = 'bench-pass-1';

interface Req {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface KindStats {
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}

/** `connections` loops of back-to-back requests over keep-alive for `seconds` (bounded in time). */
async function run(base: string, connections: number, seconds: number, next: (i: number) => Req): Promise<{ seconds: number; kinds: Map<string, KindStats> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const kinds = new Map<string, KindStats>();
  const url = new URL(base);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += connections) {
        const r = next(i);
        const t0 = performance.now();
        const status = await new Promise<number | null>((resolve) => {
          const req = request({ agent, host: url.hostname, port: url.port, method: r.method, path: r.path, headers: r.headers, timeout: 30_000 }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', () => resolve(null));
          });
          req.on('timeout', () => req.destroy());
          req.on('error', () => resolve(null));
          req.end(r.body);
        });
        let s = kinds.get(r.kind);
        if (!s) kinds.set(r.kind, (s = { latencies: [], errors: 0, statuses: new Map() }));
        s.latencies.push(performance.now() - t0);
        if (status === null || status >= 400) s.errors++;
        if (status !== null) s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, kinds };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function report(label: string, result: { seconds: number; kinds: Map<string, KindStats> }): number {
  let total = 0;
  let errors = 0;
  let all: number[] = [];
  for (const [kind, s] of result.kinds) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    // concat, not push(...sorted): a fast machine records more samples than a call's arguments can hold.
    all = all.concat(sorted);
    total += sorted.length;
    errors += s.errors;
    const statuses = [...s.statuses].map(([k, v]) => `${k}×${v}`).join(' ');
    line(
      `${label} ${kind}`,
      `${Math.round(sorted.length / result.seconds)} req/s, p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms (n = ${sorted.length})${s.errors ? `, ERRORS ${s.errors} (${statuses})` : ''}`,
    );
  }
  if (result.kinds.size > 1) {
    all.sort((a, b) => a - b);
    line(
      `${label} all`,
      `${Math.round(total / result.seconds)} req/s, p50 ${pct(all, 50).toFixed(1)} ms, p95 ${pct(all, 95).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms (n = ${all.length}), errors ${errors}`,
    );
  }
  return errors;
}

/** A bare node:http server answering a small JSON, in its own process (so it does not share our event loop). */
async function startBare(): Promise<{ url: string; stop(): void }> {
  const code = `const s=require('node:http').createServer((q,r)=>{r.writeHead(200,{'Content-Type':'application/json'});r.end('{"hello":"world"}')});s.listen(0,'127.0.0.1',()=>console.log('port '+s.address().port))`;
  const child = spawn(process.execPath, ['-e', code]);
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('close', () => reject(new Error('bare server exited')));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

export async function benchLoad(): Promise<void> {
  console.log(`\n# Load (issue 8 §11): ${CONNECTIONS} connections, ${SECONDS} s, PostgreSQL`);
  await withBenchDatabase('load', async (databaseUrl) => {
    // The account: an admin, a Basic user who lists (with 200 entries), a Basic user who creates.
    const dbh = await openDatabase({ databaseUrl, dataDir: '' });
    const { migrateToLatest } = await import('../db/database');
    await migrateToLatest(dbh.db);
    const { accountId } = await createAccount(dbh.db, { code: 'LOAD', name: 'Load', admin: 'loadadmin', password: PASSWORD });
    await seedMasterData(dbh.db, accountId);
    const hash = await hashPassword(PASSWORD);
    for (const username of ['loadlister', 'loadcreator']) {
      await dbh.db.insertInto('appUser').values({ accountId, username, passwordHash: hash, profileType: 'Basic', languageCode: 'ENU', active: true }).execute();
    }
    await dbh.close();

    const server = await startServerProcess({ DATABASE_URL: databaseUrl });
    const bare = await startBare();
    try {
      const login = async (username: string) => {
        const res = await fetch(`${server.url}/api/user/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.url },
          body: JSON.stringify({ username, password: PASSWORD }),
        });
        if (res.status !== 200) throw new Error(`login ${username}: ${res.status}`);
        return res.headers.getSetCookie()[0]!.split(';')[0]!;
      };
      const lister = await login('loadlister');
      const creator = await login('loadcreator');
      const entry = (i: number) =>
        JSON.stringify({
          date: '2026-11-21',
          customerNo: 'C1000',
          jobCode: 'J-1001',
          jobTaskCode: '200',
          unitType: 'Item',
          unitNo: '1000',
          description: `Load ${i}`,
          quantity: '3',
          unitOfMeasureCode: 'BOX',
        });
      const create = (i: number, cookie: string): Req => ({
        kind: 'create',
        method: 'POST',
        path: '/api/worksheet',
        headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/json' },
        body: entry(i),
      });
      // the lister's 200 entries
      for (let i = 0; i < 200; i += 10) {
        await Promise.all(
          Array.from({ length: 10 }, async (_, j) => {
            const r = create(i + j, lister);
            const res = await fetch(server.url + r.path, { method: 'POST', headers: r.headers, body: r.body });
            if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
          }),
        );
      }

      const baseline = await run(bare.url, CONNECTIONS, Math.min(10, SECONDS), () => ({ kind: 'hello', method: 'GET', path: '/', headers: {} }));
      report('bare node:http', baseline);
      const mixed = await run(server.url, CONNECTIONS, SECONDS, (i) => {
        const k = i % 20;
        if (k < 10) return { kind: 'info (GET /api/user/info)', method: 'GET', path: '/api/user/info', headers: { Cookie: lister } };
        if (k < 17) return { kind: 'list (GET /api/worksheet)', method: 'GET', path: '/api/worksheet?mode=YOURS', headers: { Cookie: lister } };
        return create(i, creator);
      });
      const errors = report('webtid', mixed);
      line('errors', errors === 0 ? '0 (goal: 0)' : `${errors} — FAILED (goal: 0)`);
      if (errors > 0) process.exitCode = 1;
    } finally {
      bare.stop();
      await server.stop();
    }
  });
}
