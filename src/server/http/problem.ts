import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { errorToken, type CodedError, type ErrorCode, type ErrorParams } from '../../shared/error-codes';
import { AppError, refusalWire, type ErrorMessage, type FieldMessages, type WireError } from '../errors';
import { RESPONSE_MAX_BYTES } from '../../shared/limits';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** the stable code of `detail` in src/shared/error-codes.ts, and its params */
  code?: ErrorCode | undefined;
  params?: ErrorParams | undefined;
  errors?: Record<string, string[]> | undefined;
  /** parallel to `errors`: each message's code and params */
  errorCodes?: Record<string, CodedError[]> | undefined;
  /** the X-Request-Id of the answer: what to quote to support, and what the server log carries */
  requestId?: string | undefined;
}

/** Tokens of the HTTP layer's own refusals (the procedures' ones live in src/shared/errors.ts). */
export const HTTP_ERR = {
  tooLargeResult: errorToken('TOO_LARGE_RESULT'),
  unavailable: errorToken('DB_UNAVAILABLE'),
  badEncoding: errorToken('BAD_ENCODING'),
  malformedMultipart: errorToken('MALFORMED_MULTIPART'),
  tooManyCalls: (max: number) => errorToken('TOO_MANY_CALLS', { max }),
  shuttingDown: errorToken('SHUTTING_DOWN'),
} as const;

const requestIdOf = (res: ServerResponse) => {
  const id = res.getHeader('x-request-id');
  return typeof id === 'string' ? id : undefined;
};

/**
 * RFC 9457 problem+json (DESIGN §6) of a wire error (src/server/errors.ts `toWire`): the
 * catalogue's `code` and `params` beside the English `detail` (decision 0160). Never a stack trace or SQL.
 */
export function sendWireProblem(res: ServerResponse, w: WireError, extraHeaders?: Record<string, string>): void {
  const body: Problem = { type: 'about:blank', title: STATUS_CODES[w.status] ?? 'Error', status: w.status, detail: w.detail };
  if (w.code) {
    body.code = w.code;
    body.params = w.params;
  }
  if (w.errors) {
    body.errors = w.errors;
    body.errorCodes = w.errorCodes;
  }
  const requestId = requestIdOf(res);
  if (requestId) body.requestId = requestId;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(w.status, { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', ...w.headers, ...extraHeaders });
  res.end(JSON.stringify(body));
}

/** A refusal the HTTP layer answers itself, as problem+json. */
export function sendProblem(res: ServerResponse, status: number, message: ErrorMessage, fields?: FieldMessages, extraHeaders?: Record<string, string>): void {
  sendWireProblem(res, refusalWire(status, message, fields), extraHeaders);
}

/**
 * JSON.stringify, refusing answers over RESPONSE_MAX_BYTES with a 413 instead of a 500 (or an
 * out-of-memory process) at gigabytes: until lists are paged, a too-wide filter says so.
 */
export function stringifyBounded(body: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(body ?? null);
  } catch (e) {
    if (e instanceof RangeError) throw new AppError('PAYLOAD_TOO_LARGE', HTTP_ERR.tooLargeResult);
    throw e;
  }
  // UTF-16 length ≤ UTF-8 bytes ≤ 3 × length: the cheap test first.
  if (text.length > RESPONSE_MAX_BYTES || (text.length * 3 > RESPONSE_MAX_BYTES && Buffer.byteLength(text) > RESPONSE_MAX_BYTES))
    throw new AppError('PAYLOAD_TOO_LARGE', HTTP_ERR.tooLargeResult);
  return text;
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (status === 204) {
    res.writeHead(204, { 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const text = stringifyBounded(body);
  // With Content-Length the head and the body leave in one write, not as chunked pieces (decision 0175).
  // A large answer (a list page, ~170 KB) is encoded to UTF-8 once, not once to count it and again to send it.
  const payload = text.length > LARGE_ANSWER_CHARS ? Buffer.from(text, 'utf8') : text;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length,
  });
  res.end(payload);
}

/** Above this many characters sendJson sends bytes; below, the text (Node writes head and text in one piece). */
const LARGE_ANSWER_CHARS = 16 * 1024;
