/*
 * CSV as DESIGN §4 wants it: UTF-8 with a byte-order mark, RFC 4180 quoting, a header row,
 * `;` and decimal comma for Danish users (what Danish Excel opens), `,` and point otherwise, and
 * cells that a spreadsheet would run as a formula neutralised with a leading apostrophe.
 *
 * On PostgreSQL the database writes the rows itself (COPY … (FORMAT csv)); this writer produces the
 * header row and, on PGlite, the rows. It quotes exactly as COPY does (a field is quoted when it
 * holds the delimiter, a double quote, CR or LF, or is the end-of-data marker `\.`), ends lines
 * with LF as COPY does, and writes NULL and '' alike as an empty field — so both backends give the
 * same bytes.
 */

export type CsvLanguage = 'ENU' | 'DAN';

export interface CsvFormat {
  delimiter: ',' | ';';
  /** '.' or ',' */
  decimal: '.' | ',';
}

/** DAN → `;` and decimal comma; every other language → `,` and point. */
export function csvFormat(language: string): CsvFormat {
  return language === 'DAN' ? { delimiter: ';', decimal: ',' } : { delimiter: ',', decimal: '.' };
}

export const BOM = '\uFEFF';
export const EOL = '\n';

/** First characters that make Excel, LibreOffice or Google Sheets treat a cell as a formula. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Whether a cell would be read as a formula (OWASP "CSV injection"). */
export function needsNeutralising(text: string): boolean {
  return text.length > 0 && FORMULA_START.has(text[0]!);
}

/** Prefixes a would-be formula with an apostrophe, which spreadsheets show as text. */
export function neutralise(text: string): string {
  return needsNeutralising(text) ? `'${text}` : text;
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
