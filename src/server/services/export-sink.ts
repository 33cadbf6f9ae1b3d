import type { CursorFetch, ExportStore } from '../../../db/export-store';
import type { ExportRows } from '../../../db/queries/export';
import { EXPORT_ERR } from '../../shared/schemas/export';
import { AppError } from '../errors';

/* What every export format writes to, and what it gets (export-stream.ts and export-xlsx.ts share it). */

/** What the response says about the file. */
export interface FileHead {
  contentType: string;
  fileName: string;
  /** the export batch the file is (X-Export-Batch-Id) */
  batchId?: number;
}

/**
 * Where the file goes (the HTTP response). `start` sends the status and headers (and `first`, e.g.
 * the CSV's BOM and header line) before the first row, or alone for an empty file; `write`
 * resolves when the receiver has room for more and rejects once the receiver is gone or stalled;
 * `beforeCommit` resolves when everything written so far has left the process, and rejects if the
 * receiver went away meanwhile. `signal` aborts when the receiver is gone or stalled.
 */
export interface DownloadSink {
  start(head: FileHead, first?: string): void;
  write(chunk: Buffer | string): Promise<void>;
  beforeCommit(): Promise<void>;
  readonly signal: AbortSignal;
}

/** What a format writer gets: the export's transaction, its rows and cells, where the bytes go. */
export interface WriteArgs {
  store: ExportStore;
  rows: ExportRows;
  cells: string;
  sink: DownloadSink;
  /** false when marking: a writer that got no row must not start the sink (409 follows) */
  allowEmpty: boolean;
}

export const nothingToExport = () => new AppError('CONFLICT', EXPORT_ERR.nothingToExport);

/** The cursor of a cursor-read format (the workbook); a marking that found nothing answers 409 before any byte. */
export async function openCursor({ store, rows, cells }: WriteArgs, columns: number): Promise<CursorFetch> {
  const fetch = await store.cursor(rows, cells, columns);
  if (!fetch) throw nothingToExport();
  return fetch;
}
