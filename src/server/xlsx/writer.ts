/*
 * A streaming .xlsx writer for the export (issue 12, decision 0100), on exceljs's
 * `stream.xlsx.WorkbookWriter`: rows are serialised and zipped as they come, never held.
 *
 * Backpressure. exceljs writes each worksheet into its own buffer object, which writes into the zip
 * entry's deflate stream without looking at write()'s answer; only the zip → `out` leg honours
 * backpressure. So `settle()` waits until both the deflate stream (the sheet buffer's pipe) and
 * `out` have room; the caller awaits it after every batch of rows. Without that a slow receiver would
 * make the uncompressed XML pile up in memory.
 */
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';

/** How a column's text values become cells. */
export type CellKind = 'text' | 'integer' | 'number' | 'date' | 'time' | 'datetime';

export interface XlsxColumn {
  header: string;
  kind: CellKind;
  /** width in characters */
  width: number;
}

/** Rows per sheet in Excel (and LibreOffice since 7.x); the header takes one. */
export const XLSX_MAX_ROWS = 1_048_576;

const NUM_FMT: Record<CellKind, string | undefined> = {
  text: '@',
  integer: '0',
  number: '0.00',
  date: 'yyyy-mm-dd',
  time: 'hh:mm',
  datetime: 'yyyy-mm-dd hh:mm',
};

/** Excel's serial day number of a calendar date (days since 1899-12-30; 1900 date system). */
const EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

function serialDate(text: string): number {
  // 'YYYY-MM-DD'
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  return Date.UTC(y, m - 1, d) / DAY_MS + EPOCH_DAYS;
}

function serialTime(text: string): number {
  // 'HH:mm' or 'HH:mm:ss'
  const h = Number(text.slice(0, 2));
  const m = Number(text.slice(3, 5));
  const s = text.length >= 8 ? Number(text.slice(6, 8)) : 0;
  return (h * 3600 + m * 60 + s) / 86_400;
}

/** The cell value of one text value of the database (NULL → no cell). */
export function cellValue(kind: CellKind, text: string | null): string | number | undefined {
  if (text === null || text === '') return undefined;
  switch (kind) {
    case 'text':
      // A string cell is never a formula, whatever it starts with: no neutralising needed.
      return text;
    case 'integer':
    case 'number':
      return Number(text);
    case 'date':
      return serialDate(text);
    case 'time':
      return serialTime(text);
    case 'datetime':
      return serialDate(text) + serialTime(text.slice(11));
  }
}

interface SheetInternals {
  stream?: { pipes?: Writable[] };
}

interface ZipInternals {
  append(source: unknown, data: Record<string, unknown>): unknown;
  pinned?: boolean;
}
interface WriterInternals {
  zip: ZipInternals;
  created: Date;
}

/** Every zip entry gets the workbook's `created` time instead of archiver's "now". */
function pinZipDates(writer: WriterInternals): void {
  const zip = writer.zip;
  if (zip.pinned) return;
  const append = zip.append.bind(zip);
  zip.append = (source, data) => append(source, { ...data, date: writer.created });
  zip.pinned = true;
}

/**
 * exceljs's streaming writer whose zip entries all carry the workbook's `created` time (decision
 * 0201: a batch's workbook is the same bytes every time). The constructor appends the theme and
 * the package relations before it returns, so the zip is pinned in those two steps already.
 */
class PinnedTimeWorkbookWriter extends ExcelJS.stream.xlsx.WorkbookWriter {}
{
  const base = ExcelJS.stream.xlsx.WorkbookWriter.prototype as unknown as Record<'addThemes' | 'addOfficeRels', (this: WriterInternals) => Promise<void>>;
  const own = PinnedTimeWorkbookWriter.prototype as unknown as typeof base;
  for (const step of ['addThemes', 'addOfficeRels'] as const) {
    const original = base[step];
    own[step] = function (this: WriterInternals) {
      pinZipDates(this);
      return original.call(this);
    };
  }
}

/**
 * Whether a stream's write buffer is over its limit. archiver's streams come from readable-stream
 * 3, which has no `writableNeedDrain` (Node ≥ 15 only): there the internal state says it. Without
 * this fallback the wait never happened and the sheet's whole XML piled up in front of the deflate
 * (measured: ~1.1 KB per row, 45 MB at 40 000 rows).
 */
function needsDrain(stream: Writable): boolean {
  if (stream.writableNeedDrain !== undefined) return stream.writableNeedDrain;
  const state = (stream as unknown as { _writableState?: { length: number; highWaterMark: number; needDrain: boolean } })._writableState;
  return state !== undefined && state.needDrain && state.length > 0;
}

export class XlsxWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private rows = 0;

  constructor(
    private readonly out: Writable,
    private readonly columns: readonly XlsxColumn[],
    sheetName: string,
    created: Date = new Date(),
  ) {
    const options: Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions> & { created: Date; modified: Date } = {
      stream: out,
      // One fixed time for the document properties and every zip entry: the same rows give the
      // same bytes (a batch downloaded again, decision 0201).
      created,
      modified: created,
      // Shared strings would keep every distinct text in memory until the end.
      useSharedStrings: false,
      useStyles: true,
      // Level 1: XML deflates well even so; the default (6) costs far more CPU per byte.
      zip: { zlib: { level: 1 } },
    };
    this.workbook = new PinnedTimeWorkbookWriter(options);
    this.sheet = this.workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
    this.sheet.columns = columns.map((c, i) => ({ key: `c${i}`, width: c.width, style: { numFmt: NUM_FMT[c.kind] } }));
    const header = this.sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true };
    // Header cells are text, whatever the column's number format.
    header.eachCell((cell) => (cell.numFmt = '@'));
    header.commit();
  }

  /** One row of database text values, in column order. */
  addRow(cells: ReadonlyArray<string | null>): void {
    if (this.rows + 2 > XLSX_MAX_ROWS) throw new Error(`an xlsx sheet holds at most ${XLSX_MAX_ROWS - 1} rows below the header`);
    const values = new Array<string | number | undefined>(this.columns.length);
    for (let i = 0; i < this.columns.length; i++) values[i] = cellValue(this.columns[i]!.kind, cells[i] ?? null);
    this.sheet.addRow(values).commit();
    this.rows++;
  }

  /** The sheet's pending bytes in front of the zip (for tests and measurements). */
  backlog(): number {
    const deflate = (this.sheet as unknown as SheetInternals).stream?.pipes?.[0];
    return (deflate as unknown as { _writableState?: { length: number } } | undefined)?._writableState?.length ?? 0;
  }

  /** Resolves once the zip's input and `out` have room again (see the file comment). */
  async settle(signal: AbortSignal): Promise<void> {
    for (;;) {
      signal.throwIfAborted();
      const deflate = (this.sheet as unknown as SheetInternals).stream?.pipes?.[0];
      if (deflate && needsDrain(deflate)) await once(deflate, 'drain', { signal });
      else if (needsDrain(this.out)) await once(this.out, 'drain', { signal });
      else return;
    }
  }

  /** Autofilter over everything written, then the rest of the workbook; resolves when `out` finished. */
  async finish(): Promise<void> {
    this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: this.rows + 1, column: this.columns.length } };
    this.sheet.commit();
    await this.workbook.commit();
  }
}
