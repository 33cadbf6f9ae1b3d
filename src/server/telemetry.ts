/**
 * OpenTelemetry (issue 21 §5, decision 0197). Loaded by main.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, before the server's modules: traces of incoming HTTP
 * requests (joining the caller's `traceparent`) and of PostgreSQL statements, exported over
 * OTLP/HTTP. The SDK reads the standard OTEL_* variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS,
 * OTEL_TRACES_SAMPLER, …). Without the variable none of this is imported.
 */
import { register } from 'node:module';

export interface Telemetry {
  shutdown(): Promise<void>;
}

/** The longest a stop waits for the last spans to leave (issue 37 §6: 8.6 s with the collector gone). */
export const TELEMETRY_SHUTDOWN_MS = 2000;

/**
 * Shuts the exporter down, but waits at most `ms`: with the collector gone an export hangs until
 * its own timeout (10 s by default), and a stop must not wait for spans nobody will receive.
 */
export function boundedShutdown(shutdown: () => Promise<unknown>, ms = TELEMETRY_SHUTDOWN_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  const done = shutdown().then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([done, limit]).finally(() => clearTimeout(timer));
}

export async function startTelemetry(): Promise<Telemetry> {
  // ESM: the pg package is imported (not required) by the server, so the instrumentation needs
  // the import hook to see it; `http` is patched through its prototype.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  process.env.OTEL_SERVICE_NAME ??= 'webtid';
  const sdk = new NodeSDK({
    // An export gives up well within the stop's bound (the default is 10 s).
    traceExporter: new OTLPTraceExporter({ timeoutMillis: TELEMETRY_SHUTDOWN_MS - 500 }),
    instrumentations: [
      // The probes of /livez, /readyz and /metrics are not traced.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(livez|readyz|healthz)\b/.test(req.url ?? '') }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => boundedShutdown(() => sdk.shutdown()) };
}
