import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'kysely';
import { ERR } from '../../shared/errors';
import type { AppServices } from '../context';
import { AppError } from '../errors';
import { appRouter } from '../routers/app';
import { rawRoutes } from '../routers/raw-routes';
import { createCallerFactory } from '../trpc';
import { readCookie, SESSION_COOKIE } from './cookies';
import { loadCatalogue } from './locales';
import { buildOpenApi } from './openapi';
import { docsHtml, docsScript } from './docs-page';
import { sendJson, sendProblem } from './problem';
import { BadApiKey, createRequestContext } from './request-context';
import { createRestHandler, sendError } from './rest';
import { createStaticHandler } from './static';
import { createTrpcHandler } from './trpc-handler';

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
} as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (DESIGN §4): a state-changing request must not come from another origin; one that carries
 * the session cookie must prove its origin with a same-origin Origin header.
 */
function csrfRefused(req: IncomingMessage): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  const origin = req.headers.origin;
  const hasCookie = readCookie(req, SESSION_COOKIE) !== null;
  if (!origin) return hasCookie;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = req.headers['x-forwarded-host'] ?? req.headers.host;
  return originHost !== host;
}

export interface AppOptions {
  distDir: string;
  messagesDir: string;
}

export type AppHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createApp(services: AppServices, options: AppOptions): AppHandler {
  const createCaller = createCallerFactory(appRouter);
  const rest = createRestHandler(appRouter, services, (ctx) => createCaller(ctx));
  const serveStatic = createStaticHandler(options.distDir);
  const trpc = createTrpcHandler({
    router: appRouter,
    createContext: async (req, res) => {
      try {
        return await createRequestContext(services, req, res);
      } catch (e) {
        if (e instanceof BadApiKey) throw new AppError('UNAUTHORIZED', 'Invalid API key');
        throw e;
      }
    },
    onError: ({ error }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') services.log.error({ err: error.cause ?? error }, 'tRPC procedure failed');
    },
  });
  const catalogues = new Map<string, string>();
  let openApiJson: string | undefined;

  const rawMatchers = rawRoutes.map((r) => {
    const names: string[] = [];
    const pattern = new RegExp('^' + r.path.replace(/\{(\w+)\}/g, (_m, n: string) => (names.push(n), '([^/]+)')) + '/?$');
    return { route: r, pattern, names };
  });

  return async function handler(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    try {
      if (path === '/healthz') {
        try {
          await sql`SELECT 1`.execute(services.db);
        } catch (err) {
          services.log.error({ err }, 'health check: database unreachable');
          return sendJson(res, 503, { status: 'unavailable', database: services.dbh.kind });
        }
        return sendJson(res, 200, { status: 'ok', database: services.dbh.kind });
      }
      const locale = /^\/locales\/(en|da)\.json$/.exec(path)?.[1];
      if (locale) {
        let body = catalogues.get(locale);
        if (!body) catalogues.set(locale, (body = JSON.stringify(loadCatalogue(options.messagesDir, locale))));
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
        return void res.end(body);
      }
      if (!path.startsWith('/api/') && path !== '/api') return serveStatic(req, res, url);

      if (csrfRefused(req)) return sendProblem(res, 403, ERR.csrf);
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
      if (path.startsWith('/api/trpc/')) return await trpc(req, res, path.slice('/api/trpc/'.length), url);
      for (const m of rawMatchers) {
        const match = m.pattern.exec(path);
        if (!match || m.route.method !== (req.method === 'HEAD' ? 'GET' : req.method)) continue;
        const params: Record<string, string> = {};
        m.names.forEach((n, i) => (params[n] = decodeURIComponent(match[i + 1] ?? '')));
        const ctx = await createRequestContext(services, req, res);
        await m.route.handle({ ctx, req, res, params, url });
        return;
      }
      if (await rest.handle(req, res, url)) return;
      sendProblem(res, 404, `No API path ${req.method ?? 'GET'} ${path}`);
    } catch (error) {
      sendError(services, res, error);
    }
  };
}
