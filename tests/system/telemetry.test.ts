import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './pg-load';
import { ROOT, startServerProcess } from './run';

/**
 * Issue 21 §5 (decision 0197): with OTEL_EXPORTER_OTLP_ENDPOINT set, the server exports traces
 * over OTLP/HTTP to a collector (a node:http stand-in here): the incoming request's span joins the
 * caller's `traceparent`, and the PostgreSQL statements are spans of it.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let collector: Server;
let collectorUrl = '';
const bodies: string[] = [];

beforeAll(async () => {
  db = await freshDatabase('otel');
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ok) => collector.listen(0, '127.0.0.1', () => ok()));
  collectorUrl = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  collector?.close();
  await db?.drop();
});

const traceOf = (id: string) => bodies.filter((b) => b.includes(id)).join('\n');

describe('OpenTelemetry', () => {
  it('exports the request span in the caller’s trace, with the PostgreSQL statements', async () => {
    const server = await startServerProcess({
      DATABASE_URL: db.url,
      APP_SECRET: 'otel-secret-otel-secret-otel-secret-1234',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'webtid-otel-')),
      PORT: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'info',
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: JSON.stringify({ username: 'sysadmin', password: 'System-pass-1' }),
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const all = bodies.join('\n');
    expect(bodies.some((b) => b.startsWith('POST /v1/traces '))).toBe(true);
    expect(all).toContain(traceId);
    expect(all).toMatch(/postgresql|pg\.query/);
    expect(all).toContain('webtid');
  }, 150_000);
});

describe('OpenTelemetry in the built server (dist/, as production runs it)', () => {
  it('hooks node:http before the server loads: the request span is exported', async () => {
    // main.js imports the server chunk only after the SDK started (scripts/build.js splits).
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        DATABASE_URL: db.url,
        APP_SECRET: 'otel-secret-otel-secret-otel-secret-1234',
        OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        LOG_LEVEL: 'warn',
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((ok) => child.on('close', (code) => ok(code)));
    for (let i = 0; i < 600 && !/running at http:\/\/\S+\n/.test(out); i++) await new Promise((r) => setTimeout(r, 100));
    const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
    expect(url, out).toBeDefined();
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    expect((await fetch(`${url}/api/user/info`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } })).status).toBe(401);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(traceOf(traceId)).toContain('/api/user/info');
  }, 150_000);
});
