import type { IncomingMessage, ServerResponse } from 'node:http';
import { pingDatabase } from '../../../db/queries/health';
import { coded } from '../../shared/error-codes';
import { URL_MAX_BYTES } from '../../shared/limits';
import type { AppServices } from '../context';
import { AppError } from '../errors';
import { appRouter } from '../routers/app';
import { rawRoutes } from '../routers/raw-routes';
import { loadCatalogue } from './locales';
import { buildOpenApi } from './openapi';
import { docsHtml, docsScript } from './docs-page';
import { sendJson } from './problem';
import { clientIp, isHttps } from './proxy';
import { beginRequest, requestInfo, setRoute } from './request-context';
import { RequestTarget } from './request-target';
import { countingRequests, countRequest } from '../metrics';
import { decodePathSegment, sendError } from './rest';
import { buildRouteTable, refuseUnrouted, runRoute } from './routes';
import { createStaticHandler } from './static';

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
} as const;

/** The same pairs, listed once rather than on every request. */
const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/** One year; sent only on answers that came over https (directly or via a trusted proxy). */
const HSTS = 'max-age=31536000';
const HEALTH_TIMEOUT_MS = 2000;

export interface AppOptions {
  distDir: string;
  messagesDir: string;
  /** True from the moment a stop was asked for (SIGTERM): /readyz answers 503 from then on. */
  draining?: () => boolean;
  /** package version and git commit, in /healthz */
  version?: { version: string; commit: string };
}

export type AppHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createApp(services: AppServices, options: AppOptions): AppHandler {
  // The route table, built once (decision 0242): REST from meta.rest, /api/trpc, the raw routes.
  const table = buildRouteTable({ router: appRouter, raw: rawRoutes, services });
  const serveStatic = createStaticHandler(options.distDir);
  const catalogues = new Map<string, string>();
  let openApiJson: string | undefined;

  /**
   * One line per request at info (decision 0198): request id (`requestId`, the one name everywhere),
   * method, route template (never a raw path with ids, never the query string: it may hold
   * secrets), status, duration, client address (after the TRUST_PROXY rule), user agent, actor,
   * trace id. A request whose client went away before the answer was complete is logged as
   * "request aborted" with `aborted: true` and the status only if one was sent. At debug level
   * also the body size and the database pool. The same observation feeds /metrics.
   */
  const USER_AGENT_LOG_CHARS = 256;
  function logRequest(req: IncomingMessage, res: ServerResponse): void {
    const info = requestInfo(req);
    if (!info) return;
    const aborted = !res.writableFinished;
    const seconds = (performance.now() - info.started) / 1000;
    countRequest(req.method ?? 'GET', info.route, aborted ? 'aborted' : String(res.statusCode), seconds);
    if (!services.log.isLevelEnabled('info')) return;
    const line: Record<string, unknown> = {
      requestId: info.id,
      method: req.method,
      route: info.route,
      status: aborted && !res.headersSent ? null : res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
      ip: clientIp(req, services.env),
      // A client chooses its user agent: bounded, so that one request cannot write 15 KB into the log (issue 37 §6).
      userAgent: req.headers['user-agent']?.slice(0, USER_AGENT_LOG_CHARS) ?? null,
      actor: info.actor ?? null,
    };
    if (info.traceId) line.traceId = info.traceId;
    if (aborted) line.aborted = true;
    if (services.log.isLevelEnabled('debug')) {
      line.bytesIn = Number(req.headers['content-length'] ?? 0) || 0;
      const pool = services.dbh.pg?.pool;
      if (pool) line.pool = { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    }
    services.log.info(line, aborted ? 'request aborted' : 'request');
  }

  const version = options.version ?? { version: 'unknown', commit: 'unknown' };

  /** Whether the database answers `SELECT 1` within HEALTH_TIMEOUT_MS. */
  async function databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([pingDatabase(services.db), new Promise((_ok, fail) => (timer = setTimeout(() => fail(new Error('health check timed out')), HEALTH_TIMEOUT_MS)))]);
      return true;
    } catch (err) {
      services.log.warn({ err }, 'health check: database unreachable');
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * /readyz (decision 0195): 200 when this instance should get traffic — the database answers and
   * no stop was asked for; 503 from the moment SIGTERM arrives (a load balancer takes it out
   * before it stops accepting), or while the database is unreachable.
   */
  async function ready(res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    if (options.draining?.()) return sendJson(res, 503, { status: 'draining', database: services.dbh.kind });
    if (!(await databaseAnswers())) return sendJson(res, 503, { status: 'unavailable', database: services.dbh.kind });
    if (options.draining?.()) return sendJson(res, 503, { status: 'draining', database: services.dbh.kind });
    sendJson(res, 200, { status: 'ready', database: services.dbh.kind });
  }

  /** /healthz as before (200 when the database answers), plus the version. */
  async function health(res: ServerResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    if (!(await databaseAnswers())) return sendJson(res, 503, { status: 'unavailable', database: services.dbh.kind, ...version });
    sendJson(res, 200, { status: 'ok', database: services.dbh.kind, ...version });
  }

  return async function handler(req: IncomingMessage, res: ServerResponse) {
    beginRequest(req, res);
    for (const [k, v] of SECURITY_HEADER_ENTRIES) res.setHeader(k, v);
    // The request's end is observed only when someone reads it (the info log, /metrics): a quiet log costs nothing per request.
    if (countingRequests() || services.log.isLevelEnabled('info')) res.once('close', () => logRequest(req, res));
    try {
      if (isHttps(req, services.env)) res.setHeader('Strict-Transport-Security', HSTS);
      if ((req.url ?? '').length > URL_MAX_BYTES) throw new AppError('URI_TOO_LONG', coded('URL_TOO_LONG', { max: URL_MAX_BYTES }));
      const target = new RequestTarget(req.url ?? '/');
      const path = target.path;
      decodePathSegment(path); // %ff, %zz: 400 here rather than a URIError somewhere below
      if (path === '/livez' || path === '/readyz' || path === '/healthz') {
        setRoute(req, path);
        // /livez: the process is up and its event loop turns; nothing else is asked.
        if (path === '/livez') return sendJson(res, 200, { status: 'ok' });
        return await (path === '/readyz' ? ready(res) : health(res));
      }
      const locale = /^\/locales\/(en|da)\.json$/.exec(path)?.[1];
      if (locale) {
        setRoute(req, '/locales/{locale}.json');
        let body = catalogues.get(locale);
        if (!body) catalogues.set(locale, (body = JSON.stringify(loadCatalogue(options.messagesDir, locale))));
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        return void res.end(body);
      }
      if (!path.startsWith('/api/') && path !== '/api') {
        setRoute(req, path.startsWith('/assets/') ? '/assets/*' : '/*');
        return await serveStatic(req, res, target.url());
      }
      setRoute(req, '/api/*'); // an API path nobody knows; the dispatchers below name the known ones

      if (path === '/api/openapi.json' || path === '/api/docs' || path === '/api/docs/' || path === '/api/docs.js') setRoute(req, path);
      if (path === '/api/openapi.json') {
        openApiJson ??= JSON.stringify(buildOpenApi(table.rest, table.raw));
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        return void res.end(openApiJson);
      }
      if (path === '/api/docs' || path === '/api/docs/') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return void res.end(docsHtml);
      }
      if (path === '/api/docs.js') {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        return void res.end(docsScript);
      }
      // One pipeline for REST, raw and tRPC routes: the route, authorize() before the body, the handler.
      const match = table.lookup(req.method ?? 'GET', path);
      if (match && 'route' in match) return await runRoute(services, match.route, req, res, target, match.params);
      refuseUnrouted(req, res, path, match);
    } catch (error) {
      sendError(services, res, error);
    }
  };
}
