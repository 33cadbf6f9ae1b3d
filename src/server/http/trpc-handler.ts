import type { AnyRouter, TRPCError } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { coded } from '../../shared/error-codes';
import { AppError, toWire } from '../errors';
import { readJsonBody } from './body';
import { sendJsonText } from './compress';
import { errorShape, procedureTable, transformResponse, type ProcedureInfo, type ProcedureType } from './trpc-adapter';

/**
 * The `/api/trpc/*` endpoint, written for our server instead of tRPC's node-http adapter.
 *
 * Why (docs/decisions/0120-lean-trpc-path.md): the adapter turns every request into a Fetch
 * `Request` and every answer into a Fetch `Response` (Headers, URL, AbortSignal, a ReadableStream
 * for the body) and back, which cost ~3× the procedure itself on `user.info`. This handler speaks
 * the same wire format the client's `httpBatchLink` uses, and calls the procedures in-process
 * like the REST adapter does:
 *
 * - `GET /api/trpc/a.b,c.d?batch=1&input={"0":…,"1":…}` for queries, `POST` with the same JSON
 *   object as body for mutations; without `batch=1` the `input` (or body) is the one input.
 * - Answers `[{result:{data}}, {error:{message,code,data}}]` for a batch, one object otherwise;
 *   the error shape comes from the router's own errorFormatter (`toWire`, src/server/errors.ts).
 * - Status: the calls' common status, 207 when they differ (as tRPC does).
 * - The request pipeline (routes.ts) has already parsed the calls, checked the batch cap, the
 *   caller, CSRF, the roles and the declared body size (decision 0242) before this runs; the JSON
 *   body is read by the REST path's reader, so both transports share one limit.
 * - Not supported, since the client does not use them: subscriptions, streaming (jsonl),
 *   multipart/octet-stream inputs, method override.
 */

export interface TrpcHandlerOptions {
  router: AnyRouter;
  onError?(opts: { error: TRPCError; path: string | undefined; type: ProcedureType | 'unknown' }): void;
}

/** The calls of one `/api/trpc/<paths>` request, as the pipeline parsed them. */
export interface TrpcCalls {
  paths: string[];
  batch: boolean;
}

/** Answers one `/api/trpc/<paths>` request with the caller's context. */
export type TrpcHandler = (req: IncomingMessage, res: ServerResponse, calls: TrpcCalls, url: URL, ctx: unknown) => Promise<void>;

type Outcome = { ok: true; data: unknown } | { ok: false; cause: unknown; input: unknown };

const METHOD_OF: Record<ProcedureType, string> = { query: 'GET', mutation: 'POST', subscription: 'GET' };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function createTrpcHandler(opts: TrpcHandlerOptions): TrpcHandler {
  const { router } = opts;
  const procedures = procedureTable(router);

  const shapeOf = (cause: unknown, path: string | undefined, type: ProcedureType | 'unknown', input: unknown, ctx: unknown) => {
    const { error, shape } = errorShape(router, cause, { path, type, input, ctx });
    opts.onError?.({ error, path, type });
    return shape;
  };

  /**
   * One error for the whole request (malformed input …): a single `{error}` object even for a
   * batch, as tRPC answers it; httpBatchLink hands it to every call of the batch.
   */
  const sendRequestError = (req: IncomingMessage, res: ServerResponse, cause: unknown, ctx: unknown) => {
    const shape = shapeOf(cause, undefined, 'unknown', undefined, ctx);
    sendJsonText(req, res, shape.data?.httpStatus ?? 500, JSON.stringify(transformResponse(router, { error: shape })), { 'Cache-Control': 'no-store' });
  };

  return async function handleTrpc(req, res, { paths, batch }, url, ctx) {
    const method = req.method ?? 'GET';
    if (method === 'HEAD') {
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (method !== 'GET' && method !== 'POST') return sendRequestError(req, res, new AppError('METHOD_NOT_SUPPORTED', coded('UNSUPPORTED_METHOD', { method })), ctx);
    const calls = paths.map((path) => ({ path, procedure: procedures.get(path) }));

    let inputs: unknown[];
    try {
      inputs = await readInputs(req, url, batch, paths.length);
    } catch (cause) {
      return sendRequestError(req, res, cause, ctx);
    }

    const outcomes = await Promise.all(
      calls.map(async (call, index): Promise<Outcome> => {
        const input = inputs[index];
        try {
          const procedure: ProcedureInfo | undefined = call.procedure;
          if (!procedure || procedure.type === 'subscription') throw new AppError('NOT_FOUND', coded('NO_PROCEDURE', { path: call.path }));
          if (METHOD_OF[procedure.type] !== method) throw new AppError('METHOD_NOT_SUPPORTED', coded('PROCEDURE_METHOD', { method, type: procedure.type, path: call.path }));
          return { ok: true, data: await procedure.call({ ctx, input, batchIndex: index }) };
        } catch (cause) {
          return { ok: false, cause, input };
        }
      }),
    );

    const statuses = new Set<number>();
    const items = outcomes.map((o, index) => {
      if (o.ok) {
        statuses.add(200);
        return { result: { data: o.data } };
      }
      const call = calls[index]!;
      const shape = shapeOf(o.cause, call.path, call.procedure?.type ?? 'unknown', o.input, ctx);
      statuses.add(shape.data?.httpStatus ?? 500);
      return { error: shape };
    });
    const status = statuses.size === 1 ? [...statuses][0]! : 207;
    // A single call's refusal carries its headers (a lockout's Retry-After), as REST sends them.
    const first = outcomes[0];
    const headers = !batch && first && !first.ok ? toWire(first.cause).headers : undefined;
    sendJsonText(req, res, status, JSON.stringify(transformResponse(router, batch ? items : items[0]!)), { 'Cache-Control': 'no-store', ...headers });
  };
}

/** The inputs by call index: from `?input=` on GET, from the JSON body on POST. */
async function readInputs(req: IncomingMessage, url: URL, isBatch: boolean, count: number): Promise<unknown[]> {
  let raw: unknown;
  if (req.method === 'GET') {
    const text = url.searchParams.get('input');
    if (text !== null && text !== '') {
      try {
        raw = JSON.parse(text) as unknown;
      } catch {
        throw new AppError('PARSE_ERROR', coded('MALFORMED_INPUT'));
      }
    }
  } else {
    const type = req.headers['content-type'] ?? '';
    if (type !== '' && !type.startsWith('application/json')) throw new AppError('UNSUPPORTED_MEDIA_TYPE', coded('UNSUPPORTED_CONTENT_TYPE', { type: type.split(';')[0] ?? '' }));
    // The REST path's reader, so that both transports have the same body limit (issue 9 point 8).
    raw = await readJsonBody(req);
  }
  if (!isBatch) return [raw];
  if (raw === undefined) return [];
  if (!isObject(raw)) throw new AppError('BAD_REQUEST', coded('BATCH_INPUT_NOT_OBJECT'));
  return Array.from({ length: count }, (_, i) => raw[i]);
}
