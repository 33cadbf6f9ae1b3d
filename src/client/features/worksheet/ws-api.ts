import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { restJson } from '../../lib/rest';
import { toFormData, type SubmitOptions, type WorksheetFieldsOut } from './ws-form-data';

/*
 * Creating and updating entries goes to the REST paths POST/PUT /api/worksheet as
 * multipart/form-data (docs/decisions/0041-worksheet-upload-and-attachments.md): the same busboy reader
 * with its limits that integrators use, files streamed rather than base64'd into JSON. Same
 * origin, so the session cookie goes along and the browser's Origin header passes the CSRF check.
 */

export type { SubmitOptions, WorksheetFieldsOut } from './ws-form-data';

/**
 * POST (create) or PUT (update) /api/worksheet; resolves the stored record, rejects an
 * AppCallError (status 0 = the server could not be reached; a 401 also goes to /login).
 */
export async function submitWorksheet(fields: WorksheetFieldsOut, opts: SubmitOptions): Promise<TWorksheetRecord> {
  return restJson<TWorksheetRecord>('/api/worksheet', {
    method: opts.id === undefined ? 'POST' : 'PUT',
    body: toFormData(fields, opts),
    headers: opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {},
  });
}

/** The failure of a worksheet call: the one error class of every REST call. */
export { AppCallError as WorksheetCallError } from '../../lib/errors';

/** The URL of a stored photo (full size, or the small preview). */
export const attachmentUrl = (worksheetId: number, attachmentId: number, preview = false) =>
  `/api/attachment/${worksheetId}/${attachmentId}${preview ? '?preview=1' : ''}`;
