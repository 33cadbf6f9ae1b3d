import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { accountForApiKey } from '../auth/api-key';
import { validateSession } from '../auth/sessions';
import type { Actor, AppServices, Context, UploadedFile } from '../context';
import type { AuthLevel } from '../trpc';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from './cookies';
import { clientIp, requestHost } from './proxy';

function apiKeyOf(req: IncomingMessage): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return null;
}

/** An API key that was sent but is wrong: the request is refused even if a cookie is present. */
export class BadApiKey extends Error {}

/** What the request log and the problem answers need to know about one request. */
export interface RequestInfo {
  id: string;
  started: number;
  /** 'api-key', 'user:<name>@<account>', or undefined (anonymous / not resolved) */
  actor?: string;
  /** The route template for the log and the metrics (`/api/worksheets/{id}`), never a raw path with ids. */
  route: string;
  /** From a well-formed incoming W3C `traceparent` (decision 0197). */
  traceId?: string;
}

/**
 * The request's bookkeeping lives on the request itself, under a symbol nobody else knows: a
 * WeakMap entry per request cost an ephemeron-table insert and GC work (decision 0277).
 */
const INFO = Symbol('webtid.requestInfo');
type WithInfo = IncomingMessage & { [INFO]?: RequestInfo };

/**
 * Request ids: 16 hex digits, a random 8-digit prefix per process then a counter (decision 0175:
 * a randomBytes call per request cost more than the rest of the id work). Unique within a process;
 * across processes/instances the random prefix keeps them apart.
 */
const idPrefix = randomBytes(4).toString('hex');
let idCounter = 0;
function nextRequestId(): string {
  idCounter = (idCounter + 1) % 0x100000000;
  return idPrefix + idCounter.toString(16).padStart(8, '0');
}

/** An incoming X-Request-Id we keep (a proxy's or the caller's): letters, digits and `._:-`, at most 128. */
const GOOD_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
/** W3C trace context (version ff is invalid, as are all-zero ids). */
const TRACEPARENT = /^[0-9a-e][0-9a-f]-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

function incomingRequestId(req: IncomingMessage): string | undefined {
  const v = req.headers['x-request-id'];
  return typeof v === 'string' && GOOD_REQUEST_ID.test(v) ? v : undefined;
}

function incomingTraceId(req: IncomingMessage): string | undefined {
  const v = req.headers.traceparent;
  const m = typeof v === 'string' ? TRACEPARENT.exec(v) : null;
  return m && !/^0+$/.test(m[1]!) && !/^0+$/.test(m[2]!) ? m[1] : undefined;
}

/**
 * Starts the bookkeeping of one request: a request id (also sent as X-Request-Id) — the caller's or
 * proxy's own when it sent a well-formed one, else a new one — and the trace id of `traceparent`.
 */
export function beginRequest(req: IncomingMessage, res: ServerResponse): RequestInfo {
  const info: RequestInfo = { id: incomingRequestId(req) ?? nextRequestId(), started: performance.now(), route: '?' };
  const traceId = req.headers.traceparent === undefined ? undefined : incomingTraceId(req);
  if (traceId) info.traceId = traceId;
  (req as WithInfo)[INFO] = info;
  res.setHeader('X-Request-Id', info.id);
  return info;
}

export function requestInfo(req: IncomingMessage): RequestInfo | undefined {
  return (req as WithInfo)[INFO];
}

/** Names the route template of this request (the REST, raw and tRPC dispatchers call it). */
export function setRoute(req: IncomingMessage, route: string): void {
  const info = (req as WithInfo)[INFO];
  if (info) info.route = route;
}

export async function resolveActor(services: AppServices, req: IncomingMessage, res: ServerResponse): Promise<Actor | null> {
  const key = apiKeyOf(req);
  if (key !== null) {
    const account = await accountForApiKey(services.db, key);
    if (!account) throw new BadApiKey();
    return {
      kind: 'apiKey',
      accountId: account.id,
      userId: null,
      username: 'API',
      profileType: 'Admin',
      teamCode: null,
      languageCode: 'ENU',
      sessionId: null,
      accountName: account.name,
      resourceUnits: account.resourceUnits,
      defaultResource: null,
      lockDefaultResource: false,
      defaultDescription: null,
    };
  }
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const session = await validateSession(services.db, token, services.dbh.pg);
  if (!session) {
    clearSessionCookie(res);
    return null;
  }
  if (session.refreshed && session.remember) setSessionCookie(req, res, services.env, token, session.expiresAt);
  const u = session.user;
  // Field by field: an object literal that spreads one object among named fields is slow to build in V8 (decision 0265).
  return {
    kind: 'session',
    accountId: u.accountId,
    userId: u.id,
    username: u.username,
    profileType: u.profileType,
    teamCode: u.teamCode,
    languageCode: u.languageCode,
    sessionId: session.sessionId,
    accountName: u.accountName,
    resourceUnits: u.resourceUnits,
    defaultResource: u.defaultResource,
    lockDefaultResource: u.lockDefaultResource,
    defaultDescription: u.defaultDescription,
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF (DESIGN §4), decided after authentication: a state-changing request from another origin is
 * refused; one authenticated by a live session cookie must prove its origin with a same-origin
 * Origin header. The API key is not a cookie, so it is not subject to this; an expired or unknown
 * cookie authenticates nothing, so such a request is simply anonymous (→ 401 where a login is needed).
 */
export function csrfRefused(services: AppServices, req: IncomingMessage, actor: Actor | null): boolean {
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false;
  if (actor?.kind === 'apiKey') return false;
  const origin = req.headers.origin;
  if (!origin) return actor?.kind === 'session';
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  return originHost !== requestHost(req, services.env);
}

/** Whether `actor` may call something that needs `level`: null = yes, else the status to answer. */
export function authRefusal(level: AuthLevel | undefined, actor: Actor | null): 401 | 403 | null {
  if (!level || level === 'public') return null;
  if (!actor) return 401;
  if (level === 'authed') return null;
  const p = actor.profileType;
  if (p === 'Admin' || (level === 'teamleader' && p === 'Teamleader')) return null;
  return 403;
}

export function createContext(services: AppServices, req: IncomingMessage, res: ServerResponse, actor: Actor | null, files: UploadedFile[] = []): Context {
  const info = (req as WithInfo)[INFO];
  if (info && actor) info.actor = actor.kind === 'apiKey' ? `api-key@${actor.accountId}` : `${actor.username}@${actor.accountId}`;
  // The services spread last: `{ ...services, actor, … }` (named fields after a spread) cost V8 (Node 20)
  // about 10 µs per request, `{ actor, …, ...services }` well under one (decision 0265). No service is named like these.
  return {
    actor,
    files,
    ip: clientIp(req, services.env),
    setSessionCookie: (token, expires) => setSessionCookie(req, res, services.env, token, expires),
    clearSessionCookie: () => clearSessionCookie(res),
    req,
    ...services,
  };
}

export async function createRequestContext(services: AppServices, req: IncomingMessage, res: ServerResponse, files: UploadedFile[] = []): Promise<Context> {
  return createContext(services, req, res, await resolveActor(services, req, res), files);
}
