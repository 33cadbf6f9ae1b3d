import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { migrateToLatest, openDatabase, type DbHandle } from '../../db/database';
import { seedDemo, type DemoLogin } from '../../db/seed/demo';
import { loadAppSecret } from './auth/secret';
import type { AppServices } from './context';
import type { Env } from './env';
import { createApp } from './http/app';
import { createLogger } from './log';
import { startWebhookWorker } from './webhooks/worker';

export interface RunningServer {
  url: string;
  server: Server;
  services: AppServices;
  /** set when this start created the demo account */
  demoLogins: DemoLogin[] | null;
  /** stop accepting, let requests finish (bounded), close the database */
  close(graceMs?: number): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

export async function startServer(env: Env, opts: { log?: Logger; dbh?: DbHandle; seedDemo?: boolean } = {}): Promise<RunningServer> {
  const log = opts.log ?? createLogger(env.LOG_LEVEL);
  const dbh = opts.dbh ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
  await migrateToLatest(dbh.db);
  let demoLogins: DemoLogin[] | null = null;
  if ((opts.seedDemo ?? dbh.kind === 'pglite') && !(await dbh.db.selectFrom('account').select('id').limit(1).executeTakeFirst())) {
    demoLogins = await seedDemo(dbh.db);
  }
  const services: AppServices = { dbh, db: dbh.db, env, secret: loadAppSecret(env.APP_SECRET, env.DATA_DIR), log };
  const app = createApp(services, { distDir: resolve(ROOT, 'dist'), messagesDir: resolve(ROOT, 'messages') });
  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => void app(req, res));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(env.PORT, env.HOST, () => ok());
  });
  const webhooks = startWebhookWorker(services);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    server,
    services,
    demoLogins,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const closed = new Promise<void>((ok) => server.close(() => ok()));
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), graceMs);
        await closed;
        clearTimeout(timer);
        await webhooks.stop();
        await dbh.close();
      })();
      return closing;
    },
  };
}
