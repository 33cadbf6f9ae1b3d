import { createServer, type Socket } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { tracing } from '@opentelemetry/sdk-node';
import { describe, expect, it } from 'vitest';
import { boundedShutdown, TELEMETRY_SHUTDOWN_MS } from './telemetry';

/** Issue 37 §6: a stop waits at most 2 s for the exporter, even when its collector is gone. */
describe('telemetry shutdown', () => {
  it('returns within the bound when the shutdown never ends', async () => {
    const started = performance.now();
    await boundedShutdown(() => new Promise(() => {}), 200);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('with a collector that accepts and never answers, the spans are given up within 2 s', async () => {
    const sockets: Socket[] = [];
    const blackHole = createServer((s) => void sockets.push(s));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as { port: number }).port;
    try {
      const exporter = new OTLPTraceExporter({ url: `http://127.0.0.1:${port}/v1/traces`, timeoutMillis: TELEMETRY_SHUTDOWN_MS - 500 });
      const provider = new tracing.BasicTracerProvider({ spanProcessors: [new tracing.BatchSpanProcessor(exporter)] });
      for (let i = 0; i < 10; i++) provider.getTracer('test').startSpan(`span ${i}`).end();
      const started = performance.now();
      await boundedShutdown(() => provider.shutdown());
      expect(performance.now() - started).toBeLessThan(TELEMETRY_SHUTDOWN_MS + 300);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => blackHole.close(resolve));
    }
  });
});
