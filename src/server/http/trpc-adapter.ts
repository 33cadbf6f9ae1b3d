import { getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, type AnyProcedure, type AnyRouter, type TRPCError } from '@trpc/server';
import type { ZodType } from 'zod';
import type { AuthLevel, Meta } from '../trpc';

/*
 * The one module that reads tRPC's internals (`_def`, decision 0242): what the router holds —
 * each procedure with its type, meta, input and output schema, and a function to call it
 * in-process — and the router's error shaping. The route table (routes.ts), the tRPC endpoint
 * (trpc-handler.ts), the REST adapter (rest.ts) and the OpenAPI document (openapi.ts) read the
 * router only through here, so a tRPC upgrade that moves `_def` is mended in one file.
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
  /** Calls the procedure in-process, as `createCaller` does, with the raw input. */
  call(opts: { ctx: unknown; input: unknown; batchIndex: number }): Promise<unknown>;
}

interface ProcedureDef {
  type: ProcedureType;
  meta?: Meta;
  inputs: unknown[];
  output?: unknown;
}

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
      call: ({ ctx, input, batchIndex }) => procedure({ ctx, path, type: def.type, getRawInput: () => Promise.resolve(input), signal: undefined, batchIndex }) as Promise<unknown>,
    });
  }
  cache.set(router, table);
  return table;
}

/** The router's error formatter applied to any thrown value (the `error` member of tRPC's envelope). */
export function errorShape(router: AnyRouter, cause: unknown, opts: { path: string | undefined; type: ProcedureType | 'unknown'; input: unknown; ctx: unknown }): { error: TRPCError; shape: { data?: { httpStatus?: number } } } {
  const error = getTRPCErrorFromUnknown(cause);
  const shape = getErrorShape({ config: router._def._config, error, type: opts.type, path: opts.path, input: opts.input, ctx: opts.ctx }) as { data?: { httpStatus?: number } };
  return { error, shape };
}

/** A tRPC answer body through the router's transformer (none here: the identity). */
export function transformResponse(router: AnyRouter, body: unknown): unknown {
  return transformTRPCResponse(router._def._config, body as never);
}
