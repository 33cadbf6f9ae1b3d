import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodType } from 'zod';
import { coded } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import type { Actor, AppServices, Context } from '../context';
import { AppError, toWire, type ErrorMessage } from '../errors';
import type { AuthLevel, Meta, RestMethod } from '../trpc';
import { readJsonBody, readMultipart } from './body';
import { bufferAndCompress } from './compress';
import { withIdempotency } from './idempotency';
import { restPage } from './paging';
import { HTTP_ERR, sendJson, sendProblem, sendWireProblem } from './problem';
import { authRefusal, BadApiKey, createContext, csrfRefused, resolveActor, setRoute } from './request-context';

export interface RestRoute {
  method: RestMethod;
  path: string;
  procedurePath: string;
  type: 'query' | 'mutation';
  meta: Meta & { rest: NonNullable<Meta['rest']> };
  input: ZodType | undefined;
  output: ZodType | undefined;
  pattern: RegExp;
  paramNames: string[];
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: Meta;
  inputs: unknown[];
  output?: unknown;
}

/** Every procedure with `meta.rest`, most specific paths first. */
export function collectRestRoutes(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  const procedures = router._def.procedures as Record<string, AnyProcedure>;
  for (const [procedurePath, procedure] of Object.entries(procedures)) {
    const def = procedure._def as unknown as ProcedureDef;
    const rest = def.meta?.rest;
    if (!rest || def.type === 'subscription') continue;
    const paramNames: string[] = [];
    const pattern = new RegExp(
      '^' +
        rest.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
          paramNames.push(name);
          return '([^/]+)';
        }) +
        '/?$',
    );
    routes.push({
      method: rest.method,
      path: rest.path,
      procedurePath,
      type: def.type,
      meta: def.meta as RestRoute['meta'],
      input: def.inputs[0] as ZodType | undefined,
      output: def.output as ZodType | undefined,
      pattern,
      paramNames,
    });
  }
  return routes.sort((a, b) => a.paramNames.length - b.paramNames.length || b.path.length - a.path.length);
}

export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of url.searchParams) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export interface RestHandler {
  routes: RestRoute[];
  /** Answers the request when it is a REST path; returns false for paths it does not know. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

type CallerFn = (input: unknown) => Promise<unknown>;

export function createRestHandler(router: AnyRouter, services: AppServices, createCaller: (ctx: Context) => unknown): RestHandler {
  const routes = collectRestRoutes(router);
  // Most paths have no parameters: look those up directly instead of testing every pattern.
  const byStaticPath = new Map<string, RestRoute[]>();
  for (const r of routes) if (r.paramNames.length === 0) byStaticPath.set(r.path, [...(byStaticPath.get(r.path) ?? []), r]);
  const withParams = routes.filter((r) => r.paramNames.length > 0);
  const candidatesFor = (pathname: string): RestRoute[] => {
    const exact = byStaticPath.get(pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname);
    return exact ?? withParams.filter((r) => r.pattern.test(pathname));
  };

  /**
   * Caller first (DESIGN §4): the route and the caller are known from the headers; a caller who
   * may not call the route is answered before a byte of the body is read.
   */
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = (req.method ?? 'GET').toUpperCase();
    const candidates = candidatesFor(url.pathname);
    if (candidates.length === 0) return false;
    const route = candidates.find((r) => r.method === method || (method === 'HEAD' && r.method === 'GET'));
    setRoute(req, (route ?? candidates[0]!).path);
    if (!route) {
      sendProblem(res, 405, coded('METHOD_NOT_ALLOWED', { method }), undefined, { Allow: [...new Set(candidates.map((c) => c.method))].join(', ') });
      return true;
    }
    try {
      const match = route.pattern.exec(url.pathname);
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, i) => {
        params[name] = decodePathSegment(match?.[i + 1] ?? '');
      });
      const actor = await authorize(services, req, res, route.meta.auth);
      if (actor === false) return true;
      let body: unknown;
      let files: Context['files'] = [];
      if (method !== 'GET' && method !== 'HEAD') {
        const type = req.headers['content-type'] ?? '';
        if (route.meta.rest.multipart && type.startsWith('multipart/form-data')) {
          const mp = await readMultipart(req);
          body = mp.fields;
          files = mp.files;
        } else if (type === '' || type.startsWith('application/json')) {
          body = await readJsonBody(req);
        } else {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', coded('UNSUPPORTED_CONTENT_TYPE', { type: type.split(';')[0] ?? '' }));
        }
      }
      let input: unknown = undefined;
      if (route.input) {
        if (body !== undefined && !isPlainObject(body)) throw new AppError('BAD_REQUEST', coded('BODY_NOT_OBJECT'));
        // A read takes its input from the query string, a write from its body (issue 19: what the
        // document says, and no more — a query string on a write is ignored, as a proxy would).
        input = method === 'GET' || method === 'HEAD' ? { ...queryObject(url), ...params } : { ...(body ?? {}), ...params };
      }
      const ctx = createContext(services, req, res, actor, files);
      bufferAndCompress(req, res);
      const caller = createCaller(ctx) as Record<string, unknown>;
      const fn = route.procedurePath.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as CallerFn;
      const status = route.meta.rest.status ?? 200;
      // Creates (201) honour Idempotency-Key (issue 13 point 5); everything else just runs.
      const run = async () => ({ status, body: await fn(input) });
      const answer = status === 201 ? await withIdempotency(services.db, req, res, ctx.actor, { method, path: route.path, input, files, secretFields: route.meta.rest.secretFields ?? [] }, run) : await run();
      // Paged lists keep spec §7's array body and link the next page (issue 9).
      sendJson(res, answer.status, route.meta.rest.paged ? restPage(res, url, answer.body) : answer.body);
    } catch (error) {
      sendError(services, res, error);
    }
    return true;
  }

  return { routes, handle };
}

/** A path segment, percent-decoded; malformed encoding (`%ff`, `%zz`) is the caller's 400, not a URIError 500. */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError('BAD_REQUEST', HTTP_ERR.badEncoding);
  }
}

/**
 * Answers a refusal that comes before the body: the body is never read, and the connection is
 * closed after the answer (`Connection: close`), so that a client still sending a 15 MB upload is
 * not read to its end nor buffered; Node ends the socket once the answer is out.
 */
export function refuseBeforeBody(req: IncomingMessage, res: ServerResponse, status: number, detail: ErrorMessage): void {
  const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
  if (hasBody) {
    res.shouldKeepAlive = false;
    res.setHeader('Connection', 'close');
    // a client that keeps sending after our answer is cut off rather than read
    res.on('finish', () => setTimeout(() => req.socket.destroy(), 2000).unref());
  }
  sendProblem(res, status, detail);
}

/**
 * Resolves the caller from the headers and checks it against `level` and CSRF. Returns the actor
 * (null = anonymous) or false when the request has been answered (401/403).
 */
export async function authorize(services: AppServices, req: IncomingMessage, res: ServerResponse, level: AuthLevel | undefined): Promise<Actor | null | false> {
  let actor: Actor | null;
  try {
    actor = await resolveActor(services, req, res);
  } catch (e) {
    if (e instanceof BadApiKey) {
      refuseBeforeBody(req, res, 401, coded('INVALID_API_KEY'));
      return false;
    }
    throw e;
  }
  if (csrfRefused(services, req, actor)) {
    refuseBeforeBody(req, res, 403, ERR.csrf);
    return false;
  }
  const refusal = authRefusal(level, actor);
  if (refusal) {
    refuseBeforeBody(req, res, refusal, refusal === 401 ? ERR.unauthorized : ERR.forbidden);
    return false;
  }
  return actor;
}

/** Maps any error to problem+json (its `toWire` form); faults are logged with the request id, and a 500 says nothing of itself. */
export function sendError(services: AppServices, res: ServerResponse, error: unknown): void {
  const w = toWire(error);
  if (w.fault) {
    const requestId = res.getHeader('x-request-id');
    if (w.fault === 'warn') services.log.warn({ requestId, err: error }, 'database unavailable');
    else services.log.error({ requestId, err: error instanceof TRPCError ? (error.cause ?? error) : error }, 'request failed');
  }
  sendWireProblem(res, w);
}
