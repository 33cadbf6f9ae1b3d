import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodType } from 'zod';
import type { Actor, Context } from '../context';
import type { AuthLevel, RestMethod } from '../trpc';

/** The context of a raw route that needs a caller: the actor is known to be there. */
export type RawContext<A extends AuthLevel> = A extends 'public' ? Context : Context & { actor: Actor };

/**
 * A REST path whose answer is not JSON (an image, a CSV stream). Like a procedure it declares who
 * may call it (`auth`, checked from the headers before any body is read) and a zod `input` for its
 * path parameters and query string; the HTTP layer maps errors the same way as for procedures.
 * The body, if any, is the handler's to read (streams and large bodies have their own limits).
 */
export interface RawRoute<A extends AuthLevel = AuthLevel, I extends ZodType = ZodType> {
  method: RestMethod;
  path: `/api/${string}`;
  summary: string;
  tags: string[];
  auth: A;
  /** validates `{ ...query, ...params }`; a failure answers 400 with field errors */
  input: I;
  /** query fields that are arrays in `input`, comma-separated in the URL (as `rest.commaLists` of a procedure) */
  commaLists?: readonly string[];
  /** OpenAPI operation fragments (requestBody, responses) */
  openapi?: Record<string, unknown>;
  handle(args: { ctx: RawContext<A>; req: IncomingMessage; res: ServerResponse; input: ReturnType<I['parse']>; url: URL }): Promise<void>;
}

/** Declares a raw route with its types inferred (so that `input` and `ctx.actor` are typed in `handle`). */
export function rawRoute<A extends AuthLevel, I extends ZodType>(route: RawRoute<A, I>): RawRoute {
  return route as unknown as RawRoute;
}
