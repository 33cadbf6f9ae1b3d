import type { Mode } from '../../../shared/limits';
import type { TDownloadInput } from '../../../shared/schemas/export';
import { EXPORT_FILE_NAMES, XLSX_CONTENT_TYPE } from '../../../shared/schemas/export-files';
import { AppCallError } from '../../lib/errors';
import { restFetch } from '../../lib/rest';

/**
 * POST /api/worksheet/download (spec §7) and save the answer as worsheet.csv or worsheet.xlsx. The
 * file is read as a Blob, whose bytes (byte-order mark included) are saved unchanged. Resolves when
 * the whole file arrived — with marking, that is after the server committed. Rejects an
 * AppCallError (lib/rest.ts): status 0 when the server could not be reached.
 */
export async function downloadFile(body: TDownloadInput & { mode: Mode }): Promise<{ batchId: number | null }> {
  const format = body.format ?? 'csv';
  const res = await restFetch('/api/worksheet/download', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv' },
    body: JSON.stringify(body),
  });
  await saveResponse(res, EXPORT_FILE_NAMES[format]);
  // A marking is an export batch (issue 24); the server names it before the first byte.
  const batch = Number(res.headers.get('X-Export-Batch-Id'));
  return { batchId: Number.isSafeInteger(batch) && batch > 0 ? batch : null };
}

/** GET /api/export/batch/{id}/download: the batch's file again, under the name the server gives it. */
export async function downloadBatch(id: number, fallbackName: string): Promise<void> {
  const res = await restFetch(`/api/export/batch/${id}/download`, { method: 'GET' });
  await saveResponse(res, fallbackName);
}

/** The file name of a Content-Disposition header (ours are plain ASCII in quotes). */
function dispositionName(res: Response): string | null {
  return /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? null;
}

async function saveResponse(res: Response, fallbackName: string): Promise<void> {
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (error) {
    // the connection broke off while the file came in
    throw AppCallError.network(error);
  }
  saveBlob(blob, dispositionName(res) ?? fallbackName);
}

/** Saves a Blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: some browsers start reading the URL only after click() returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
