import type { Mode } from '../../../shared/limits';
import type { TDownloadInput } from '../../../shared/schemas/export';
import { EXPORT_FILE_NAMES, XLSX_CONTENT_TYPE } from '../../../shared/schemas/export-files';
import { ERR } from '../../../shared/errors';
import { translateExportError } from './export-errors';

/** A failed download: the server's problem detail (translated), and the status. */
export class DownloadError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/**
 * POST /api/worksheet/download (spec §7) and save the answer as worsheet.csv or worsheet.xlsx. The
 * file is read as a Blob, whose bytes (byte-order mark included) are saved unchanged. Resolves when
 * the whole file arrived — with marking, that is after the server committed.
 */
export async function downloadFile(body: TDownloadInput & { mode: Mode }): Promise<void> {
  const format = body.format ?? 'csv';
  let res: Response;
  try {
    res = await fetch('/api/worksheet/download', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new DownloadError(error instanceof Error ? error.message : String(error), 0);
  }
  if (res.status === 401) {
    // Spec §2: any 401 sends the user to the login page.
    window.location.assign('/login');
    throw new DownloadError(translateExportError(ERR.unauthorized), 401);
  }
  if (!res.ok) {
    let detail = res.statusText;
    try {
      detail = ((await res.json()) as { detail?: string }).detail ?? detail;
    } catch {
      // not problem+json
    }
    throw new DownloadError(translateExportError(detail), res.status);
  }
  const blob = await res.blob();
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
