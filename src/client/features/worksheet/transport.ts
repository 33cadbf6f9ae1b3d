import { ZWorksheetRecord, type TCreateWorksheetInput, type TWorksheetRecord } from '../../../shared/schemas/worksheet';
import { problemOfResponse, type Problem } from '../../lib/problem';

/*
 * The one worksheet transport (issue 20 §5): POST/PUT /api/worksheet as multipart/form-data
 * (decision 0041, kept over tRPC's FormData: docs/decisions/0246-one-worksheet-transport.md),
 * sent by the page (ws-api.ts `submitWorksheet`, the entry form and the outbox's page sender) and
 * by the service worker (offline/outbox-sync.ts) through the same typed function, `sendWorksheet`.
 * The answer is checked against the shared schema (ZWorksheetRecord), a refusal read by the one
 * problem+json reader (lib/problem.ts). No `window` and no app imports: the worker bundles it.
 */

/** The fields the form sends, named by the shared schema (a renamed field fails to compile here); '' = not sent. */
export type WorksheetFieldName = Exclude<keyof TCreateWorksheetInput, 'accountId' | 'username'>;
export type WorksheetFieldsOut = Record<WorksheetFieldName, string>;

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

/** fetch() on the app's origin: a path and init (the page's fetch, the worker's, or a test's with a cookie). */
export type OriginFetch = (path: string, init: RequestInit) => Promise<Response>;

/** What a send came to: the stored record, the server's refusal, or no answer at all (`cause`: fetch's error). */
export type WorksheetAnswer = { kind: 'stored'; record: TWorksheetRecord } | { kind: 'refused'; problem: Problem } | { kind: 'unreached'; cause: unknown };

/** POST (create) or PUT (update, `opts.id`) /api/worksheet. */
export async function sendWorksheet(fetchOnOrigin: OriginFetch, fields: WorksheetFieldsOut, opts: SubmitOptions, signal?: AbortSignal): Promise<WorksheetAnswer> {
  let res: Response;
  try {
    res = await fetchOnOrigin('/api/worksheet', {
      method: opts.id === undefined ? 'POST' : 'PUT',
      body: toFormData(fields, opts),
      headers: { Accept: 'application/json', ...(opts.idempotencyKey ? { 'Idempotency-Key': opts.idempotencyKey } : {}) },
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    return { kind: 'unreached', cause };
  }
  if (!res.ok) return { kind: 'refused', problem: await problemOfResponse(res) };
  return { kind: 'stored', record: ZWorksheetRecord.parse(await res.json()) };
}

/** What a delete came to: done (204), the server's refusal, or no answer at all. */
export type DeleteAnswer = { kind: 'deleted' } | { kind: 'refused'; problem: Problem } | { kind: 'unreached'; cause: unknown };

/**
 * DELETE /api/worksheet `{id, version}` (decision 0471): the grid's cleared cell and the outbox's
 * queued removal, with the version it was loaded with (409 STALE when changed since) and, when
 * given, an `Idempotency-Key` (a retry of a delete that reached the server answers 204 again).
 */
export async function deleteWorksheet(fetchOnOrigin: OriginFetch, target: { id: number; version?: number }, idempotencyKey?: string): Promise<DeleteAnswer> {
  let res: Response;
  try {
    res = await fetchOnOrigin('/api/worksheet', {
      method: 'DELETE',
      body: JSON.stringify(target.version === undefined ? { id: target.id } : { id: target.id, version: target.version }),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
      credentials: 'same-origin',
    });
  } catch (cause) {
    return { kind: 'unreached', cause };
  }
  if (!res.ok) return { kind: 'refused', problem: await problemOfResponse(res) };
  return { kind: 'deleted' };
}
