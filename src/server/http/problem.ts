import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import { RESPONSE_MAX_BYTES } from '../../shared/limits';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: Record<string, string[]> | undefined;
  /** the X-Request-Id of the answer: what to quote to support, and what the server log carries */
  requestId?: string | undefined;
}

/** Sentences of the HTTP layer itself (the procedures' ones live in src/shared/errors.ts). */
export const HTTP_ERR = {
  tooLargeResult: 'The result is too large; narrow the filter',
  unavailable: 'The database is unavailable; try again shortly',
  badEncoding: 'Malformed percent-encoding in the path',
  malformedMultipart: 'Malformed multipart body',
  tooManyCalls: (max: number) => `At most ${max} calls per batch`,
  shuttingDown: 'The server is restarting; try again shortly',
} as const;

const requestIdOf = (res: ServerResponse) => {
  const id = res.getHeader('x-request-id');
  return typeof id === 'string' ? id : undefined;
};

/** RFC 9457 problem+json (DESIGN §6). Never a stack trace or SQL. */
export function sendProblem(res: ServerResponse, status: number, detail: string, errors?: Record<string, string[]>, extraHeaders?: Record<string, string>): void {
  const body: Problem = { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail };
  if (errors && Object.keys(errors).length) body.errors = errors;
  const requestId = requestIdOf(res);
  if (requestId) body.requestId = requestId;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', ...extraHeaders });
  res.end(JSON.stringify(body));
}

/** Thrown inside the HTTP layer for answers that are not procedure errors (413, 415, malformed body). */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly errors?: Record<string, string[]>) {
    super(message);
  }
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
    if (e instanceof RangeError) throw new HttpError(413, HTTP_ERR.tooLargeResult);
    throw e;
  }
  // UTF-16 length ≤ UTF-8 bytes ≤ 3 × length: the cheap test first.
  if (text.length > RESPONSE_MAX_BYTES || (text.length * 3 > RESPONSE_MAX_BYTES && Buffer.byteLength(text) > RESPONSE_MAX_BYTES)) throw new HttpError(413, HTTP_ERR.tooLargeResult);
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
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
