/*
 * The multipart body of POST/PUT /api/worksheet (decision 0041). No `window` and no app imports, so
 * the service worker's outbox sender (src/client/offline/outbox-sync.ts) builds the very same request.
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

export function toFormData(fields: WorksheetFieldsOut, opts: SubmitOptions): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== '') fd.append(key, value);
  if (opts.id !== undefined) fd.append('id', String(opts.id));
  if (opts.version !== undefined) fd.append('version', String(opts.version));
  // An empty value means "keep none"; the field is always sent on update so nothing is kept by accident.
  if (opts.keepAttachmentIds !== undefined) fd.append('existingAttachments', opts.keepAttachmentIds.join(','));
  for (const file of opts.files) fd.append('attachments', file, file.name);
  return fd;
}
