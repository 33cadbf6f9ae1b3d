import { loadDotEnv } from './dotenv';
import { EnvError, parseEnv } from './env';
import { startServer } from './server';

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
  const app = await startServer(env);
  const log = app.services.log;
  log.info({ url: app.url, database: app.services.dbh.kind, ms: Date.now() - started }, 'NS-Webtid is running');
  // One write, so that whoever reads the output sees the URL and the logins together.
  const lines = [``, `  NS-Webtid is running at ${app.url}`, ``];
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
    log.info({ signal }, 'shutting down');
    app.close(10_000).then(
      () => process.exit(0),
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
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
