import type { AnyRouter } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodType } from 'zod';
import { coded } from '../../shared/error-codes';
import type { AppServices, Context } from '../context';
import { AppError, toWire, type ErrorMessage, type WireError } from '../errors';
import type { Meta, RestMethod } from '../trpc';
import { readJsonBody, readMultipart } from './body';
import { bufferAndCompress } from './compress';
import { withIdempotency } from './idempotency';
import { restPage } from './paging';
import { HTTP_ERR, sendJson, sendProblem, sendWireProblem } from './problem';
import { createContext } from './request-context';
import type { Grant } from './routes';
import { procedureTable, type ProcedureInfo } from './trpc-adapter';

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
  /** the procedure, called in-process (trpc-adapter.ts) */
  call: ProcedureInfo['call'];
}

/** A path template → a regex (its literal parts escaped) and the names of its `{params}`. */
export function templateRegex(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => (names.push(name), '([^/]+)'));
  return { regex: new RegExp('^' + source + '/?$'), names };
}

/** Every procedure with `meta.rest`, most specific paths first. */
export function collectRestRoutes(router: AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const p of procedureTable(router).values()) {
    const rest = p.meta?.rest;
    if (!rest || p.type === 'subscription') continue;
    const { regex, names } = templateRegex(rest.path);
    routes.push({
      method: rest.method,
      path: rest.path,
      procedurePath: p.path,
      type: p.type,
      meta: p.meta as RestRoute['meta'],
      input: p.input,
      output: p.output,
      pattern: regex,
      paramNames: names,
      call: p.call,
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

/**
 * The REST form of an array in the query, `?group=job,person` (or repeated, `?group=job&group=person`),
 * as the array the procedure takes.
 */
export function commaLists(query: Record<string, string | string[]>, names: readonly string[] | undefined): Record<string, string | string[]> {
  if (!names?.length) return query;
  const out = { ...query };
  for (const name of names) {
    const value = out[name];
    if (value === undefined) continue;
    const list = (Array.isArray(value) ? value : [value])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    // `?group=` stays an empty list: the procedure says which list may not be empty.
    out[name] = list;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A REST call, once the pipeline (routes.ts) has authorised it: the body (JSON or multipart),
 * the input from the query string (reads) or the body (writes) plus the path parameters, the
 * procedure through the router's caller, the answer (a page's Link header, Idempotency-Key on creates).
 */
export async function handleRest(services: AppServices, route: RestRoute, grant: Grant<unknown>): Promise<void> {
  // `grant.url` is read only where it is needed: it parses the URL on first use (request-target.ts).
  const { req, res, params, actor } = grant;
  const method = (req.method ?? 'GET').toUpperCase();
  let body: unknown;
  let files: Context['files'] = [];
  if (method !== 'GET' && method !== 'HEAD') {
    const type = req.headers['content-type'] ?? '';
    if (route.meta.rest.multipart && type.startsWith('multipart/form-data')) {
      const mp = await readMultipart(req);
      body = mp.fields;
      files = mp.files;
    } else if (type === '' || type.startsWith('application/json')) {
      body = await readJsonBody(req, route.meta.rest.bodyMaxBytes);
    } else {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', coded('UNSUPPORTED_CONTENT_TYPE', { type: type.split(';')[0] ?? '' }));
    }
  }
  let input: unknown = undefined;
  if (route.input) {
    if (body !== undefined && !isPlainObject(body)) throw new AppError('BAD_REQUEST', coded('BODY_NOT_OBJECT'));
    // A read takes its input from the query string, a write from its body (issue 19: what the
    // document says, and no more — a query string on a write is ignored, as a proxy would).
    input = method === 'GET' || method === 'HEAD' ? { ...commaLists(queryObject(grant.url), route.meta.rest.commaLists), ...params } : { ...(body ?? {}), ...params };
  }
  const ctx = createContext(services, req, res, actor, files);
  bufferAndCompress(req, res);
  const status = route.meta.rest.status ?? 200;
  // Creates (201) and the bulk upserts honour Idempotency-Key (issue 13 point 5, issue 42 §3);
  // everything else just runs (without the wrapper's extra async layer: decision 0277).
  const run = async () => ({ status, body: await route.call({ ctx, input, batchIndex: 0 }) });
  const answer =
    status === 201 || route.meta.rest.idempotent
      ? await withIdempotency(services.db, req, res, ctx.actor, { method, path: route.path, input, files, secretFields: route.meta.rest.secretFields ?? [] }, run)
      : { status, body: await route.call({ ctx, input, batchIndex: 0 }) };
  // Paged lists keep spec §7's array body and link the next page (issue 9).
  sendJson(res, answer.status, route.meta.rest.paged ? restPage(res, grant.url, answer.body) : answer.body);
}

/** A path segment, percent-decoded; malformed encoding (`%ff`, `%zz`) is the caller's 400, not a URIError 500. */
export function decodePathSegment(segment: string): string {
  // Without a `%` there is nothing to decode (decodeURIComponent would answer the same text).
  if (!segment.includes('%')) return segment;
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

/** Logs a fault of ours (500) or of the database (503) with the request id; a refusal is not logged. */
export function logFault(services: AppServices, res: ServerResponse, error: unknown, w: WireError): void {
  if (!w.fault) return;
  const requestId = res.getHeader('x-request-id');
  if (w.fault === 'warn') services.log.warn({ requestId, err: error }, 'database unavailable');
  else services.log.error({ requestId, err: error instanceof TRPCError ? (error.cause ?? error) : error }, 'request failed');
}

/** Maps any error to problem+json (its `toWire` form); a 500 says nothing of itself. */
export function sendError(services: AppServices, res: ServerResponse, error: unknown): void {
  const w = toWire(error);
  logFault(services, res, error, w);
  sendWireProblem(res, w);
}
