/*
 * CSV as DESIGN §4 wants it: UTF-8 with a byte-order mark, RFC 4180 quoting, a header row,
 * `;` and decimal comma ("Danish Excel") or `,` and point ("International"), as the user chose
 * (issue 12; by default by language), and cells that a spreadsheet would run as a formula written
 * as a formula that yields the text itself, `="…"` (decision 0100: no visible apostrophe).
 *
 * On PostgreSQL the database writes the rows itself (COPY … (FORMAT csv)); this writer produces the
 * header row and, on PGlite, the rows. It quotes exactly as COPY does (a field is quoted when it
 * holds the delimiter, a double quote, CR or LF, or is the end-of-data marker `\.`), ends lines
 * with LF as COPY does, and writes NULL and '' alike as an empty field — so both backends give the
 * same bytes.
 */

import type { CsvFormatName } from '../../shared/schemas/export';

export interface CsvFormat {
  delimiter: ',' | ';';
  /** '.' or ',' */
  decimal: '.' | ',';
}

/** danish → `;` and decimal comma (what Danish Excel opens); international → `,` and point. */
export function csvFormat(format: CsvFormatName): CsvFormat {
  return format === 'danish' ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' };
}

export const BOM = '\uFEFF';
export const EOL = '\n';

/** First characters that make Excel, LibreOffice or Google Sheets treat a cell as a formula. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Whether a cell would be read as a formula (OWASP "CSV injection"). */
export function needsNeutralising(text: string): boolean {
  return text.length > 0 && FORMULA_START.has(text[0]!);
}

/**
 * Writes a would-be formula as `="<text>"` (quotes doubled): a formula whose result is the text
 * itself, so a spreadsheet shows the text as it is, with no visible apostrophe, and runs nothing.
 * Checked in LibreOffice 7.4 (decision 0100); a leading tab is no option, since OWASP lists tab
 * itself among the characters that start a formula.
 */
export function neutralise(text: string): string {
  return needsNeutralising(text) ? `="${text.replaceAll('"', '""')}"` : text;
}

/** One field, quoted when RFC 4180 (and COPY) would quote it. */
export function csvField(value: string | null | undefined, delimiter: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (value.includes('"')) return `"${value.replaceAll('"', '""')}"`;
  if (value.includes(delimiter) || value.includes('\n') || value.includes('\r') || value === '\\.') return `"${value}"`;
  return value;
}

/** One line, LF-terminated. Values are written as they are: neutralise user text before. */
export function csvLine(values: ReadonlyArray<string | null | undefined>, delimiter: string): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += delimiter;
    line += csvField(values[i], delimiter);
  }
  return line + EOL;
}
