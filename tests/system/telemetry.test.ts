import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './pg-load';
import { startServerProcess } from './run';

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
