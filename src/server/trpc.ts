import { initTRPC, TRPCError, type AnyRouter } from '@trpc/server';
import { errorToken } from '../shared/error-codes';
import { ERR } from '../shared/errors';
import type { Actor, Context } from './context';
import { AppError, isDatabaseUnavailable, toWire, trpcErrorShape } from './errors';
import { rewriteProcedures } from './http/trpc-adapter';

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
    /** the file part a multipart procedure takes, for the document (default: up to 10 photos in `attachments`) */
    fileField?: { name: string; description: string; contentType: string };
    /** the procedure answers a page `{ groups, nextCursor, totals }`: REST sends `groups` as the body and the next page as a Link header (src/server/http/paging.ts) */
    paged?: boolean;
    /** the path names no record (a setting of the caller's own): it never answers 404 */
    keyless?: boolean;
    /**
     * Top-level fields of the answer that hold a secret (a create that answers a signing secret):
     * never kept in the idempotency record, so a replay answers without them (decision 0191).
     */
    secretFields?: readonly string[];
    /** a write that is not a create (201) but honours Idempotency-Key all the same (the bulk upserts, issue 42 §3) */
    idempotent?: boolean;
    /** a JSON body larger than the default 1 MB this route takes (the bulk upserts' 5 000 records) */
    bodyMaxBytes?: number;
    /** a read that a rule of spec §6 may refuse a caller who can see the record (403), e.g. its history */
    mayForbid?: boolean;
    /** an optional query parameter names a record (GET /api/worksheet/week?username=): 404 when it is unknown */
    mayNotFind?: boolean;
    /**
     * Query fields that are arrays in the procedure's input and comma-separated on the REST path
     * (`?group=job,person`: OpenAPI's `style: form, explode: false`), split at the REST edge.
     */
    commaLists?: readonly string[];
    /**
     * Only the signed-in person's session cookie: the API key is no login here (it has no second
     * factor of its own) and answers 401. The document lists the session alone as its security.
     */
    sessionOnly?: boolean;
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

const roleAtLeast = (actor: Actor, min: 'Teamleader' | 'Admin') => actor.profileType === 'Admin' || (min === 'Teamleader' && actor.profileType === 'Teamleader');

export const teamleaderProcedure = authedProcedure
  .use(({ ctx, next }) => {
    if (!roleAtLeast(ctx.actor, 'Teamleader')) throw new AppError('FORBIDDEN', ERR.forbidden);
    return next();
  })
  .meta({ auth: 'teamleader' });

export const adminProcedure = authedProcedure
  .use(({ ctx, next }) => {
    if (!roleAtLeast(ctx.actor, 'Admin')) throw new AppError('FORBIDDEN', ERR.forbidden);
    return next();
  })
  .meta({ auth: 'admin' });

export { TRPCError };

/**
 * Output validation (issue 25 §3, decision 0235). tRPC's `.output(schema)` parses every answer
 * with zod (19 % of the worksheet list's CPU: 200 records per page). The schemas stay on the
 * procedures — the OpenAPI document and the REST adapter read them — but what runs differs:
 * - `off` (NODE_ENV=production, or the built server without NODE_ENV): no parse; the answer is
 *   what the service built. Services build their answers field by field (toRecord & co.), and
 *   `strict` below proves in tests that no answer carries a field its schema would strip.
 * - `strict` (NODE_ENV=test or development, or the TypeScript sources through tsx): the schema parses the answer as before, and a field the parse
 *   dropped (an unknown key) is an error, so that `off` can never send what `strict` would not.
 * WEBTID_OUTPUT_CHECK=off|strict|strip overrides (strip = tRPC's own behaviour).
 */
export type OutputCheck = 'off' | 'strict' | 'strip';

export function outputCheckMode(env: NodeJS.ProcessEnv = process.env, fromSources = import.meta.url.endsWith('.ts')): OutputCheck {
  const forced = env.WEBTID_OUTPUT_CHECK;
  if (forced === 'off' || forced === 'strict' || forced === 'strip') return forced;
  if (env.NODE_ENV === 'production') return 'off';
  if (env.NODE_ENV === 'test' || env.NODE_ENV === 'development') return 'strict';
  // Neither said: the sources (tsx: `npm run dev`, the e2e server) check, the build does not.
  return fromSources ? 'strict' : 'off';
}

/**
 * Where the answer as built (`raw`) and the answer as the schema parses it differ on the wire
 * (both as JSON): a key the schema does not declare (stripped), a key the schema adds (a default),
 * a value it changes (a transform). Any of these would make `off` send something else than
 * `strict`; at most five paths.
 */
export function outputDifferences(raw: unknown, parsed: unknown): string[] {
  const out: string[] = [];
  const json = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (out.length >= 5) return;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
      if (a !== b) out.push(`${path || '.'} (changed)`);
      return;
    }
    if (Array.isArray(a) !== Array.isArray(b)) return void out.push(`${path || '.'} (changed)`);
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) return void out.push(`${path || '.'} (length changed)`);
      a.forEach((x, i) => walk(x, b[i], `${path}[${i}]`));
      return;
    }
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const key of Object.keys(ao)) {
      if (!(key in bo)) out.push(`${path}.${key} (not declared)`);
      else walk(ao[key], bo[key], `${path}.${key}`);
    }
    for (const key of Object.keys(bo)) if (!(key in ao)) out.push(`${path}.${key} (added by the schema)`);
  };
  walk(json(raw), json(parsed), '');
  return out.slice(0, 5);
}

/** Applies `mode` to every procedure of the router (once, where the app router is built). */
export function applyOutputCheck<R extends AnyRouter>(appRouter: R, mode: OutputCheck = outputCheckMode()): R {
  if (mode === 'strip') return appRouter;
  return rewriteProcedures(appRouter, ({ path, output }) => {
    const schema = output as { parseAsync(data: unknown): Promise<unknown> } | undefined;
    if (mode === 'off' || !schema) return { output: 'drop' };
    const check = async (raw: unknown): Promise<unknown> => {
      let data: unknown;
      try {
        data = await schema.parseAsync(raw);
      } catch (cause) {
        // A programming error, not a refusal: a 500 (INTERNAL) whose cause the log shows.
        throw new Error(`Output of ${path} fails its schema`, { cause });
      }
      const differences = outputDifferences(raw, data);
      if (differences.length > 0) throw new Error(`Output of ${path} differs from its schema's parse: ${differences.join(', ')}`);
      return data;
    };
    return { output: { check } };
  });
}
