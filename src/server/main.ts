import { loadDotEnv } from './dotenv';
import { EnvError, parseEnv, redactSecrets } from './env';

async function main(): Promise<void> {
  loadDotEnv();
  let env;
  try {
    env = parseEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const started = Date.now();
  // OpenTelemetry only when an OTLP endpoint is configured (decision 0197): loaded before the
  // server's modules so that its http and pg instrumentation see them; otherwise never loaded.
  const telemetry = env.OTEL_EXPORTER_OTLP_ENDPOINT ? await (await import('./telemetry')).startTelemetry() : null;
  const { startServer } = await import('./server');
  const app = await startServer(env);
  const log = app.services.log;
  // Last resort only: the causes are handled where they arise (stream 'error' listeners, the pool's
  // 'error', every request's try/catch). Should one slip through, it is logged, and one request's
  // fault still does not end the process for everybody else.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (err) => log.fatal({ err }, 'uncaught exception'));
  const { appVersion } = await import('./version');
  const { version, commit } = appVersion(env);
  log.info(
    {
      url: app.url,
      metrics: app.metricsUrl ?? undefined,
      tracing: telemetry ? env.OTEL_EXPORTER_OTLP_ENDPOINT : undefined,
      database: app.services.dbh.kind,
      ms: Date.now() - started,
    },
    'NS-Webtid is running',
  );
  // One write, so that whoever reads the output sees the URL and the logins together.
  const lines = [``, `  NS-Webtid ${version} (${commit}) is running at ${app.url}`];
  if (app.metricsUrl) lines.push(`  Metrics at ${app.metricsUrl}`);
  lines.push(``);
  if (app.demoLogins) {
    lines.push('  A demo account "Demo Byg A/S" was created. Log in with:');
    for (const l of app.demoLogins) lines.push(`    ${l.role.padEnd(11)} ${l.username.padEnd(11)} password: ${l.password}`);
    lines.push('  (These passwords are shown only now.)', '');
  }
  process.stdout.write(lines.join('\n') + '\n');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // /readyz answers 503 from this instant; with SHUTDOWN_DELAY_MS the server keeps accepting
    // that long, so that a load balancer polling /readyz moves the traffic first (decision 0195).
    app.drain();
    const delayMs = env.SHUTDOWN_DELAY_MS;
    log.info({ signal, delayMs }, 'shutting down');
    const t0 = Date.now();
    // README: the process is gone within 10 s (plus the delay). Requests in flight get 8 s; a backstop ends it anyway.
    setTimeout(() => {
      log.error(`shutdown did not finish in ${(delayMs + 9_500) / 1000} s`);
      process.exit(1);
    }, delayMs + 9_500).unref();
    new Promise((ok) => setTimeout(ok, delayMs))
      .then(() => app.close(8_000))
      .then(() => telemetry?.shutdown())
      .then(
        () => {
          log.info({ ms: Date.now() - t0 }, 'stopped');
          process.exit(0);
        },
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  // A start that fails (say, PostgreSQL refusing the connection) may quote the URL: never its password.
  console.error(redactSecrets(err instanceof Error ? err.message : String(err)));
  process.exit(1);
});
