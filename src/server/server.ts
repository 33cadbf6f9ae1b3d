import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { HEADERS_MAX_BYTES } from '../shared/limits';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { migrateToLatest, openDatabase, type DbHandle, type PgSsl } from '../../db/database';
import { readFileSync } from 'node:fs';
import { seedDemo, type DemoLogin } from '../../db/seed/demo';
import { hasAnyAccount } from '../../db/queries/account';
import { hashPassword } from './auth/passwords';
import { createAccount } from './services/accounts';
import { loadAppSecret } from './auth/secret';
import type { AppServices } from './context';
import type { Env } from './env';
import { createDataDir, secureDataDir } from './data-dir';
import { lockDataDir } from './data-dir-lock';
import { createApp } from './http/app';
import { proxyTrust } from './http/proxy';
import { createLogger } from './log';
import type { HostResolver } from './webhooks/egress';
import { startWebhookWorker } from './webhooks/worker';
import { enableMetrics } from './metrics';
import { appVersion, type Version } from './version';
import { projectRoot } from '../../db/project-root';

export interface RunningServer {
  url: string;
  server: Server;
  services: AppServices;
  /** set when this start created the demo account */
  demoLogins: DemoLogin[] | null;
  /** The metrics listener's URL (`…/metrics`) when METRICS_PORT is set. */
  metricsUrl: string | null;
  /** From now on /readyz answers 503 (SIGTERM arrived); the server still accepts until close(). */
  drain(): void;
  /**
   * Graceful stop: stop accepting, answer the requests in flight (with `Connection: close`), close
   * idle keep-alive connections, and after `graceMs` cut what is left (an export cut this way rolls
   * back); then close the database.
   */
  close(graceMs?: number): Promise<void>;
}

const ROOT = projectRoot(import.meta.dirname);

export async function startServer(env: Env, opts: { log?: Logger; dbh?: DbHandle; seedDemo?: boolean; resolveHost?: HostResolver } = {}): Promise<RunningServer> {
  const version = appVersion(env);
  const log = opts.log ?? createLogger(env.LOG_LEVEL, version);
  proxyTrust(env); // a TRUST_PROXY that does not parse stops the start, not every request
  // DATA_DIR is the server's alone (0700; issue 21 §4): created so before anything is written into it.
  const embedded = !opts.dbh && !env.DATABASE_URL && env.DATA_DIR !== ':memory:';
  if (embedded) createDataDir(env.DATA_DIR);
  const lock = lockDataDir(opts.dbh || env.DATABASE_URL ? null : env.DATA_DIR, 'webtid server', { waitMs: 15_000 });
  const dbh =
    opts.dbh ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onPoolError: (err) => log.warn({ err }, 'database connection lost'),
      ...postgresOptions(env),
      // LOG_LEVEL=debug: every statement with its duration (the SQL text, never its parameters).
      ...(log.isLevelEnabled('debug')
        ? { onQuery: (q: { sql: string; ms: number; error?: unknown }) => log.debug({ ms: q.ms, sql: q.sql, ...(q.error ? { err: q.error } : {}) }, 'query') }
        : {}),
    }));
  await migrateToLatest(dbh.db);
  if (embedded) {
    try {
      const changed = secureDataDir(env.DATA_DIR);
      if (changed > 0) log.info({ dataDir: env.DATA_DIR, changed }, 'DATA_DIR: made files 0600 and folders 0700');
    } catch (err) {
      log.warn({ err, dataDir: env.DATA_DIR }, 'DATA_DIR: could not restrict its permissions');
    }
  }
  let demoLogins: DemoLogin[] | null = null;
  // The embedded database gets the demo account on its first start unless WEBTID_DEMO=false.
  if ((opts.seedDemo ?? (dbh.kind === 'pglite' && env.WEBTID_DEMO !== 'false')) && !(await hasAnyAccount(dbh.db))) {
    demoLogins = await seedDemo(dbh.db, { createAccount, hashPassword });
  }
  const services: AppServices = { dbh, db: dbh.db, env, secret: loadAppSecret(env.APP_SECRET, env.DATA_DIR), log, ...(opts.resolveHost ? { resolveHost: opts.resolveHost } : {}) };
  let draining = false;
  const app = createApp(services, { distDir: resolve(ROOT, 'dist/client'), messagesDir: resolve(ROOT, 'messages'), draining: () => draining, version });
  let stopping = false;
  // The requests in flight, each with its handler's promise (a stop waits for them). A request
  // leaves when its handler is done and its head is out; one whose head is still to come (a gzip
  // in the thread pool) stays until its response closes, so that a stop can still mark it
  // `Connection: close`. One map and no listener per request (decision 0277).
  const inFlight = new Map<ServerResponse, Promise<void>>();
  const leave = (res: ServerResponse) => {
    if (res.headersSent || res.destroyed) inFlight.delete(res);
    else res.once('close', () => inFlight.delete(res));
  };
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      await app(req, res);
    } catch (err) {
      // app() answers its own errors; this is the last net under it
      log.error({ err }, 'request handler failed');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    } finally {
      leave(res);
    }
  };
  const server = createServer({ keepAliveTimeout: 5000, maxHeaderSize: HEADERS_MAX_BYTES }, (req, res) => {
    // While stopping, every answer closes its connection, so that no client reuses it.
    if (stopping) {
      res.shouldKeepAlive = false;
      res.setHeader('Connection', 'close');
    }
    // serve() leaves in its `finally`, always after it has returned (app() is async): set before any leave.
    inFlight.set(res, serve(req, res));
  });
  // A client that sends garbage gets 400 and its socket closed; never an exception.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (socket.writable && !socket.destroyed)
      socket.end(`HTTP/1.1 ${err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nConnection: close\r\n\r\n`);
    else socket.destroy();
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(env.PORT, env.HOST, () => ok());
  });
  const webhooks = startWebhookWorker(services);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shown = (h: string) => (h === '0.0.0.0' || h === '::' ? 'localhost' : h.includes(':') ? `[${h}]` : h);
  const host = shown(env.HOST);
  const metrics = env.METRICS_PORT === undefined ? null : await startMetricsListener(services, version, env.METRICS_HOST ?? env.HOST, env.METRICS_PORT);
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    server,
    services,
    demoLogins,
    metricsUrl: metrics ? `http://${shown(env.METRICS_HOST ?? env.HOST)}:${metrics.port}/metrics` : null,
    drain() {
      draining = true;
    },
    close(graceMs = 8_000) {
      closing ??= (async () => {
        draining = true;
        stopping = true;
        // The answers still to come close their connections, so that no client sends another
        // request on them (one sent to a connection we close while it is idle would be reset).
        for (const res of inFlight.keys()) {
          if (res.headersSent) continue;
          res.shouldKeepAlive = false;
          res.setHeader('Connection', 'close');
        }
        // Stop accepting, but without http's own closeIdleConnections() at this instant: a request
        // already on the wire to an idle keep-alive socket would be reset. It gets a moment to
        // arrive and is answered with `Connection: close`; then idle sockets are closed (and again
        // whenever one becomes idle).
        // The listening socket is closed from the check phase too: the poll phase just before it has
        // accepted every connection waiting in the backlog (closing from a timer on a busy loop
        // resets the ones the kernel queued meanwhile).
        await new Promise((ok) => setImmediate(ok));
        const closed = new Promise<void>((ok) => NetServer.prototype.close.call(server, () => ok()));
        await delay(Math.min(100, graceMs));
        // Idle sockets are closed from the check phase, right after a poll phase has read whatever
        // had arrived: on a busy event loop a timer fires before the socket's waiting request is
        // read, and that socket would look idle and be reset (seen under load, stop 18's CI).
        const closeIdle = () => setImmediate(() => server.closeIdleConnections());
        closeIdle();
        const sweep = setInterval(closeIdle, 50);
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        await closed;
        clearInterval(sweep);
        clearTimeout(force);
        // handlers cut by closeAllConnections (an export) finish their rollback before the pool closes
        await Promise.race([Promise.allSettled([...inFlight.values()]), delay(1500)]);
        // A transaction still running (a long export draining its COPY) is not waited for: when the
        // process ends, PostgreSQL rolls it back, which is what an export cut by shutdown must do.
        // (PGlite is always waited for: its files must be closed properly.)
        await webhooks.stop();
        await metrics?.close();
        await (dbh.kind === 'postgres' ? Promise.race([dbh.close(), delay(1000)]) : dbh.close());
        lock.release();
      })();
      return closing;
    },
  };
}

/** PostgreSQL pool settings from the environment (decision 0196). */
function postgresOptions(env: Env): { poolSize: number; statementTimeoutMs: number; password?: string; ssl?: PgSsl } {
  const out: { poolSize: number; statementTimeoutMs: number; password?: string; ssl?: PgSsl } = { poolSize: env.PGPOOL_MAX, statementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS };
  if (env.PGPASSWORD) out.password = env.PGPASSWORD;
  if (env.PGSSLMODE === 'disable') out.ssl = false;
  else if (env.PGSSLMODE === 'require') out.ssl = { rejectUnauthorized: false };
  else if (env.PGSSLMODE === 'verify-full') out.ssl = { rejectUnauthorized: true, ...(env.PGSSLROOTCERT ? { ca: readFileSync(env.PGSSLROOTCERT, 'utf8') } : {}) };
  return out;
}

/** The metrics on a listener of their own (decision 0195): never reachable through the public port. */
async function startMetricsListener(services: AppServices, version: Version, host: string, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const endpoint = await enableMetrics(services, version);
  const server = createServer((req, res) => {
    endpoint.handle(req, res).catch((err: unknown) => {
      services.log.error({ err }, 'metrics: scrape failed');
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((ok) => {
        endpoint.stop();
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
