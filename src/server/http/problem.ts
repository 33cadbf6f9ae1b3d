import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: Record<string, string[]> | undefined;
}

/** RFC 9457 problem+json (DESIGN §6). Never a stack trace or SQL. */
export function sendProblem(res: ServerResponse, status: number, detail: string, errors?: Record<string, string[]>, extraHeaders?: Record<string, string>): void {
  const body: Problem = { type: 'about:blank', title: STATUS_CODES[status] ?? 'Error', status, detail };
  if (errors && Object.keys(errors).length) body.errors = errors;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', ...extraHeaders });
  res.end(JSON.stringify(body));
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (status === 204) {
    res.writeHead(204, { 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  const text = JSON.stringify(body ?? null);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

/** Thrown inside the HTTP layer for answers that are not procedure errors (413, 415, malformed body). */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly errors?: Record<string, string[]>) {
    super(message);
  }
}
