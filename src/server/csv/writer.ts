/*
 * CSV as DESIGN §4 wants it: UTF-8 with a byte-order mark, RFC 4180 quoting, a header row,
 * `;` and decimal comma ("Danish Excel") or `,` and point ("International"), as the user chose
 * (issue 12; by default by language), and cells that a spreadsheet would run as a formula written
 * as a formula that yields the text itself, `="…"` (decision 0100: no visible apostrophe) — that
 * guard is written once, in the SQL that formats the cells (`guarded`, db/queries/export.ts).
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

/** One field, quoted when RFC 4180 (and COPY) would quote it. */
export function csvField(value: string | null | undefined, delimiter: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (value.includes('"')) return `"${value.replaceAll('"', '""')}"`;
  if (value.includes(delimiter) || value.includes('\n') || value.includes('\r') || value === '\\.') return `"${value}"`;
  return value;
}

/** One line, LF-terminated. Values are written as they are: the formula guard is the SQL's (`guarded`, db/queries/export.ts). */
export function csvLine(values: ReadonlyArray<string | null | undefined>, delimiter: string): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += delimiter;
    line += csvField(values[i], delimiter);
  }
  return line + EOL;
}
