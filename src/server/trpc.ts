import { initTRPC, TRPCError } from '@trpc/server';
import { errorToken } from '../shared/error-codes';
import { ERR } from '../shared/errors';
import type { Actor, Context } from './context';
import { AppError, isDatabaseUnavailable, toWire, trpcErrorShape } from './errors';

const HTTP_UNAVAILABLE = errorToken('DB_UNAVAILABLE');

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a procedure or raw route. The procedure builders below set it in `meta.auth`, so that
 * the HTTP layer can refuse a caller from the headers alone, before reading a body (DESIGN §4
 * "caller first"); the middlewares still enforce it for in-process callers.
 */
export type AuthLevel = 'public' | 'authed' | 'teamleader' | 'admin';

export interface Meta {
  /** Where the REST adapter serves this procedure (spec §7). */
  rest?: {
    method: RestMethod;
    path: `/api/${string}`;
    /** success status; default 200 (201 for creates, 204 for deletes) */
    status?: 200 | 201 | 204;
    /** request body is multipart/form-data (files land in ctx.files) */
    multipart?: boolean;
    /** the procedure answers a page `{ groups, nextCursor, totals }`: REST sends `groups` as the body and the next page as a Link header (src/server/http/paging.ts) */
    paged?: boolean;
    /** the path names no record (a setting of the caller's own): it never answers 404 */
    keyless?: boolean;
    /**
     * Top-level fields of the answer that hold a secret (a create that answers a signing secret):
     * never kept in the idempotency record, so a replay answers without them (decision 0191).
     */
    secretFields?: readonly string[];
    /** a read that a rule of spec §6 may refuse a caller who can see the record (403), e.g. its history */
    mayForbid?: boolean;
    /** an optional query parameter names a record (GET /api/worksheet/week?username=): 404 when it is unknown */
    mayNotFind?: boolean;
  };
  summary?: string;
  /** Longer OpenAPI description (Markdown). */
  description?: string;
  tags?: string[];
  /** set by the procedure builders (publicProcedure leaves it unset = public) */
  auth?: AuthLevel;
}

export { isDatabaseUnavailable, zodFieldErrors } from './errors';

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    /**
     * `data` carries the catalogue's code beside tRPC's own (decision 0160): `appCode` + `params`
     * for the message, `errors` (English) and `errorCodes` (codes) per field — the wire form of
     * `toWire`, the same the problem+json writer prints (decision 0241).
     */
    errorFormatter({ error }) {
      return trpcErrorShape(toWire(error));
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
const databaseUnavailable = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error.cause ?? result.error)) {
    throw new AppError('SERVICE_UNAVAILABLE', HTTP_UNAVAILABLE, undefined, { cause: result.error });
  }
  return result;
});

export const publicProcedure = t.procedure.use(databaseUnavailable);

const requireActor = t.middleware(({ ctx, next }) => {
  if (!ctx.actor) throw new AppError('UNAUTHORIZED', ERR.unauthorized);
  return next({ ctx: { actor: ctx.actor } });
});

/** Any logged-in user of an account (or the API key). */
export const authedProcedure = publicProcedure.use(requireActor).meta({ auth: 'authed' });

const roleAtLeast = (actor: Actor, min: 'Teamleader' | 'Admin') =>
  actor.profileType === 'Admin' || (min === 'Teamleader' && actor.profileType === 'Teamleader');

export const teamleaderProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!roleAtLeast(ctx.actor, 'Teamleader')) throw new AppError('FORBIDDEN', ERR.forbidden);
  return next();
}).meta({ auth: 'teamleader' });

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!roleAtLeast(ctx.actor, 'Admin')) throw new AppError('FORBIDDEN', ERR.forbidden);
  return next();
}).meta({ auth: 'admin' });

export { TRPCError };
