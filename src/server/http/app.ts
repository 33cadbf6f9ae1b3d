import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { coded, type ErrorCode } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { RESPONSE_MAX_BYTES, TRPC_MAX_BATCH, URL_MAX_BYTES } from '../../shared/limits';
import type { Actor, AppServices } from '../context';
import { appRouter } from '../routers/app';
import { rawRoutes } from '../routers/raw-routes';
import { createCallerFactory, type AuthLevel, type Meta } from '../trpc';
import { loadCatalogue } from './locales';
import { buildOpenApi } from './openapi';
import { docsHtml, docsScript } from './docs-page';
import { HTTP_ERR, sendJson, sendProblem } from './problem';
import { AppError, refusalWire, toWire, trpcErrorShape } from '../errors';
import { clientIp, isHttps } from './proxy';
import { authRefusal, BadApiKey, beginRequest, createContext, csrfRefused, requestInfo, resolveActor, setRoute } from './request-context';
import { countRequest } from '../metrics';
import { authorize, createRestHandler, decodePathSegment, queryObject, refuseBeforeBody, sendError } from './rest';
import { createStaticHandler } from './static';
import { createTrpcHandler } from './trpc-handler';
import { ZodError } from 'zod';

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
} as const;

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

/** procedure path → auth level, read once from the router (the builders put it in meta). */
function procedureAuthLevels(): Map<string, AuthLevel> {
  const out = new Map<string, AuthLevel>();
  for (const [path, proc] of Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { meta?: Meta } }>)) out.set(path, proc._def.meta?.auth ?? 'public');
  return out;
}

/** A refusal in tRPC's own envelope (what @trpc/client reads), one per call of a batch. */
function sendTrpcError(res: ServerResponse, calls: string[], batch: boolean, status: 401 | 403, code: ErrorCode): void {
  const one = { error: trpcErrorShape(refusalWire(status, coded(code as 'UNAUTHORIZED'))) };
  const body = JSON.stringify(batch ? calls.map(() => one) : one);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

export function createApp(services: AppServices, options: AppOptions): AppHandler {
  const createCaller = createCallerFactory(appRouter);
  const rest = createRestHandler(appRouter, services, (ctx) => createCaller(ctx));
  const serveStatic = createStaticHandler(options.distDir);
  const catalogues = new Map<string, string>();
  const authLevels = procedureAuthLevels();
  // The caller is resolved (and checked) before the body is read; the handler gets it from here.
  const actors = new WeakMap<IncomingMessage, Actor | null>();
  const trpcHandler = createTrpcHandler({
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH,
    createContext: (req, res) => Promise.resolve(createContext(services, req, res, actors.get(req) ?? null)),
    onError: ({ error }) => {
      if (toWire(error).fault === 'error') services.log.error({ err: error.cause ?? error }, 'tRPC procedure failed');
    },
  });
  let openApiJson: string | undefined;

  const rawMatchers = rawRoutes.map((r) => {
    const names: string[] = [];
    const pattern = new RegExp('^' + r.path.replace(/\{(\w+)\}/g, (_m, n: string) => (names.push(n), '([^/]+)')) + '/?$');
    return { route: r, pattern, names };
  });

  /**
   * One line per request at info (decision 0198): request id (`requestId`, the one name everywhere),
   * method, route template (never a raw path with ids, never the query string: it may hold
   * secrets), status, duration, client address (after the TRUST_PROXY rule), user agent, actor,
   * trace id. A request whose client went away before the answer was complete is logged as
   * "request aborted" with `aborted: true` and the status only if one was sent. At debug level
   * also the body size and the database pool. The same observation feeds /metrics.
   */
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
      userAgent: req.headers['user-agent'] ?? null,
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
      await Promise.race([
        sql`SELECT 1`.execute(services.db),
        new Promise((_ok, fail) => (timer = setTimeout(() => fail(new Error('health check timed out')), HEALTH_TIMEOUT_MS))),
      ]);
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

  async function trpc(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<void> {
    const batch = url.searchParams.get('batch') === '1';
    const calls = path.slice('/api/trpc/'.length).split(',');
    // The procedure names are the template (a name we do not have would be a label per guess).
    setRoute(req, calls.every((c) => authLevels.has(c)) && calls.length <= TRPC_MAX_BATCH ? `/api/trpc/${calls.join(',')}` : '/api/trpc/*');
    if (!batch && calls.length > 1) throw new AppError('BAD_REQUEST', coded('BATCH_NEEDED'));
    // Bounded work: a batch over the cap runs nothing at all.
    if (calls.length > TRPC_MAX_BATCH) {
      // In tRPC's own shape (one request-level error, which httpBatchLink hands to every call).
      refuseBody(req, res);
      res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(JSON.stringify({ error: trpcErrorShape(refusalWire(400, HTTP_ERR.tooManyCalls(TRPC_MAX_BATCH))) }));
    }
    let actor: Actor | null;
    try {
      actor = await resolveActor(services, req, res);
    } catch (e) {
      if (e instanceof BadApiKey) return void (refuseBody(req, res), sendTrpcError(res, calls, batch, 401, 'INVALID_API_KEY'));
      throw e;
    }
    if (csrfRefused(services, req, actor)) return refuseBeforeBody(req, res, 403, ERR.csrf);
    // Caller first: when every call of the request would be refused, answer now, body unread.
    // (A mixed batch, e.g. login + info, goes on: its JSON body is bounded by maxBodySize.)
    const refusals = calls.map((c) => authRefusal(authLevels.get(c), actor));
    const first = refusals[0];
    if (first && refusals.every((r) => r === first)) {
      refuseBody(req, res);
      return sendTrpcError(res, calls, batch, first, first === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
    }
    // Every tRPC answer is per user: never cached (the compressing wrapper keeps this header).
    res.setHeader('Cache-Control', 'no-store');
    guardAnswerSize(res);
    actors.set(req, actor);
    try {
      // Our own thin tRPC transport (decision 0120): the wire format of httpBatchLink, procedures
      // called in-process, the same JSON body limit as REST, gzip for large answers.
      await trpcHandler(req, res, calls.join(','), url);
    } catch (error) {
      // An answer too large to serialise is refused, never a 500 at gigabytes (issue 8 §4).
      if (error instanceof RangeError && !res.headersSent) return sendProblem(res, 413, HTTP_ERR.tooLargeResult);
      throw error;
    }
  }

  async function raw(req: IncomingMessage, res: ServerResponse, url: URL, path: string): Promise<boolean> {
    for (const m of rawMatchers) {
      const match = m.pattern.exec(path);
      if (!match || m.route.method !== (req.method === 'HEAD' ? 'GET' : req.method)) continue;
      setRoute(req, m.route.path);
      const params: Record<string, string> = {};
      m.names.forEach((n, i) => (params[n] = decodePathSegment(match[i + 1] ?? '')));
      const actor = await authorize(services, req, res, m.route.auth);
      if (actor === false) return true;
      const parsed = m.route.input.safeParse({ ...queryObject(url), ...params });
      if (!parsed.success) throw new ZodError(parsed.error.issues);
      await m.route.handle({ ctx: createContext(services, req, res, actor) as never, req, res, input: parsed.data, url });
      return true;
    }
    return false;
  }

  return async function handler(req: IncomingMessage, res: ServerResponse) {
    beginRequest(req, res);
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    res.once('close', () => logRequest(req, res));
    try {
      if (isHttps(req, services.env)) res.setHeader('Strict-Transport-Security', HSTS);
      if ((req.url ?? '').length > URL_MAX_BYTES) throw new AppError('URI_TOO_LONG', coded('URL_TOO_LONG', { max: URL_MAX_BYTES }));
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname;
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
        return await serveStatic(req, res, url);
      }
      setRoute(req, '/api/*'); // an API path nobody knows; the dispatchers below name the known ones

      if (path === '/api/openapi.json' || path === '/api/docs' || path === '/api/docs/' || path === '/api/docs.js') setRoute(req, path);
      if (path === '/api/openapi.json') {
        openApiJson ??= JSON.stringify(buildOpenApi(rest.routes, rawRoutes));
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
      if (path.startsWith('/api/trpc/')) return await trpc(req, res, url, path);
      if (await raw(req, res, url, path)) return;
      if (await rest.handle(req, res, url)) return;
      refuseBeforeBody(req, res, 404, coded('NO_API_PATH', { method: req.method ?? 'GET', path }));
    } catch (error) {
      sendError(services, res, error);
    }
  };
}

/** The body of a refused tRPC request is not read; the connection closes after the answer. */
function refuseBody(req: IncomingMessage, res: ServerResponse): void {
  const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  res.shouldKeepAlive = false;
  res.setHeader('Connection', 'close');
}

/**
 * tRPC serialises the whole batch itself; an answer over RESPONSE_MAX_BYTES is replaced by a
 * 413 problem instead of being sent (the lists are not paged yet).
 */
function guardAnswerSize(res: ServerResponse): void {
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const size = typeof chunk === 'string' ? chunk.length : chunk instanceof Uint8Array ? chunk.byteLength : 0;
    if (size > RESPONSE_MAX_BYTES && !res.headersSent) {
      res.end = end;
      res.removeHeader('Content-Length');
      return sendProblem(res, 413, HTTP_ERR.tooLargeResult) as unknown as ServerResponse;
    }
    return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as ServerResponse['end'];
}
