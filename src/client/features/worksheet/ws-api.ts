import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { restJson } from '../../lib/rest';

/*
 * Creating and updating entries goes to the REST paths POST/PUT /api/worksheet as
 * multipart/form-data (docs/decisions/0041-worksheet-upload-and-attachments.md): the same busboy reader
 * with its limits that integrators use, files streamed rather than base64'd into JSON. Same
 * origin, so the session cookie goes along and the browser's Origin header passes the CSRF check.
 */

export interface WorksheetFieldsOut {
  date: string;
  customerNo: string;
  jobCode: string;
  jobTaskCode: string;
  locationCode: string;
  workTypeCode: string;
  unitType: string;
  unitNo: string;
  description: string;
  timeFrom: string;
  timeTo: string;
  quantity: string;
  unitOfMeasureCode: string;
}

export interface SubmitOptions {
  /** Update: the record's id and the version it was loaded with. */
  id?: number;
  version?: number;
  /** Update: ids of the stored attachments to keep ([] keeps none). */
  keepAttachmentIds?: number[];
  files: File[];
  /** Create: sent as `Idempotency-Key`, so a retry of a create that reached the server creates nothing new. */
  idempotencyKey?: string;
}

function toFormData(fields: WorksheetFieldsOut, opts: SubmitOptions): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== '') fd.append(key, value);
  if (opts.id !== undefined) fd.append('id', String(opts.id));
  if (opts.version !== undefined) fd.append('version', String(opts.version));
  // An empty value means "keep none"; the field is always sent on update so nothing is kept by accident.
  if (opts.keepAttachmentIds !== undefined) fd.append('existingAttachments', opts.keepAttachmentIds.join(','));
  for (const file of opts.files) fd.append('attachments', file, file.name);
  return fd;
}

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
