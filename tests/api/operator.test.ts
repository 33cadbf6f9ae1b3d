import { request } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../src/server/routers/app';
import { startTestApp, type TestApp } from '../helpers/server';
import { expectStatus } from '../helpers/client';

/**
 * Issue 21 §5: what an operator sees — /livez, /readyz (503 once draining), the version in
 * /healthz, one request log line per request (requestId, route template, status, client address,
 * user agent, trace id, aborted) and Prometheus metrics on their own listener.
 */
const lines: Record<string, unknown>[] = [];
const log = pino({ level: 'info', base: undefined }, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) });

let app: TestApp;
let accountId: number;

beforeAll(async () => {
  app = await startTestApp({ log, env: { METRICS_PORT: '0', GIT_COMMIT: 'abc1234' } });
  accountId = await app.createAccount('OPS');
});
afterAll(() => app?.close());

const requestLines = () => lines.filter((l) => l.msg === 'request' || l.msg === 'request aborted');
async function lineFor(requestId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const line = requestLines().find((l) => l.requestId === requestId);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log line for ${requestId}`);
}
const scrape = async () => (await fetch(app.server.metricsUrl!)).text();

describe('probes', () => {
  it('/livez and /readyz answer 200 and /healthz carries the version', async () => {
    expect((await app.anonymous().get('/livez')).body).toEqual({ status: 'ok' });
    const ready = await app.anonymous().get('/readyz');
    expectStatus(ready, 200);
    expect(ready.body).toMatchObject({ status: 'ready' });
    const health = await app.anonymous().get('/healthz');
    expectStatus(health, 200);
    expect(health.body).toMatchObject({ status: 'ok', version: '0.1.0', commit: 'abc1234' });
  });
});

describe('request log', () => {
  it('keeps a well-formed X-Request-Id and logs the route template, status, address, user agent and trace id', async () => {
    const c = await app.login('opsadmin');
    const res = await c.request('GET', '/api/worksheet/987654', undefined, {
      'X-Request-Id': 'lb-7f3a.42',
      'User-Agent': 'ops-test/1',
      traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      'X-Forwarded-For': '203.0.113.9',
    });
    expectStatus(res, 404);
    expect(res.headers.get('x-request-id')).toBe('lb-7f3a.42');
    expect(res.body.requestId).toBe('lb-7f3a.42');
    const line = await lineFor('lb-7f3a.42');
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/worksheet/{id}',
      status: 404,
      ip: '203.0.113.9',
      userAgent: 'ops-test/1',
      traceId: '0af7651916cd43dd8448eb211c80319c',
      actor: 'opsadmin@' + accountId,
    });
    expect(line).not.toHaveProperty('reqId');
    expect(JSON.stringify(requestLines())).not.toContain('987654');
  });

  it('logs at most 256 characters of the user agent (issue 37 §6)', async () => {
    const res = await app.anonymous().request('GET', '/livez', undefined, { 'User-Agent': 'A'.repeat(15_000), 'X-Request-Id': 'ua-long-1' });
    expectStatus(res, 200);
    expect((await lineFor('ua-long-1')).userAgent).toBe('A'.repeat(256));
  });

  it('replaces a malformed X-Request-Id with its own and ignores a malformed traceparent', async () => {
    const res = await app
      .anonymous()
      .request('GET', '/livez', undefined, { 'X-Request-Id': 'has space;and=more', traceparent: '00-00000000000000000000000000000000-b7ad6b7169203331-01' });
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(await lineFor(id)).not.toHaveProperty('traceId');
    const long = await app.anonymous().request('GET', '/livez', undefined, { 'X-Request-Id': 'x'.repeat(129) });
    expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('logs a request the client gave up on as aborted, not as 200', async () => {
    const url = new URL(app.url);
    const body = JSON.stringify({ username: 'opsadmin', password: 'Wrong-pass-1' });
    // The server has the request (it answered 100 Continue); the client sends half the body and goes away.
    await new Promise<void>((done) => {
      const req = request({
        host: url.hostname,
        port: url.port,
        path: '/api/user/login',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Origin: app.url, 'X-Request-Id': 'gone-away-1', Expect: '100-continue' },
      });
      req.on('error', () => done());
      req.on('continue', () => {
        req.write(body.slice(0, 10));
        setTimeout(() => (req.destroy(), done()), 50);
      });
      req.flushHeaders();
    });
    const line = await lineFor('gone-away-1');
    expect(line).toMatchObject({ msg: 'request aborted', aborted: true, route: '/api/user/login', status: null });
  });
});

describe('metrics', () => {
  it('are served on their own listener, not on the public port', async () => {
    expect(app.server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(app.server.metricsUrl).not.toContain(new URL(app.url).port + '/');
    const pub = await fetch(`${app.url}/metrics`).then((r) => r.text());
    expect(pub).not.toContain('webtid_http_request_duration_seconds');
  });

  it('count requests by route template and status, login refusals, and show the pool, the outbox and the process', async () => {
    const c = await app.login('opsadmin');
    await c.get('/api/worksheet/555111');
    await app.anonymous().post('/api/user/login', { username: 'opsadmin', password: 'Wrong-pass-1' });
    const text = await scrape();
    expect(text).toMatch(/webtid_http_request_duration_seconds_count\{method="GET",route="\/api\/worksheet\/\{id\}",status="404"\} [1-9]/);
    expect(text).not.toContain('555111');
    expect(text).toMatch(/webtid_login_refusals_total\{outcome="failed"\} [1-9]/);
    expect(text).toMatch(/webtid_login_refusals_total\{outcome="locked"\} \d/);
    expect(text).toMatch(/webtid_webhook_outbox\{state="pending"\} 0/);
    expect(text).toMatch(/webtid_webhook_outbox_oldest_due_seconds 0/);
    expect(text).toMatch(/webtid_webhook_deliveries_total\{outcome="succeeded"\} \d/);
    expect(text).toMatch(/webtid_build_info\{version="0.1.0",commit="abc1234"\} 1/);
    expect(text).toContain('webtid_process_cpu_user_seconds_total');
    if (app.server.services.dbh.kind === 'postgres') expect(text).toMatch(/webtid_db_pool_connections\{state="in_use"\} \d/);
  });

  it('keep a fixed set of route series: 1 000 anonymous batches of real names and random paths add none (issue 37 §5)', async () => {
    const names = Object.keys(appRouter._def.procedures as object);
    // The route labels in use (a status label is bounded by HTTP itself: a batch may answer 200, 207, 400 or 401).
    const series = async () =>
      new Set(
        (await scrape())
          .split('\n')
          .filter((l) => l.startsWith('webtid_http_request_duration_seconds_count{'))
          .map((l) => /route="([^"]*)"/.exec(l)?.[1]),
      );
    const batchPath = (i: number) => {
      const n = 2 + (i % 9);
      const picked = Array.from({ length: n }, (_, k) => names[(i * 7 + k * 13 + k * k * i) % names.length]!);
      return `/api/trpc/${picked.join(',')}?batch=1`;
    };
    const send = (path: string) => fetch(`${app.url}${path}`).then((r) => r.arrayBuffer());
    // One of each kind first: the series they belong to exist from then on.
    await send(batchPath(0));
    await send('/api/nowhere-0');
    await send('/api/trpc/no.such.procedure-0');
    const before = await series();
    for (let i = 1; i <= 1000; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, k) => i + k).map((j) => send(j % 3 === 0 ? batchPath(j) : j % 3 === 1 ? `/api/x${j}/y${j * 31}` : `/api/trpc/guess${j}`)));
    }
    const after = await series();
    expect([...after].sort()).toEqual([...before].sort());
    expect(after.has('/api/trpc/batch')).toBe(true);
  }, 120_000);

  it('count a request the client gave up on as aborted', async () => {
    expect(await scrape()).toMatch(/webtid_http_request_duration_seconds_count\{method="POST",route="\/api\/user\/login",status="aborted"\} 1/);
  });
});

describe('draining', () => {
  it('/readyz answers 503 once a stop was asked for, while /livez and /healthz stay 200', async () => {
    app.server.drain();
    const ready = await app.anonymous().get('/readyz');
    expectStatus(ready, 503);
    expect(ready.body).toMatchObject({ status: 'draining' });
    expect((await app.anonymous().get('/livez')).status).toBe(200);
    expect((await app.anonymous().get('/healthz')).status).toBe(200);
  });
});
