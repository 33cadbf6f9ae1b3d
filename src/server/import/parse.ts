import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { coded } from '../../shared/error-codes';
import { IMPORT_MAX_ROWS, IMPORT_MAX_UNPACKED_BYTES } from '../../shared/limits';
import { AppError } from '../errors';

/*
 * Reads an uploaded CSV or xlsx file into a table of texts (issue 42 §1, decision 0380): the
 * first row holds the column captions, every further non-empty row is a record with its row
 * number in the file (what the report names). Cells are texts exactly as they would be typed; a
 * formula cell (xlsx) is marked, so that its row is refused rather than importing a cached result.
 */

/** A cell: its text, or a formula (refused per row). */
export type Cell = string | { formula: true };

export interface ParsedRow {
  /** 1-based row (line) number in the file; the captions are row 1 */
  row: number;
  cells: Cell[];
}

export interface ParsedTable {
  kind: 'csv' | 'xlsx' | 'json';
  captions: string[];
  rows: ParsedRow[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MB = (n: number) => Math.round(n / 1024 / 1024);

const notImportable = () => new AppError('UNSUPPORTED_MEDIA_TYPE', coded('IMPORT_FILE_TYPE'));

/** A zip's entries' uncompressed sizes from its central directory (a zip bomb is refused before it is unpacked). */
export function unpackedSize(data: Buffer): number {
  // End of central directory: signature 0x06054b50, at most 64 KiB of comment after it.
  const from = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= from; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new AppError('BAD_REQUEST', coded('IMPORT_UNREADABLE'));
  const count = data.readUInt16LE(eocd + 10);
  let offset = data.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw new AppError('BAD_REQUEST', coded('IMPORT_UNREADABLE'));
    const size = data.readUInt32LE(offset + 24);
    // 0xffffffff: a zip64 entry (over 4 GiB unpacked): far beyond the limit anyway
    total += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    offset += 46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
  return total;
}

/** "1.234,5" → "1234.5", "1,234.5" → "1234.5", "7,5" → "7.5"; anything else unchanged. */
export function normalizeDecimal(text: string): string {
  const s = text.trim();
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) return s.replace(/\./g, '').replace(',', '.');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) return s.replace(/,/g, '');
  if (/^-?\d+,\d+$/.test(s)) return s.replace(',', '.');
  return s;
}

/** A date as BC or Excel writes it (28-11-2026, 28.11.2026, 28/11/2026, 2026-11-28) → ISO; anything else unchanged. */
export function normalizeDate(text: string): string {
  const s = text.trim();
  const dmy = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(s);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00(?::00(?:\.000)?)?Z?)?$/.exec(s);
  return iso ? iso[1]! : s;
}

/** `;` or `,`: whichever occurs more often outside quotes in the first line (Danish Excel writes `;`). */
export function detectDelimiter(text: string): ';' | ',' {
  let semi = 0;
  let comma = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semi++;
    else if (!quoted && ch === ',') comma++;
  }
  return semi >= comma && semi > 0 ? ';' : comma > 0 ? ',' : ';';
}

function decodeText(data: Buffer): string {
  const body = data.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])) ? data.subarray(3) : data;
  if (body.includes(0)) throw notImportable();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Older Danish Excel saves "CSV (semikolonsepareret)" in Windows-1252
    return new TextDecoder('windows-1252').decode(body);
  }
}

function tooManyRows(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', coded('IMPORT_TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS }));
}

function readCsv(data: Buffer): ParsedTable {
  const text = decodeText(data);
  const delimiter = detectDelimiter(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      bom: true,
    }) as unknown as typeof records;
  } catch {
    throw new AppError('BAD_REQUEST', coded('IMPORT_UNREADABLE'));
  }
  if (records.length === 0) throw new AppError('BAD_REQUEST', coded('IMPORT_EMPTY'));
  if (records.length - 1 > IMPORT_MAX_ROWS) throw tooManyRows();
  const [head, ...rest] = records;
  return { kind: 'csv', captions: head!.record.map((c) => c.trim()), rows: rest.map((r) => ({ row: r.info.lines, cells: r.record })) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One xlsx cell as the text it shows, without locale (numbers with a point, dates ISO). */
function cellText(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) {
    const d = value;
    const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    return d.getUTCHours() || d.getUTCMinutes() ? `${date}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : date;
  }
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { formula: true };
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
}

/** The streaming reader's sheet: its name is there at run time (from workbook.xml), missing from exceljs's types. */
type SheetReader = AsyncIterable<ExcelJS.Row> & { name?: string };

/**
 * The xlsx's one sheet with data, read row by row from the zip (exceljs's streaming WorkbookReader,
 * decision 0492): only the rows' texts are kept, not exceljs's model of every cell, which held
 * ~130 MB for 20 000 items. Sheets after the first with data are read through to name them in
 * IMPORT_SEVERAL_SHEETS, their rows not kept.
 */
async function readXlsx(data: Buffer): Promise<ParsedTable> {
  if (unpackedSize(data) > IMPORT_MAX_UNPACKED_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', coded('IMPORT_UNPACKED_TOO_LARGE', { max: MB(IMPORT_MAX_UNPACKED_BYTES) }));
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let captions: string[] | null = null;
  const rows: ParsedRow[] = [];
  const sheetsWithData: string[] = [];
  try {
    for await (const sheet of reader as AsyncIterable<SheetReader>) {
      const name = sheet.name ?? '';
      for await (const row of sheet) {
        if (sheetsWithData.length > 1 || (sheetsWithData.length === 1 && sheetsWithData[0] !== name)) {
          // a further sheet with data: named in the refusal, its rows not read
          if (!sheetsWithData.includes(name) && row.hasValues) sheetsWithData.push(name);
          continue;
        }
        const cells: Cell[] = [];
        const width = row.cellCount;
        for (let c = 1; c <= width; c++) cells[c - 1] = cellText(row.getCell(c).value);
        if (cells.every((x) => x === '' || (typeof x === 'string' && x.trim() === ''))) continue;
        if (sheetsWithData.length === 0) sheetsWithData.push(name);
        if (captions === null) captions = cells.map((x) => (typeof x === 'string' ? x.trim() : ''));
        else {
          rows.push({ row: row.number, cells });
          if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
        }
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('BAD_REQUEST', coded('IMPORT_UNREADABLE'));
  }
  if (sheetsWithData.length > 1) throw new AppError('BAD_REQUEST', coded('IMPORT_SEVERAL_SHEETS', { sheets: sheetsWithData.join(', ') }));
  if (captions === null) throw new AppError('BAD_REQUEST', coded('IMPORT_EMPTY'));
  return { kind: 'xlsx', captions, rows };
}

/** The table of an uploaded file: xlsx by its zip signature, else CSV text; anything else 415. */
export async function parseUpload(data: Buffer): Promise<ParsedTable> {
  if (data.length === 0) throw new AppError('BAD_REQUEST', coded('IMPORT_EMPTY'));
  if (data.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(data);
  // Other binary formats (xls, pdf, images) carry NUL bytes or control characters early on.
  const head = data.subarray(0, 4096);
  // eslint-disable-next-line no-control-regex -- exactly what a text file must not hold
  if (/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(head.toString('latin1'))) throw notImportable();
  return readCsv(data);
}
