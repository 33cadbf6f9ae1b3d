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
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // The probes of /livez, /readyz and /metrics are not traced.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(livez|readyz|healthz)\b/.test(req.url ?? '') }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown().catch(() => {}) };
}
