import { errorToken } from '../../shared/error-tokens';
import { AppCallError, loadErrorMessages } from './errors';
import { problemOfResponse, readProblem, type Problem } from './problem';

/*
 * The one way the client calls a REST path (everything that is not tRPC: the multipart worksheet
 * upload, the CSV/xlsx download). A failure is always an AppCallError — status 0 when the server
 * could not be reached — and a 401 goes through the same handler as tRPC's (spec §2).
 */

// The router registers how to get to /login; kept as a callback so this module needs no router.
let onUnauthorized: () => void = () => {};

/** Registers what a 401 does (the router sends the user to /login). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/** Spec §2: any 401 except from the login call sends the user to /login. */
export function handleUnauthorized(): void {
  onUnauthorized();
}

/** The AppCallError of a problem+json answer (or of an answer that is none). */
export function problemError(status: number, body: unknown, statusText = ''): AppCallError {
  return errorOfProblem(readProblem(status, body, statusText));
}

/** The AppCallError of a Problem (lib/problem.ts, the one reader of problem+json). */
export function errorOfProblem(p: Problem): AppCallError {
  return new AppCallError(p.status, p.detail ?? errorToken('INTERNAL'), p.code, p.params, p.errors, p.errorCodes);
}

export interface RestOptions extends Omit<RequestInit, 'credentials'> {
  /** the login call answers its own 401 */
  allowUnauthorized?: boolean;
}

/**
 * fetch() on the same origin that resolves only a 2xx Response and otherwise rejects an
 * AppCallError: status 0 for no answer, else the problem+json's status, code, params and field
 * errors. A 401 also calls the unauthorized handler.
 */
export async function restFetch(url: string, options: RestOptions = {}): Promise<Response> {
  const { allowUnauthorized, ...init } = options;
  let res: Response;
  try {
    res = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    // The user's abort is no failure of the server: pass it on as it is.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw AppCallError.network(error);
  }
  if (res.ok) return res;
  if (res.status === 401 && !allowUnauthorized) handleUnauthorized();
  const problem = await problemOfResponse(res);
  await loadErrorMessages(); // whatever shows the failure finds its text (decision 0286)
  throw errorOfProblem(problem);
}

/** restFetch and the JSON body of the answer (null for 204 or an empty body). */
export async function restJson<T>(url: string, options: RestOptions = {}): Promise<T> {
  const res = await restFetch(url, { ...options, headers: { Accept: 'application/json', ...options.headers } });
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
