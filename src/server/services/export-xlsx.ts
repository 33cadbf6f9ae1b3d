import { Writable } from 'node:stream';
import type { CursorFetch } from '../../../db/export-store';
import { EXPORT_COLUMNS, valueCells, type ExportColumn } from '../../../db/queries/export';
import { m } from '../../shared/paraglide/messages.js';
import { EXPORT_FILE_NAMES, EXPORT_MAX_ENTRIES, XLSX_CONTENT_TYPE } from '../../shared/schemas/export';
import { columnLabels, localeOf, unitTypeLabels } from '../csv/header';
import { csvLine } from '../csv/writer';
import { XlsxOffThread } from '../xlsx/off-thread';
import { XLSX_MAX_ROWS, XlsxWriter, type CellKind, type XlsxColumn } from '../xlsx/writer';
import type { ExportPlan } from './export';
import { openCursor, type FileHead, type WriteArgs } from './export-sink';

// A download holds at most EXPORT_MAX_ENTRIES rows, so one sheet always has room: no second sheet
// and no 413 are needed (decision 0100). Checked when the module loads, should either limit change.
if (EXPORT_MAX_ENTRIES + 1 > XLSX_MAX_ROWS) throw new Error('EXPORT_MAX_ENTRIES no longer fits one xlsx sheet');

export const XLSX_HEAD: FileHead = { contentType: XLSX_CONTENT_TYPE, fileName: EXPORT_FILE_NAMES.xlsx };

/**
 * Cell types of the workbook (issue 12): codes, numbers and names as text cells (`010`, `0042`,
 * `1E5` stay as they are), the record id and quantities numbers, dates and times real ones.
 */
const KIND: Partial<Record<ExportColumn, CellKind>> = {
  id: 'integer',
  date: 'date',
  timeFrom: 'time',
  timeTo: 'time',
  quantity: 'number',
  approvedAt: 'datetime',
};

/** Column widths in characters: codes narrow, names and descriptions wide. */
const WIDTH: Partial<Record<ExportColumn, number>> = {
  id: 10,
  date: 12,
  user: 14,
  customerNo: 14,
  customerName: 28,
  jobCode: 12,
  jobDescription: 32,
  jobTaskCode: 12,
  jobTaskDescription: 24,
  locationCode: 12,
  workTypeCode: 12,
  workTypeDescription: 22,
  unitType: 11,
  unitNo: 12,
  unitDescription: 22,
  description: 40,
  timeFrom: 9,
  timeTo: 9,
  quantity: 10,
  unitOfMeasureCode: 10,
  approvedBy: 14,
  approvedAt: 17,
};

/** The workbook's columns in the user's language. */
export function xlsxColumns(languageCode: string): XlsxColumn[] {
  const labels = columnLabels(languageCode);
  // A caption wider than the default width gets room for itself (plus the filter button).
  return EXPORT_COLUMNS.map((c, i) => ({ header: labels[i]!, kind: KIND[c] ?? 'text', width: Math.max(WIDTH[c] ?? 12, labels[i]!.length + 3) }));
}

/** Rows per FETCH. */
const FETCH_ROWS = 1000;
/** Rows written in one turn of the event loop: ~0.3 ms of work here between other requests' turns. */
const SLICE_ROWS = 200;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The workbook's cells: plain values, unit types in the file's language. */
export const xlsxCells = (plan: ExportPlan): string => valueCells(unitTypeLabels(plan.languageCode));

/**
 * Writes the workbook of `query` into the sink (called by runExport, export-stream.ts, which owns
 * the transaction, the marking, the batch and the event). The cursor reads the rows in batches;
 * bytes go out as the zip is written, the headers with the first of them. `created` stamps the
 * workbook and its zip entries, so that a batch's workbook is the same bytes every time
 * (decision 0201); without a batch it is now.
 */
export async function writeXlsx(args: WriteArgs, plan: ExportPlan, created: Date | null): Promise<number> {
  const columns = xlsxColumns(plan.languageCode);
  const sheetName = m.exp_xlsx_sheet({}, { locale: localeOf(plan.languageCode) });
  if (args.store.databaseWritesCsv) return writeXlsxOffThread(args, columns, sheetName, created);
  return writeXlsxHere(args, columns, sheetName, created);
}

/**
 * PostgreSQL (issue 25 §1, decision 0295): the database writes the rows as CSV (COPY, as for the
 * CSV file) and a worker thread turns them into the workbook. The event loop only passes bytes on,
 * as for a CSV download, so one export does not slow everyone else's requests.
 */
async function writeXlsxOffThread(args: WriteArgs, columns: XlsxColumn[], sheetName: string, created: Date | null): Promise<number> {
  const { store, rows, cells, sink, allowEmpty } = args;
  let started = false;
  const job = new XlsxOffThread({ columns, sheetName, created: (created ?? new Date()).getTime() }, (chunk) => {
    if (!started) sink.start(XLSX_HEAD);
    started = true;
    return sink.write(chunk);
  });
  try {
    const count = await store.csv(rows, cells, { delimiter: ',', columns: columns.length, line: csvLine }, (chunk) =>
      job.write(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk),
    );
    // A marking that found nothing: no byte has gone out, and the caller answers 409.
    if (count === 0 && !allowEmpty) return 0;
    return await job.end();
  } catch (error) {
    // The receiver's failure, rather than the worker's or the wait's it ended.
    throw sink.signal.aborted ? (sink.signal.reason as Error) : error;
  } finally {
    job.close();
  }
}

/** PGlite: the rows through a cursor, the workbook written here between other requests' turns. */
async function writeXlsxHere(args: WriteArgs, columns: XlsxColumn[], sheetName: string, created: Date | null): Promise<number> {
  const { sink } = args;
  const fetchCursor = await openCursor(args, columns.length);

  // Everything that can fail with a proper problem+json (rights, the UPDATE) has run: from here
  // on, bytes go out; the headers with the first of them.
  let started = false;
  const out = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      if (!started) sink.start(XLSX_HEAD);
      started = true;
      sink.write(chunk).then(() => callback(), callback);
    },
  });
  let failure: Error | null = null;
  out.on('error', (error) => (failure ??= error));
  const writer = new XlsxWriter(out, columns, sheetName, created ?? new Date());

  let rows = 0;
  // The next FETCH is asked for before this batch is written: the database reads the next rows
  // while this process turns the last ones into XML (two cores at work instead of taking turns).
  // Its failure, if it comes while a batch is written, is thrown where it is awaited.
  const ahead = () => {
    const next = fetchCursor(FETCH_ROWS);
    next.catch(() => undefined);
    return next;
  };
  let next: ReturnType<CursorFetch> | null = ahead();
  try {
    while (next) {
      const batch: Awaited<ReturnType<CursorFetch>> = await next;
      next = batch.length < FETCH_ROWS ? null : ahead();
      for (let i = 0; i < batch.length; i++) {
        // Other requests get the event loop between slices of the batch (issue 25 §1).
        if (i > 0 && i % SLICE_ROWS === 0) await yieldToOthers();
        writer.addRow(batch[i]!);
      }
      rows += batch.length;
      await writer.settle(sink.signal);
      if (failure) throw failure;
    }
    await writer.finish();
  } catch (error) {
    // The receiver's failure, rather than the AbortError of a wait it ended.
    throw failure ?? (sink.signal.aborted ? (sink.signal.reason as Error) : error);
  }
  if (failure) throw failure;
  return rows;
}
