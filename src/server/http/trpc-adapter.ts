import { getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, TRPCError, type AnyProcedure, type AnyRouter } from '@trpc/server';
import type { ZodType } from 'zod';
import type { AuthLevel, Meta } from '../trpc';

/*
 * The one module that reads tRPC's internals (`_def`, decision 0242): what the router holds —
 * each procedure with its type, meta, input and output schema, and a function to call it
 * in-process — the router's error shaping, and the one way start-up rewrites procedures
 * (`rewriteProcedures`: strict inputs, the output check). The route table (routes.ts), the tRPC
 * endpoint (trpc-handler.ts), the REST adapter (rest.ts), the OpenAPI document (openapi.ts),
 * trpc.ts and strict-input.ts reach the router only through here, so a tRPC upgrade that moves
 * `_def` is mended in one file; trpc-adapter.test.ts fails first (issue 39 §3).
 */

export type ProcedureType = 'query' | 'mutation' | 'subscription';

/** A procedure as the HTTP layer sees it. */
export interface ProcedureInfo {
  path: string;
  type: ProcedureType;
  meta: Meta | undefined;
  /** who may call it (set by the procedure builders in meta; unset = public) */
  auth: AuthLevel;
  input: ZodType | undefined;
  output: ZodType | undefined;
  /** Calls the procedure in-process, as `createCaller` does, with the raw input (runMiddlewares). */
  call(opts: { ctx: unknown; input: unknown; batchIndex: number }): Promise<unknown>;
}

interface ProcedureDef {
  type: ProcedureType;
  meta?: Meta;
  inputs: unknown[];
  output?: unknown;
  middlewares?: unknown;
}

/** What a tRPC middleware answers (the resolver's answer last): `{ ok, data }` or `{ ok: false, error }`. */
interface MiddlewareResult {
  ok: boolean;
  data?: unknown;
  error?: unknown;
}
type NextOptions = { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> } | undefined;
type Middleware = (opts: {
  ctx: unknown;
  path: string;
  type: ProcedureType;
  getRawInput: () => Promise<unknown>;
  signal: undefined;
  batchIndex: number;
  meta: Meta | undefined;
  input: unknown;
  next(opts?: NextOptions): Promise<MiddlewareResult>;
}) => Promise<MiddlewareResult>;

/** tRPC's marker on a middleware's answer (`middlewareMarker`, a plain string in v11). */
const MIDDLEWARE_MARKER = 'middlewareMarker';

/**
 * Calls a procedure's middlewares and resolver in-process (decision 0264): the same contract and
 * order as tRPC's own `callRecursive` — each middleware gets `{ctx, path, type, getRawInput,
 * signal, batchIndex, meta, input, next}`; `next(opts)` merges `opts.ctx` into the context and may
 * replace the input; a throw becomes `{ ok: false, error }` — but with native object spreads and
 * one options object per step. tRPC's compiled `_objectSpread2` helper (ownKeys + defineProperty
 * for every key) spread the whole context three times per call: ~8 % of `user.info`'s CPU.
 * The middlewares are read at call time (applyOutputCheck may replace them once at start).
 */
function runMiddlewares(def: ProcedureDef & { middlewares: Middleware[] }, path: string, ctx: unknown, input: unknown, batchIndex: number): Promise<unknown> {
  const getRawInput = () => Promise.resolve(input);
  const step = async (index: number, stepCtx: unknown, stepInput: unknown, stepRaw: () => Promise<unknown>): Promise<MiddlewareResult> => {
    const middleware = def.middlewares[index];
    try {
      // A programming error, never a user's: a plain Error, answered as 500 INTERNAL_SERVER_ERROR.
      if (!middleware) throw new Error('no middleware left: a middleware called next() after the resolver');
      return await middleware({
        ctx: stepCtx,
        path,
        type: def.type,
        getRawInput: stepRaw,
        signal: undefined,
        batchIndex,
        meta: def.meta,
        input: stepInput,
        next: (next) =>
          step(index + 1, next?.ctx ? { ...(stepCtx as object), ...next.ctx } : stepCtx, next && 'input' in next ? next.input : stepInput, next?.getRawInput ?? stepRaw),
      });
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MIDDLEWARE_MARKER } as MiddlewareResult;
    }
  };
  return step(0, ctx, undefined, getRawInput).then((result) => {
    if (!result) throw new Error('no result from the middlewares: a middleware did not return next()');
    if (!result.ok) throw result.error;
    return result.data;
  });
}

/** A middleware as tRPC's procedure builder stores it: `_type` marks the input parser ('input') and the output check ('output'). */
type StoredMiddleware = Middleware & { _type?: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** tRPC's input middleware (createInputMiddleware of @trpc/server 11) with our parse: a refusal is a 400. */
function inputMiddleware(parse: (raw: unknown) => Promise<unknown>): StoredMiddleware {
  const middleware: StoredMiddleware = async (opts) => {
    let parsed: unknown;
    try {
      parsed = await parse(await opts.getRawInput());
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    return opts.next({ input: isObject(opts.input) && isObject(parsed) ? { ...opts.input, ...parsed } : parsed });
  };
  middleware._type = 'input';
  return middleware;
}

/** tRPC's output middleware with our check; what it throws is the caller's (a 500). */
function outputMiddleware(check: (data: unknown) => Promise<unknown>): StoredMiddleware {
  const middleware: StoredMiddleware = async ({ next }) => {
    const result = await next();
    if (!result.ok) return result;
    return { ...result, data: await check(result.data) };
  };
  middleware._type = 'output';
  return middleware;
}

/** A procedure as start-up sees it before rewriting it. */
export interface ProcedureSchemas {
  readonly path: string;
  readonly inputs: readonly unknown[];
  readonly output: unknown;
}

/** How to rewrite one procedure; each part left out stays as tRPC built it. */
export interface ProcedureRewrite {
  /** The input schemas (the REST adapter and the OpenAPI document read the first). */
  inputs?: unknown[];
  /** The parse of the procedure's n-th input (undefined: tRPC's own). */
  parseInput?: (index: number) => ((raw: unknown) => Promise<unknown>) | undefined;
  /** The output check: ours, or 'drop' to send the answer as the resolver built it. */
  output?: { check: (data: unknown) => Promise<unknown> } | 'drop';
}

/** Rewrites every procedure of the router, once, where the app router is built (before procedureTable reads it). */
export function rewriteProcedures<R extends AnyRouter>(router: R, rewrite: (procedure: ProcedureSchemas) => ProcedureRewrite | undefined): R {
  if (cache.has(router)) throw new Error('rewriteProcedures after procedureTable: the table would keep the old procedures');
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const def = procedure._def as unknown as ProcedureDef & { middlewares: StoredMiddleware[] };
    const change = rewrite({ path, inputs: def.inputs, output: def.output });
    if (!change) continue;
    let inputIndex = 0;
    const { parseInput, output } = change;
    def.middlewares = def.middlewares.flatMap((m) => {
      if (m._type === 'input' && parseInput) {
        const parse = parseInput(inputIndex++);
        return parse ? [inputMiddleware(parse)] : [m];
      }
      if (m._type === 'output' && output) return output === 'drop' ? [] : [outputMiddleware(output.check)];
      return [m];
    });
    if (change.inputs) def.inputs = change.inputs;
  }
  return router;
}

const hasMiddlewares = (def: ProcedureDef): def is ProcedureDef & { middlewares: Middleware[] } =>
  Array.isArray(def.middlewares) && def.middlewares.length > 0 && def.middlewares.every((m) => typeof m === 'function');

const cache = new WeakMap<AnyRouter, Map<string, ProcedureInfo>>();

/** Every procedure of the router by its path ('user.info'), read once. */
export function procedureTable(router: AnyRouter): Map<string, ProcedureInfo> {
  let table = cache.get(router);
  if (table) return table;
  table = new Map();
  for (const [path, procedure] of Object.entries(router._def.procedures as Record<string, AnyProcedure>)) {
    const def = procedure._def as unknown as ProcedureDef;
    table.set(path, {
      path,
      type: def.type,
      meta: def.meta,
      auth: def.meta?.auth ?? 'public',
      input: def.inputs[0] as ZodType | undefined,
      output: def.output as ZodType | undefined,
      // tRPC's own procedure call only if its internals ever stop looking as runMiddlewares expects.
      call: hasMiddlewares(def)
        ? ({ ctx, input, batchIndex }) => runMiddlewares(def, path, ctx, input, batchIndex)
        : ({ ctx, input, batchIndex }) => procedure({ ctx, path, type: def.type, getRawInput: () => Promise.resolve(input), signal: undefined, batchIndex }) as Promise<unknown>,
    });
  }
  cache.set(router, table);
  return table;
}

/** The router's error formatter applied to any thrown value (the `error` member of tRPC's envelope). */
export function errorShape(
  router: AnyRouter,
  cause: unknown,
  opts: { path: string | undefined; type: ProcedureType | 'unknown'; input: unknown; ctx: unknown },
): { error: TRPCError; shape: { data?: { httpStatus?: number } } } {
  const error = getTRPCErrorFromUnknown(cause);
  const shape = getErrorShape({ config: router._def._config, error, type: opts.type, path: opts.path, input: opts.input, ctx: opts.ctx }) as { data?: { httpStatus?: number } };
  return { error, shape };
}

/** A tRPC answer body through the router's transformer (none here: the identity). */
export function transformResponse(router: AnyRouter, body: unknown): unknown {
  return transformTRPCResponse(router._def._config, body as never);
}
