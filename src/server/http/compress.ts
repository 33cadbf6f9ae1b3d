import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';

const MIN_BYTES = 8 * 1024;

export const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

/**
 * Buffers a JSON answer written through `res` (tRPC's adapter) and gzips it when it is large and
 * the client accepts gzip: a 5 000-entry worksheet list is ~4 MB as JSON, ~0.3 MB gzipped, which
 * is what a phone on a building site feels. Compression runs on libuv's thread pool.
 * Only for non-streaming answers; binary and CSV routes do not use it.
 */
export function bufferAndCompress(req: IncomingMessage, res: ServerResponse): void {
  if (!acceptsGzip(req)) return;
  const chunks: Buffer[] = [];
  let status: number | undefined;
  let headers: OutgoingHttpHeaders = {};
  const end = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

  res.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const h = rest.find((r) => typeof r === 'object' && r !== null);
    if (h) headers = { ...headers, ...(h as OutgoingHttpHeaders) };
    return res;
  }) as ServerResponse['writeHead'];
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(chunks);
    const finish = (payload: Buffer, gzipped: boolean) => {
      for (const [k, v] of Object.entries(headers)) if (v !== undefined) res.setHeader(k, v);
      if (gzipped) {
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Vary', 'Accept-Encoding');
      }
      res.setHeader('Content-Length', String(payload.length));
      writeHead(status ?? res.statusCode);
      end(payload);
      if (typeof cb === 'function') (cb as () => void)();
    };
    const type = String(headers['content-type'] ?? headers['Content-Type'] ?? res.getHeader('content-type') ?? '');
    if (body.length < MIN_BYTES || !type.includes('json')) finish(body, false);
    else gzip(body, { level: 5 }, (err, z) => finish(err ? body : z, !err));
    return res;
  }) as ServerResponse['end'];
}

/**
 * Sends an already serialised JSON answer, gzipped when it is large and the client accepts gzip:
 * the same rule as `bufferAndCompress`, without wrapping `res` (for handlers that hold the whole
 * body anyway, like the tRPC endpoint).
 */
export function sendJsonText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: OutgoingHttpHeaders = {}): void {
  const plain = () => {
    // The caller's headers (Cache-Control) spread last: they never name these two (decision 0265: fields after a spread are slow in V8).
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
  if (text.length < MIN_BYTES || !acceptsGzip(req)) return plain();
  gzip(text, { level: 5 }, (err, z) => {
    if (err) return plain();
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding', 'Content-Length': z.length, ...headers });
    res.end(z);
  });
}
