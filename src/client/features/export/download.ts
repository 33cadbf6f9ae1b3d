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
export async function downloadFile(body: TDownloadInput & { mode: Mode }): Promise<void> {
  const format = body.format ?? 'csv';
  const res = await restFetch('/api/worksheet/download', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv' },
    body: JSON.stringify(body),
  });
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch (error) {
    // the connection broke off while the file came in
    throw AppCallError.network(error);
  }
  saveBlob(blob, EXPORT_FILE_NAMES[format]);
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
