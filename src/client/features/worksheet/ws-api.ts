import { ERR } from '../../../shared/errors';
import type { TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { setLoginReason } from '../../lib/login-reason';
import { WorksheetCallError } from './ws-errors';

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

/** POST (create) or PUT (update) /api/worksheet; resolves the stored record, rejects a WorksheetCallError. */
export async function submitWorksheet(fields: WorksheetFieldsOut, opts: SubmitOptions): Promise<TWorksheetRecord> {
  let res: Response;
  try {
    res = await fetch('/api/worksheet', {
      method: opts.id === undefined ? 'POST' : 'PUT',
      body: toFormData(fields, opts),
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {}) },
    });
  } catch {
    throw new WorksheetCallError('Failed to fetch', 0);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) return body as TWorksheetRecord;
  if (res.status === 401) {
    // Spec §2: any 401 sends the user to the login page, which says the session ended.
    setLoginReason('expired', { unlessSet: true });
    window.location.assign('/login');
  }
  const problem = (body ?? {}) as { detail?: string; errors?: Record<string, string[]> };
  throw new WorksheetCallError(problem.detail ?? ERR.internal, res.status, problem.errors ?? {});
}

/** The URL of a stored photo (full size, or the small preview). */
export const attachmentUrl = (worksheetId: number, attachmentId: number, preview = false) =>
  `/api/attachment/${worksheetId}/${attachmentId}${preview ? '?preview=1' : ''}`;
