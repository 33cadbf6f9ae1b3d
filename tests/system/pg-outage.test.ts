import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, loadLoops, loginCookie } from './pg-load';
import { startServerProcess } from './run';

/**
 * Issue 8 §5: PostgreSQL connections terminated under load (pg_terminate_backend), and a database
 * that refuses connections for a while: the process stays up, requests meanwhile get 503
 * problem+json (never a 500, never a dropped connection), and /healthz is 200 again within seconds.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let cookie: string;

beforeAll(async () => {
  db = await freshDatabase('outage');
  server = await startServerProcess({ DATABASE_URL: db.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-outage-')), PORT: '0' });
  cookie = await loginCookie(server.url);
}, 60_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await db?.drop();
});

const terminate = () => db.admin.unsafe(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${db.name}' AND pid <> pg_backend_pid()`);

async function healthzWithin(ms: number, want: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    const status = await fetch(`${server.url}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === want) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`/healthz did not answer ${want} within ${ms} ms`);
}

describe('the database goes away under load; the process stays', () => {
  it('survives pg_terminate_backend on its connections under 30 connections of load', async () => {
    let stop = false;
    const kinds = ['/api/user/info', '/api/trpc/user.info', '/api/user/info', '/api/worksheet'];
    const loading = loadLoops(server.url, 30, (i) => ({ path: kinds[i % kinds.length]!, headers: { Cookie: cookie } }), { maxMs: 20_000, until: () => stop });
    await new Promise((r) => setTimeout(r, 1000));
    for (let i = 0; i < 6; i++) {
      await terminate();
      await new Promise((r) => setTimeout(r, 300));
    }
    const terminatedAt = performance.now();
    await new Promise((r) => setTimeout(r, 1000));
    stop = true;
    const outcomes = await loading;

    expect(server.child.exitCode).toBeNull();
    const recoveryMs = await healthzWithin(10_000, 200);
    console.log(
      `terminate: ${outcomes.length} requests, statuses ${JSON.stringify(tally(outcomes))}; /healthz 200 ${Math.round(performance.now() - terminatedAt)} ms after the last terminate (${Math.round(recoveryMs)} ms of polling)`,
    );
    expect(outcomes.filter((o) => o.error)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(20);
    expect(server.output()).not.toMatch(/Cannot read properties of null/);
  }, 60_000);

  it('answers 503 while the database refuses connections, and 200 within seconds of its return', async () => {
    await db.admin.unsafe(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS false`);
    await terminate();
    await healthzWithin(8_000, 503);
    const during = await fetch(`${server.url}/api/user/info`, { headers: { Cookie: cookie } });
    expect(during.status).toBe(503);
    expect(during.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await during.json()) as unknown).toMatchObject({ status: 503, requestId: expect.any(String) });

    await db.admin.unsafe(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS true`);
    const backMs = await healthzWithin(10_000, 200);
    console.log(`database back: /healthz 200 after ${Math.round(backMs)} ms`);
    expect(backMs).toBeLessThan(5_000);
    expect((await fetch(`${server.url}/api/user/info`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});

function tally(outcomes: Array<{ status?: number; error?: string }>): Record<string, number> {
  const t: Record<string, number> = {};
  for (const o of outcomes) {
    const k = o.error ?? String(o.status);
    t[k] = (t[k] ?? 0) + 1;
  }
  return t;
}
