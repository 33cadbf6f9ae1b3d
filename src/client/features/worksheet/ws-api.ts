import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { AppCallError, loadErrorMessages } from '../../lib/errors';
import { errorOfProblem, handleUnauthorized } from '../../lib/rest';
import type { SubmitOptions, WorksheetFieldsOut } from './transport';

/*
 * The page's side of the worksheet transport (transport.ts): the same request as the service
 * worker's, with the page's failure handling — an AppCallError (status 0 = the server could not be
 * reached), and a 401 goes to /login (spec §2). Same origin, so the session cookie goes along and
 * the browser's Origin header passes the CSRF check.
 */

export type { SubmitOptions, WorksheetFieldsOut } from './transport';

const pageFetch = (path: string, init: RequestInit) => fetch(path, init);

/** POST (create) or PUT (update) /api/worksheet; resolves the stored record, rejects an AppCallError. */
export async function submitWorksheet(fields: WorksheetFieldsOut, opts: SubmitOptions): Promise<TWorksheetRecord> {
  // The transport (and the zod schema it reads the answer with) comes with the first send, not
  // with the page: the outbox and the entry form import this module on every page (issue 25 §4).
  // A chunk that can't be fetched is the server out of reach, like the request itself: the
  // outbox keeps the entry (without a service worker's cache, offline, the chunk fails first).
  const { sendWorksheet } = await import('./transport').catch((cause: unknown) => {
    throw AppCallError.network(cause);
  });
  const answer = await sendWorksheet(pageFetch, fields, opts);
  if (answer.kind === 'stored') return answer.record;
  if (answer.kind === 'unreached') {
    // The user's abort is no failure of the server: pass it on as it is.
    if (answer.cause instanceof DOMException && answer.cause.name === 'AbortError') throw answer.cause;
    throw AppCallError.network(answer.cause);
  }
  if (answer.problem.status === 401) handleUnauthorized();
  await loadErrorMessages(); // whatever shows the refusal finds its text (decision 0286)
  throw errorOfProblem(answer.problem);
}

/** DELETE /api/worksheet (decision 0471): resolves when deleted, rejects an AppCallError as submitWorksheet does. */
export async function deleteWorksheetEntry(target: { id: number; version?: number }, idempotencyKey?: string): Promise<void> {
  const { deleteWorksheet } = await import('./transport').catch((cause: unknown) => {
    throw AppCallError.network(cause);
  });
  const answer = await deleteWorksheet(pageFetch, target, idempotencyKey);
  if (answer.kind === 'deleted') return;
  if (answer.kind === 'unreached') throw AppCallError.network(answer.cause);
  if (answer.problem.status === 401) handleUnauthorized();
  await loadErrorMessages();
  throw errorOfProblem(answer.problem);
}

/** The failure of a worksheet call: the one error class of every REST call. */
export { AppCallError as WorksheetCallError } from '../../lib/errors';

/** The URL of a stored photo (full size, or the small preview). */
export const attachmentUrl = (worksheetId: number, attachmentId: number, preview = false) => `/api/attachment/${worksheetId}/${attachmentId}${preview ? '?preview=1' : ''}`;
