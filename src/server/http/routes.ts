import type { AnyRouter } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ZodError } from 'zod';
import { coded } from '../../shared/error-codes';
import { JSON_BODY_MAX_BYTES, RESPONSE_MAX_BYTES, TRPC_MAX_BATCH } from '../../shared/limits';
import type { Actor, AppServices } from '../context';
import { AppError, refusalWire, toWire, trpcErrorShape, type ErrorMessage, type WireError } from '../errors';
import { strictSchema } from '../strict-input';
import type { AuthLevel, RestMethod } from '../trpc';
import { MULTIPART_MAX_BYTES } from './body';
import { HTTP_ERR, sendProblem } from './problem';
import type { RawRoute } from './raw-route';
import { authRefusal, BadApiKey, createContext, csrfRefused, resolveActor, setRoute } from './request-context';
import { collectRestRoutes, commaLists, decodePathSegment, handleRest, logFault, queryObject, refuseBeforeBody, sendError, templateRegex, type RestRoute } from './rest';
import type { RequestTarget } from './request-target';
import { procedureTable } from './trpc-adapter';
import { createTrpcHandler, type TrpcCalls } from './trpc-handler';

/*
 * One request pipeline for every API path (issue 20 §2, decision 0242). The route table is built
 * once from the router's `meta.rest` (REST), the tRPC procedures (`/api/trpc/…`) and the raw
 * routes (bytes: attachments, downloads): each route is `{method, pattern, auth, bodyLimit,
 * handler}`. For every request the same steps run in the same order, before a byte of the body is
 * read: the route and its limits (the batch cap), then `authorize` — the caller (session cookie
 * or API key), CSRF, the role, the declared body size — then the route's handler. A refusal is
 * answered in the route's own form: tRPC's envelope on /api/trpc, problem+json elsewhere.
 */

/** What a route's handler is given: the request, its path parameters, the caller. */
export interface Grant<P> {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  actor: Actor | null;
  /** what `prepare` made of the path (tRPC: its calls) */
  prepared: P;
}

/** A grant whose URL is parsed only if the handler reads it (request-target.ts). */
class RouteGrant<P> implements Grant<P> {
  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly target: RequestTarget,
    readonly params: Record<string, string>,
    readonly actor: Actor | null,
    readonly prepared: P,
  ) {}

  get url(): URL {
    return this.target.url();
  }
}

export interface Route<P = unknown> {
  /** the method, or 'ANY' for /api/trpc (its handler answers a wrong method per call) */
  method: RestMethod | 'ANY';
  /** the path template, as in the log and the OpenAPI document */
  pattern: string;
  /** who may call it: one level, or one per call (a tRPC batch) */
  auth: AuthLevel | ((prepared: P) => AuthLevel[]);
  /** the most bytes of body it reads: a larger declared Content-Length is refused before reading */
  bodyLimit: number;
  /** how its refusals are answered */
  form: 'problem' | 'trpc';
  /** reads what the path says before anything else; throws an AppError to refuse (the batch cap) */
  prepare?(url: URL, req: IncomingMessage): P;
  /** the log's route template when it depends on the request (tRPC: the procedures called) */
  logPattern?(prepared: P): string;
  handle(grant: Grant<P>): Promise<void>;
}

type Match = { route: Route; params: Record<string, string> } | { allow: string[]; pattern: string };

interface Entry {
  route: Route;
  regex: RegExp;
  names: string[];
}

export interface RouteTable {
  /** the REST routes (the OpenAPI document is built from them and the raw routes) */
  rest: RestRoute[];
  raw: RawRoute[];
  /** The route for a method and path, or the methods the path allows (405), or undefined (404). */
  lookup(method: string, path: string): Match | undefined;
}

export interface RouteDeps {
  router: AnyRouter;
  raw: RawRoute[];
  services: AppServices;
}

/** Refuses the request in the route's form, before its body is read. */
function refuse(route: Route, req: IncomingMessage, res: ServerResponse, status: number, message: ErrorMessage, perCall?: number): void {
  if (route.form === 'problem') return refuseBeforeBody(req, res, status, message);
  sendTrpcError(req, res, refusalWire(status, message), perCall);
}

/** An error in tRPC's envelope: one `{error}` for the request, or one per call of a batch. */
function sendTrpcError(req: IncomingMessage, res: ServerResponse, w: WireError, perCall?: number): void {
  if (res.headersSent) return void res.destroy();
  closeAfterAnswer(req, res);
  const error = { error: trpcErrorShape(w) };
  const body = JSON.stringify(perCall === undefined ? error : Array.from({ length: perCall }, () => error));
  res.writeHead(w.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...w.headers });
  res.end(body);
}

/** The body of a refused request is not read; the connection closes after the answer. */
function closeAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return;
  res.shouldKeepAlive = false;
  res.setHeader('Connection', 'close');
}

/**
 * The one check before any body is read: the caller (a wrong API key is refused even with a
 * cookie), CSRF, the role each call needs, the declared body size. Returns the actor (null =
 * anonymous) or false when the request has been answered.
 */
export async function authorize(
  services: AppServices,
  req: IncomingMessage,
  res: ServerResponse,
  route: Route,
  levels: AuthLevel[],
  perCall?: number,
): Promise<Actor | null | false> {
  let actor: Actor | null;
  try {
    actor = await resolveActor(services, req, res);
  } catch (e) {
    if (e instanceof BadApiKey) return (refuse(route, req, res, 401, coded('INVALID_API_KEY'), perCall), false);
    throw e;
  }
  if (csrfRefused(services, req, actor)) return (refuse(route, req, res, 403, coded('CSRF'), perCall), false);
  // When every call would be refused, answer now (a mixed tRPC batch goes on: each call answers for itself).
  const first = levels.length > 0 ? authRefusal(levels[0], actor) : null;
  if (first && levels.every((l) => authRefusal(l, actor) === first)) return (refuse(route, req, res, first, coded(first === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN'), perCall), false);
  if (Number(req.headers['content-length'] ?? 0) > route.bodyLimit) return (refuse(route, req, res, 413, coded('BODY_TOO_LARGE')), false);
  return actor;
}

/** Runs one request through the pipeline: prepare → authorize → handler; errors in the route's form. */
export async function runRoute(
  services: AppServices,
  route: Route,
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
  rawParams: Record<string, string>,
): Promise<void> {
  setRoute(req, route.pattern);
  try {
    const prepared = route.prepare ? route.prepare(target.url(), req) : undefined;
    if (route.logPattern) setRoute(req, route.logPattern(prepared));
    const params: Record<string, string> = {};
    for (const k in rawParams) params[k] = decodePathSegment(rawParams[k]!);
    const levels = typeof route.auth === 'string' ? [route.auth] : route.auth(prepared);
    const perCall = route.form === 'trpc' ? trpcCallCount(prepared) : undefined;
    const actor = await authorize(services, req, res, route, levels, perCall);
    if (actor === false) return;
    await route.handle(new RouteGrant(req, res, target, params, actor, prepared));
  } catch (error) {
    if (route.form === 'problem') return sendError(services, res, error);
    // An answer too large to serialise is refused, never a 500 at gigabytes (issue 8 §4).
    const w = error instanceof RangeError ? refusalWire(413, HTTP_ERR.tooLargeResult) : toWire(error);
    logFault(services, res, error, w);
    sendTrpcError(req, res, w);
  }
}

const trpcCallCount = (prepared: unknown) => {
  const calls = prepared as TrpcCalls | undefined;
  return calls?.batch ? calls.paths.length : undefined;
};

/** The metrics' route label of every tRPC batch. */
export const TRPC_BATCH_ROUTE = '/api/trpc/batch';

/** Builds the route table once: raw routes, REST routes, and /api/trpc. */
export function buildRouteTable(deps: RouteDeps): RouteTable {
  const { router, services } = deps;
  const procedures = procedureTable(router);
  const rest = collectRestRoutes(router);

  const trpcHandler = createTrpcHandler({
    router,
    onError: ({ error }) => {
      if (toWire(error).fault === 'error') services.log.error({ err: error.cause ?? error }, 'tRPC procedure failed');
    },
  });

  const trpcRoute: Route<TrpcCalls> = {
    method: 'ANY',
    pattern: '/api/trpc/*',
    bodyLimit: JSON_BODY_MAX_BYTES,
    form: 'trpc',
    prepare(url) {
      const raw = url.pathname.slice('/api/trpc/'.length);
      const batch = url.searchParams.get('batch') === '1';
      if (!batch && raw.includes(',')) throw new AppError('BAD_REQUEST', coded('BATCH_NEEDED'));
      let decoded: string;
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        throw new AppError('BAD_REQUEST', coded('MALFORMED_PROCEDURE_PATH'));
      }
      const paths = batch ? decoded.split(',') : [decoded];
      // Bounded work: a batch over the cap runs nothing at all, and asks nobody who is calling.
      if (paths.length > TRPC_MAX_BATCH) throw new AppError('BAD_REQUEST', HTTP_ERR.tooManyCalls(TRPC_MAX_BATCH));
      return { paths, batch };
    },
    // The metrics' route label comes from a set fixed at start (issue 37 §5): one procedure we
    // have is its name; any batch is `/api/trpc/batch` (a label per combination of up to 10 names
    // would let an anonymous caller grow /metrics without end); anything else `/api/trpc/*`.
    logPattern: ({ paths, batch }) => (batch ? TRPC_BATCH_ROUTE : paths.length === 1 && procedures.has(paths[0]!) ? `/api/trpc/${paths[0]!}` : '/api/trpc/*'),
    auth: ({ paths }) => paths.map((p) => procedures.get(p)?.auth ?? 'public'),
    async handle({ req, res, url, actor, prepared }) {
      // Every tRPC answer is per user: never cached (the compressing wrapper keeps this header).
      res.setHeader('Cache-Control', 'no-store');
      guardAnswerSize(res);
      // Our own thin tRPC transport (decision 0120): the wire format of httpBatchLink, procedures
      // called in-process, the same JSON body limit as REST, gzip for large answers.
      await trpcHandler(req, res, prepared, url, createContext(services, req, res, actor));
    },
  };

  const rawEntries: Entry[] = deps.raw.map((r) => ({
    ...templateRegex(r.path),
    route: {
      method: r.method,
      pattern: r.path,
      auth: r.auth,
      // A raw route reads its own body, within its own limits (the export's download list).
      bodyLimit: Number.POSITIVE_INFINITY,
      form: 'problem',
      async handle({ req, res, url, params, actor }) {
        // Strict like every procedure's input (decision 0300): an unknown query key is refused.
        const parsed = strictSchema(r.input).safeParse({ ...commaLists(queryObject(url), r.commaLists), ...params });
        if (!parsed.success) throw new ZodError(parsed.error.issues);
        await r.handle({ ctx: createContext(services, req, res, actor) as never, req, res, input: parsed.data, url });
      },
    } satisfies Route,
  }));

  const restRoute = (r: RestRoute): Route => ({
    method: r.method,
    pattern: r.path,
    auth: r.meta.auth ?? 'public',
    bodyLimit: r.meta.rest.multipart ? MULTIPART_MAX_BYTES : JSON_BODY_MAX_BYTES,
    form: 'problem',
    handle: (grant) => handleRest(services, r, grant),
  });
  // Most paths have no parameters: those are looked up directly instead of testing every pattern.
  const byStaticPath = new Map<string, Route[]>();
  const withParams: Array<Entry & { rest: RestRoute }> = [];
  for (const r of rest) {
    if (r.paramNames.length === 0) byStaticPath.set(r.path, [...(byStaticPath.get(r.path) ?? []), restRoute(r)]);
    else withParams.push({ route: restRoute(r), regex: r.pattern, names: r.paramNames, rest: r });
  }

  const paramsOf = (entry: { names: string[] }, match: RegExpExecArray) => {
    const params: Record<string, string> = {};
    entry.names.forEach((n, i) => (params[n] = match[i + 1] ?? ''));
    return params;
  };

  function lookup(rawMethod: string, path: string): Match | undefined {
    if (path.startsWith('/api/trpc/')) return { route: trpcRoute as Route, params: {} };
    const method = rawMethod === 'HEAD' ? 'GET' : rawMethod;
    for (const e of rawEntries) {
      if (e.route.method !== method) continue;
      const match = e.regex.exec(path);
      if (match) return { route: e.route, params: paramsOf(e, match) };
    }
    const exact = byStaticPath.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
    if (exact) {
      const route = exact.find((r) => r.method === method);
      return route ? { route, params: {} } : { allow: [...new Set(exact.map((r) => r.method))], pattern: exact[0]!.pattern };
    }
    let allow: string[] | undefined;
    let pattern = '';
    for (const e of withParams) {
      const match = e.regex.exec(path);
      if (!match) continue;
      if (e.route.method === method) return { route: e.route, params: paramsOf(e, match) };
      if (!allow) pattern = e.route.pattern;
      (allow ??= []).push(e.route.method);
    }
    return allow ? { allow: [...new Set(allow)], pattern } : undefined;
  }

  return { rest, raw: deps.raw, lookup };
}

/** Answers a path the table does not have (404) or a method the path does not allow (405). */
export function refuseUnrouted(req: IncomingMessage, res: ServerResponse, path: string, match: Match | undefined): void {
  const method = req.method ?? 'GET';
  if (!match) return refuseBeforeBody(req, res, 404, coded('NO_API_PATH', { method, path }));
  if ('allow' in match) {
    setRoute(req, match.pattern);
    sendProblem(res, 405, coded('METHOD_NOT_ALLOWED', { method: method.toUpperCase() }), undefined, { Allow: match.allow.join(', ') });
  }
}

/**
 * tRPC serialises the whole batch itself; an answer over RESPONSE_MAX_BYTES is replaced by a
 * 413 in tRPC's envelope instead of being sent (the lists are not paged yet).
 */
function guardAnswerSize(res: ServerResponse): void {
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const size = typeof chunk === 'string' ? chunk.length : chunk instanceof Uint8Array ? chunk.byteLength : 0;
    if (size > RESPONSE_MAX_BYTES && !res.headersSent) {
      res.end = end;
      res.removeHeader('Content-Length');
      res.removeHeader('Content-Encoding');
      const text = JSON.stringify({ error: trpcErrorShape(refusalWire(413, HTTP_ERR.tooLargeResult)) });
      res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      return end(text) as unknown as ServerResponse;
    }
    return (end as (...a: unknown[]) => ServerResponse)(chunk, ...rest);
  }) as ServerResponse['end'];
}
