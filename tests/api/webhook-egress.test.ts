import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver } from '../../src/server/webhooks/egress';
import { startWebhookWorker, type WebhookWorker } from '../../src/server/webhooks/worker';
import { expectStatus, type ApiClient } from '../helpers/client';
import { startTestApp, type TestApp } from '../helpers/server';

/**
 * Webhook egress (issue 21 §2, decision 0190). The app runs with an in-process resolver, so that a
 * host name can answer what an attacker's DNS would. 127.0.0.2 stands for "a public address": it is
 * the only network WEBHOOKS_ALLOW_PRIVATE names here, so 127.0.0.1 (the inner service) stays refused.
 */
const previous = { allow: process.env.WEBHOOKS_ALLOW_PRIVATE, poll: process.env.WEBHOOKS_POLL_MS, scale: process.env.WEBHOOKS_TIME_SCALE };
process.env.WEBHOOKS_POLL_MS = '50';
process.env.WEBHOOKS_TIME_SCALE = '1';

interface Hit {
  host: string | undefined;
  id: string;
  at: number;
}

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void, host: string, port = 0): Promise<Server> {
  const server = createServer(handler);
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}
const portOf = (s: Server) => (s.address() as AddressInfo).port;
const close = (s: Server | undefined) => new Promise<void>((ok) => (s ? (s.closeAllConnections(), s.close(() => ok())) : ok()));

let app: TestApp;
let outer: Server;
let inner: Server;
let port: number;
const outerHits: Hit[] = [];
const innerHits: Hit[] = [];
const logs: Array<Record<string, unknown>> = [];

/** Per host name: the answers in order ("a|b": two addresses at once); the last one repeats. */
const answers = new Map<string, string[]>();
const calls = new Map<string, number>();
const resolver: HostResolver = (hostname) => {
  const list = answers.get(hostname);
  if (!list) return Promise.reject(new Error(`ENOTFOUND ${hostname}`));
  const n = calls.get(hostname) ?? 0;
  calls.set(hostname, n + 1);
  const answer = list[Math.min(n, list.length - 1)]!;
  return Promise.resolve(answer.split('|').map((address) => ({ address, family: 4 as const })));
};

const record = (hits: Hit[]) => (req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  req.on('end', () => {
    hits.push({ host: req.headers.host, id: String(req.headers['webhook-id']), at: Date.now() });
    // /redirect sends the caller inward; a webhook client must not follow.
    if (req.url === '/redirect') res.writeHead(307, { Location: `http://127.0.0.1:${port}/hook` }).end();
    else res.writeHead(204).end();
  });
};

let a: ApiClient;
let slow: Server | undefined;
let second: WebhookWorker | undefined;
let fast: Server | undefined;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = '127.0.0.2/32';
  outer = await listen(record(outerHits), '127.0.0.2');
  port = portOf(outer);
  inner = await listen(record(innerHits), '127.0.0.1', port);
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  app = await startTestApp({ resolveHost: resolver, log: pino({ level: 'warn' }, stream) });
  const accountId = await app.createAccount('EGRESS');
  a = (await app.apiKeyClient(accountId)).client;
}, 60_000);

afterAll(async () => {
  await Promise.all([close(outer), close(inner), close(slow), close(fast)]);
  await second?.stop();
  await app?.close();
  for (const [k, v] of [
    ['WEBHOOKS_ALLOW_PRIVATE', previous.allow],
    ['WEBHOOKS_POLL_MS', previous.poll],
    ['WEBHOOKS_TIME_SCALE', previous.scale],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

async function until<T>(what: string, f: () => T | undefined | false | Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function addEndpoint(client: ApiClient, url: string): Promise<number> {
  const res = await client.post('/api/webhooks', { url, events: ['worksheet.created'] });
  expectStatus(res, 201);
  return (res.body as { id: number }).id;
}

async function sendTest(client: ApiClient, id: number): Promise<string> {
  const res = await client.post('/api/webhooks/test', { id });
  expectStatus(res, 200);
  return (res.body as { messageId: string }).messageId;
}

describe('webhook egress: DNS rebinding', () => {
  it('connects to exactly the address it checked: a name that turns into 127.0.0.1 after the check reaches only the checked address', async () => {
    // Check on save → 127.0.0.2, the delivery's one resolution → 127.0.0.2, any further resolution → 127.0.0.1.
    answers.set('rebind-late.example', ['127.0.0.2', '127.0.0.2', '127.0.0.1']);
    const id = await addEndpoint(a, `http://rebind-late.example:${port}/hook`);
    const msg = await sendTest(a, id);
    await until('the delivery', () => outerHits.some((h) => h.id === msg));
    await new Promise((r) => setTimeout(r, 200));
    expect(innerHits).toEqual([]);
    expect(outerHits.find((h) => h.id === msg)!.host).toBe(`rebind-late.example:${port}`);
    expect(calls.get('rebind-late.example')).toBe(2);
  });

  it('a name that answers a public address to the check on save and 127.0.0.1 at delivery is refused; nothing reaches the inner listener', async () => {
    answers.set('rebind.example', ['127.0.0.2', '127.0.0.1']);
    const id = await addEndpoint(a, `http://rebind.example:${port}/hook`);
    const msg = await sendTest(a, id);
    const failed = await until('the failed attempt', async () => {
      const res = await a.get(`/api/webhooks/deliveries?endpointId=${id}`);
      const d = (res.body as Array<{ messageId: string; attempts: number; lastError: string | null }>).find((x) => x.messageId === msg);
      return d && d.attempts > 0 ? d : undefined;
    });
    expect(failed.lastError).toMatch(/127\.0\.0\.1.*loopback/);
    expect(innerHits).toEqual([]);
    expect(outerHits.some((h) => h.id === msg)).toBe(false);
    // The failure is a warning naming the endpoint.
    const warn = logs.find((l) => l.msg === 'webhook delivery failed' && l.endpointId === id);
    expect(warn).toMatchObject({ level: 40, endpointId: id, messageId: msg });
  });

  it('does not follow a redirect: a 307 towards 127.0.0.1 is a failed attempt and nothing reaches the inner listener', async () => {
    answers.set('redirector.example', ['127.0.0.2']);
    const id = await addEndpoint(a, `http://redirector.example:${port}/redirect`);
    const msg = await sendTest(a, id);
    const failed = await until('the failed attempt', async () => {
      const res = await a.get(`/api/webhooks/deliveries?endpointId=${id}`);
      const d = (res.body as Array<{ messageId: string; attempts: number; lastStatus: number | null; lastError: string | null }>).find((x) => x.messageId === msg);
      return d && d.attempts > 0 ? d : undefined;
    });
    expect(failed).toMatchObject({ lastStatus: 307, lastError: 'HTTP 307' });
    expect(outerHits.filter((h) => h.id === msg)).toHaveLength(1);
    expect(innerHits).toEqual([]);
  });

  it('refuses URLs whose names resolve inward on save (the check an admin sees)', async () => {
    answers.set('inward.example', ['10.0.0.7']);
    answers.set('mixed.example', ['127.0.0.2|169.254.169.254']);
    for (const url of [
      'http://inward.example/x',
      'http://mixed.example/x',
      'http://[::127.0.0.1]/x',
      'http://[::ffff:0:7f00:1]/x',
      'http://[2002:7f00:1::]/x',
      'http://[::a00:1]/x',
      'http://[64:ff9b:1::a00:1]/x',
      'http://[100::1]/x',
      'http://[2001:db8::1]/x',
      'http://192.0.2.1/x',
      'http://198.51.100.1/x',
      'http://203.0.113.1/x',
      'http://192.88.99.1/x',
      `http://127.0.0.1:${port}/x`,
    ]) {
      const res = await a.post('/api/webhooks', { url, events: ['worksheet.created'] });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
    expect(innerHits).toEqual([]);
  });
});

describe('webhook fairness', () => {
  it("a receiver that never answers holds two slots of its own, across two workers on one database; another account's deliveries still arrive at once", async () => {
    // A second worker on the same database stands for a second instance: the slots are counted in the database.
    second = startWebhookWorker(app.server.services, { pollMs: 50 });
    const hanging: ServerResponse[] = [];
    let slowSeen = 0;
    slow = await listen((req, res) => {
      slowSeen++;
      req.resume();
      hanging.push(res); // never answered: the worker's 10 s timeout ends it
    }, '127.0.0.2');
    const fastHits: Hit[] = [];
    fast = await listen(record(fastHits), '127.0.0.2');
    const slowAccount = await app.createAccount('SLOWACC');
    const fastAccount = await app.createAccount('FASTACC');
    const s = (await app.apiKeyClient(slowAccount)).client;
    const f = (await app.apiKeyClient(fastAccount)).client;
    const slowId = await addEndpoint(s, `http://127.0.0.2:${portOf(slow)}/hook`);
    const fastId = await addEndpoint(f, `http://127.0.0.2:${portOf(fast)}/hook`);
    for (let i = 0; i < 30; i++) await sendTest(s, slowId);
    await until('the slow receiver to be called', () => slowSeen >= 1);

    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      const sent = Date.now();
      const msg = await sendTest(f, fastId);
      const hit = await until(`fast delivery ${i}`, () => fastHits.find((h) => h.id === msg), 9_000);
      latencies.push(hit.at - sent);
    }
    latencies.sort((x, y) => x - y);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;
    if (process.env.WEBHOOK_TEST_VERBOSE) console.log('fast latencies (ms):', latencies.join(', '));
    // Head-of-line blocking would cost the slow receiver's 10 s timeout; a fair queue delivers at the
    // next poll (50 ms here). 2 s leaves room for a loaded test machine.
    expect(p95, `fast latencies ${latencies.join(', ')} ms`).toBeLessThan(2_000);
    // Per-endpoint concurrency: the hanging receiver never had more than two requests at once.
    expect(slowSeen).toBeLessThanOrEqual(2);
    expect(hanging.length).toBeLessThanOrEqual(2);
  });
});
