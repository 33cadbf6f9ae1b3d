import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, loadLoops, loginCookie } from './pg-load';
import { startServerProcess } from './run';

/**
 * Issue 8 §6: SIGTERM under 50 connections of load on PostgreSQL. The process exits 0 within 10 s;
 * every request that was on its way before the signal gets a full answer (0 resets); afterwards
 * connections are refused cleanly.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  db = await freshDatabase('shutdown');
}, 60_000);
afterAll(() => db?.drop());

describe('SIGTERM under load', () => {
  it('exits 0 within 10 s with 0 resets of requests in flight', async () => {
    const server = await startServerProcess({ DATABASE_URL: db.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-shutdown-')), PORT: '0' });
    const cookie = await loginCookie(server.url);
    let signalledAt = Infinity;
    let exitedAt = Infinity;
    const exited = server.exited.then((code) => ((exitedAt = performance.now()), code));
    const login = JSON.stringify({ username: 'sysadmin', password: 'System-pass-1' });
    // Mostly quick reads; every 25th request a login (argon2: slow), so that requests are in flight at
    // the signal — staggered over the loops, not 50 logins at once at the start.
    // The signal comes once every loop has had an answer, so all 50 connections have been accepted:
    // a connection still in the kernel's backlog when the listener closes is reset by the kernel on
    // any server (on a loaded machine the first 50 argon2 logins at once kept 27 of them there for
    // 2.5 s). In production SHUTDOWN_DELAY_MS lets the load balancer stop sending first (decision 0195).
    const answered = new Set<number>();
    const loading = loadLoops(
      server.url,
      50,
      (n): { path: string; method?: string; body?: string; headers: Record<string, string> } => {
        const loop = Math.floor(n / 1_000_000);
        const i = n % 1_000_000;
        if (i > 0) answered.add(loop);
        return (loop + i) % 25 === 0
          ? { path: '/api/user/login', method: 'POST', body: login, headers: { 'Content-Type': 'application/json', Origin: server.url } }
          : { path: i % 2 ? '/api/user/info' : '/api/trpc/user.info', headers: { Cookie: cookie } };
      },
      { maxMs: 20_000, stopOnError: () => performance.now() > signalledAt },
    );
    await new Promise((r) => setTimeout(r, 2000));
    for (let waited = 0; answered.size < 50 && waited < 15_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(answered.size, 'every connection had an answer before the signal').toBe(50);
    signalledAt = performance.now();
    server.child.kill('SIGTERM');
    const code = await exited;
    const outcomes = await loading;
    const ms = exitedAt - signalledAt;

    const before = outcomes.filter((o) => o.started < signalledAt);
    const reset = before.filter((o) => o.error);
    const after = outcomes.filter((o) => o.started >= signalledAt);
    if (reset.length) console.log('reset:', JSON.stringify(reset.slice(0, 5)));
    console.log(
      `SIGTERM: exit ${code} after ${Math.round(ms)} ms; ${before.length} requests started before the signal (${reset.length} reset), ${after.filter((o) => o.status).length} answered and ${after.filter((o) => o.error === 'ECONNREFUSED').length} refused and ${after.filter((o) => o.error === 'ECONNRESET').length} reset (kept-alive or not yet accepted) after it`,
    );
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(before.length).toBeGreaterThan(30);
    expect(reset).toEqual([]);
    // Every request in flight got its answer. (Logins of one name from one address at once are
    // counted before their passwords are checked, so a burst of them may be told "locked out",
    // 401, by the login throttle; that is an answer too, not a shutdown failure.)
    expect(before.filter((o) => o.status !== 200 && !(o.path === '/api/user/login' && o.status === 401))).toEqual([]);
    // After the signal: answered, refused at connect, or reset — a request sent on a kept-alive
    // connection just as the server closed it while idle — reset before any byte of it was read
    // (the keep-alive race every HTTP/1.1 client retries; Node flags it with req.reusedSocket).
    // A new connection the kernel queued after the listener's last accept is reset when the listener
    // closes (a refusal that arrives as a reset; no byte of the request was read either).
    expect(after.filter((o) => o.error && o.error !== 'ECONNREFUSED' && o.error !== 'ECONNRESET')).toEqual([]);
  }, 60_000);
});
