import type { CodedError, ErrorParams } from '../../shared/error-tokens';

/*
 * The one reader of a problem+json body (RFC 9457 as the server writes it, src/server/http/problem.ts):
 * used by every REST call of the page (lib/rest.ts) and by the worksheet transport that the
 * service worker shares (features/worksheet/transport.ts). Type imports only, so the worker's
 * bundle gets no app code with it.
 */

export interface Problem {
  status: number;
  /** the sentence (detail), or the status text when the answer was no problem+json */
  detail: string | undefined;
  code: string | undefined;
  params: ErrorParams;
  errors: Record<string, string[]>;
  errorCodes: Record<string, Array<CodedError | null>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Problem of an answer's status and parsed body (anything: a body that is no problem+json leaves the status to speak). */
export function readProblem(status: number, body: unknown, statusText = ''): Problem {
  const p = isRecord(body) ? body : {};
  return {
    status,
    detail: typeof p.detail === 'string' ? p.detail : statusText || undefined,
    code: typeof p.code === 'string' ? p.code : undefined,
    params: isRecord(p.params) ? (p.params as ErrorParams) : {},
    errors: isRecord(p.errors) ? (p.errors as Record<string, string[]>) : {},
    errorCodes: isRecord(p.errorCodes) ? (p.errorCodes as Record<string, Array<CodedError | null>>) : {},
  };
}

/** The Problem of a failed Response (its body read as JSON when it is some). */
export async function problemOfResponse(res: Response): Promise<Problem> {
  let body: unknown = null;
  try {
    const text = await res.text();
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return readProblem(res.status, body, res.statusText);
}
