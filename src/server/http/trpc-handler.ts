import { getErrorShape, getTRPCErrorFromUnknown, transformTRPCResponse, TRPCError, type AnyProcedure, type AnyRouter } from '@trpc/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_BODY_MAX_BYTES, TRPC_MAX_BATCH } from '../../shared/limits';
import { readJsonBody } from './body';
import { sendJsonText } from './compress';
import { coded } from '../../shared/error-codes';
import { AppError } from '../errors';

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
 *   the error shape comes from the router's own errorFormatter (`data.httpStatus`, `data.errors`).
 * - Status: the calls' common status, 207 when they differ (as tRPC does).
 * - At most `maxBatchSize` calls per request (400 above); the JSON body is read by the REST path's
 *   reader, so both transports share one limit (413 above); no data transformer (the router has none).
 * - The caller is resolved (`createContext`) before the body is read.
 * - Not supported, since the client does not use them: subscriptions, streaming (jsonl),
 *   multipart/octet-stream inputs, method override.
 */

/** The most calls one batch may hold (DESIGN §4: tRPC batches are capped). */
export { TRPC_MAX_BATCH };

type ProcedureType = 'query' | 'mutation' | 'subscription';

export interface TrpcHandlerOptions<TContext> {
  router: AnyRouter;
  /** Resolves the caller from the headers; called once per request, before the body is read. */
  createContext(req: IncomingMessage, res: ServerResponse): Promise<TContext>;
  onError?(opts: { error: TRPCError; path: string | undefined; type: ProcedureType | 'unknown' }): void;
  maxBatchSize?: number;
}

/** Answers one `/api/trpc/<paths>` request; `paths` is the part after `/api/trpc/`. */
export type TrpcHandler = (req: IncomingMessage, res: ServerResponse, paths: string, url: URL) => Promise<void>;

interface Call {
  path: string;
  procedure: AnyProcedure | undefined;
}

type Outcome = { ok: true; data: unknown } | { ok: false; error: TRPCError; input: unknown };

const METHOD_OF: Record<ProcedureType, string> = { query: 'GET', mutation: 'POST', subscription: 'GET' };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function createTrpcHandler<TContext>(opts: TrpcHandlerOptions<TContext>): TrpcHandler {
  const { router } = opts;
  const config = router._def._config;
  const procedures = router._def.procedures as Record<string, AnyProcedure | undefined>;
  const maxBatch = opts.maxBatchSize ?? TRPC_MAX_BATCH;

  const shapeOf = (error: TRPCError, path: string | undefined, type: ProcedureType | 'unknown', input: unknown, ctx: TContext | undefined) => {
    opts.onError?.({ error, path, type });
    return getErrorShape({ config, error, type, path, input, ctx }) as { data?: { httpStatus?: number } };
  };

  /**
   * One error for the whole request (malformed input, batch too big …): a single `{error}` object
   * even for a batch, as tRPC answers it; httpBatchLink hands it to every call of the batch.
   */
  const sendRequestError = (req: IncomingMessage, res: ServerResponse, cause: unknown, ctx: TContext | undefined) => {
    const error = getTRPCErrorFromUnknown(cause);
    const shape = shapeOf(error, undefined, 'unknown', undefined, ctx);
    sendJsonText(req, res, shape.data?.httpStatus ?? 500, JSON.stringify(transformTRPCResponse(config, { error: shape } as never)), { 'Cache-Control': 'no-store' });
  };

  return async function handleTrpc(req, res, rawPaths, url) {
    const method = req.method ?? 'GET';
    if (method === 'HEAD') {
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    const isBatch = url.searchParams.get('batch') === '1';
    let paths: string[];
    try {
      paths = isBatch ? decodeURIComponent(rawPaths).split(',') : [decodeURIComponent(rawPaths)];
    } catch {
      return sendRequestError(req, res, new AppError('BAD_REQUEST', coded('MALFORMED_PROCEDURE_PATH')), undefined);
    }
    if (method !== 'GET' && method !== 'POST') {
      return sendRequestError(req, res, new AppError('METHOD_NOT_SUPPORTED', coded('UNSUPPORTED_METHOD', { method })), undefined);
    }
    if (paths.length > maxBatch) {
      return sendRequestError(req, res, new AppError('BAD_REQUEST', coded('TOO_MANY_CALLS', { max: maxBatch })), undefined);
    }
    const calls: Call[] = paths.map((path) => ({ path, procedure: Object.hasOwn(procedures, path) ? procedures[path] : undefined }));

    // Caller first: who is asking is known before a byte of the body is read.
    let ctx: TContext | undefined;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await opts.createContext(req, res);
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }

    let inputs: unknown[];
    try {
      inputs = await readInputs(req, url, isBatch, paths.length);
    } catch (cause) {
      return sendRequestError(req, res, cause, ctx);
    }

    const outcomes = await Promise.all(
      calls.map(async (call, index): Promise<Outcome> => {
        const input = inputs[index];
        try {
          if (!call.procedure) throw new AppError('NOT_FOUND', coded('NO_PROCEDURE', { path: call.path }));
          const type = call.procedure._def.type as ProcedureType;
          if (type === 'subscription') throw new AppError('NOT_FOUND', coded('NO_PROCEDURE', { path: call.path }));
          if (METHOD_OF[type] !== method) throw new AppError('METHOD_NOT_SUPPORTED', coded('PROCEDURE_METHOD', { method, type, path: call.path }));
          if (ctxError) throw ctxError;
          const data: unknown = await call.procedure({ ctx, path: call.path, type, getRawInput: () => Promise.resolve(input), signal: undefined, batchIndex: index });
          return { ok: true, data };
        } catch (cause) {
          return { ok: false, error: getTRPCErrorFromUnknown(cause), input };
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
      const shape = shapeOf(o.error, call.path, (call.procedure?._def.type as ProcedureType | undefined) ?? 'unknown', o.input, ctx);
      statuses.add(shape.data?.httpStatus ?? 500);
      return { error: shape };
    });
    const status = statuses.size === 1 ? [...statuses][0]! : 207;
    const body = transformTRPCResponse(config, (isBatch ? items : items[0]!) as never);
    sendJsonText(req, res, status, JSON.stringify(body), { 'Cache-Control': 'no-store' });
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
    if (Number(req.headers['content-length'] ?? 0) > JSON_BODY_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', coded('BODY_TOO_LARGE'));
    raw = await readJsonBody(req);
  }
  if (!isBatch) return [raw];
  if (raw === undefined) return [];
  if (!isObject(raw)) throw new AppError('BAD_REQUEST', coded('BATCH_INPUT_NOT_OBJECT'));
  return Array.from({ length: count }, (_, i) => raw[i]);
}
