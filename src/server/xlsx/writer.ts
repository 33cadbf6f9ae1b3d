/*
 * A streaming .xlsx writer for the export (issue 12, decision 0100; rewritten for issue 25,
 * decision 0233). Until issue 25 this was exceljs's `stream.xlsx.WorkbookWriter`: 23 s of CPU on
 * the event loop for 200 000 rows (a style object per cell), during which every other request
 * waited. Now the sheet's XML is written here as strings with the styles computed once per column,
 * and deflated by zlib on the thread pool (zip.ts): the event loop spends a few µs per row and
 * yields between batches.
 *
 * The parts are the ones exceljs wrote (same content types, relations, styles, theme, frozen
 * header, autofilter, column widths, `t="str"` text cells, the same XML escaping), so the workbook
 * reads the same in Excel, LibreOffice and exceljs. Only the bytes differ from before; a batch's
 * workbook is still the same bytes every time (the fixed `created`, decision 0201).
 *
 * Backpressure: rows are collected into a string and written to the deflate in ~64 KB pieces;
 * `settle()` waits until both the deflate's input and `out` have room; the caller awaits it after
 * every batch of rows, so a slow receiver never makes the XML pile up in memory.
 */
import type { Writable } from 'node:stream';
import theme from 'exceljs/lib/xlsx/xml/theme1.js';
import { ZipWriter, type StreamedPart } from './zip';

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

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** exceljs's xmlEncode: the five entities escaped, characters XML 1.0 forbids dropped. */
// eslint-disable-next-line no-control-regex
const NEEDS_ENCODING = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
// eslint-disable-next-line no-control-regex
const ENCODE_ALL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g;
const ENTITY: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
export function xmlEncode(text: string): string {
  if (!NEEDS_ENCODING.test(text)) return text;
  return text.replace(ENCODE_ALL, (c) => ENTITY[c] ?? '');
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - r) / 26);
  }
  return s;
}

/** Built-in number formats (ECMA-376 18.8.30) and the custom ones from 164 on. */
const BUILTIN_FMT: Record<string, number> = { '0': 1, '0.00': 2, '@': 49 };

interface Styles {
  xml: string;
  /** cellXfs index of each kind's cells */
  kind: Record<CellKind, number>;
  headerRow: number;
  headerCell: number;
}

/** styles.xml with one cell format per kind, a bold header row and bold text header cells. */
function buildStyles(): Styles {
  const kinds = Object.keys(NUM_FMT) as CellKind[];
  const custom: string[] = [];
  const fmtId = (code: string) => {
    if (BUILTIN_FMT[code] !== undefined) return BUILTIN_FMT[code];
    let i = custom.indexOf(code);
    if (i < 0) i = custom.push(code) - 1;
    return 164 + i;
  };
  const xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  const kind = {} as Record<CellKind, number>;
  for (const k of kinds) {
    kind[k] = xfs.length;
    xfs.push(`<xf numFmtId="${fmtId(NUM_FMT[k]!)}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`);
  }
  const headerRow = xfs.length;
  xfs.push('<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>');
  const headerCell = xfs.length;
  xfs.push('<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>');
  const numFmts = custom.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${xmlEncode(code)}"/>`).join('');
  const xml =
    XML_HEAD +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac x16r2" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" xmlns:x16r2="http://schemas.microsoft.com/office/spreadsheetml/2015/02/main">' +
    `<numFmts count="${custom.length}">${numFmts}</numFmts>` +
    '<fonts count="2" x14ac:knownFonts="1"><font><color theme="1"/><family val="2"/><scheme val="minor"/><sz val="11"/><name val="Calibri"/></font><font><b/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="0"/>' +
    '<tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/></styleSheet>';
  return { xml, kind, headerRow, headerCell };
}

const STYLES = buildStyles();

const CONTENT_TYPES =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>';

const ROOT_RELS =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>';

const WORKBOOK_RELS =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme" Target="theme/theme1.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

function workbookXml(sheetName: string): string {
  return (
    XML_HEAD +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr/>' +
    `<sheets><sheet sheetId="1" name="${xmlEncode(sheetName)}" state="visible" r:id="rId3"/></sheets><calcPr calcId="171027"/></workbook>`
  );
}

function appXml(sheetName: string): string {
  return (
    XML_HEAD +
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>Microsoft Excel</Application><DocSecurity>0</DocSecurity><ScaleCrop>false</ScaleCrop>' +
    '<HeadingPairs><vt:vector size="2" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant><vt:variant><vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs>' +
    `<TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>${xmlEncode(sheetName)}</vt:lpstr></vt:vector></TitlesOfParts>` +
    '<LinksUpToDate>false</LinksUpToDate><SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged><AppVersion>16.0300</AppVersion></Properties>'
  );
}

function coreXml(created: Date): string {
  const when = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:creator>Webtid</dc:creator><cp:lastModifiedBy>Webtid</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`
  );
}

/** Text collected before one write into the deflate. */
const PIECE_CHARS = 64 * 1024;

export class XlsxWriter {
  private readonly zip: ZipWriter;
  private readonly sheet: StreamedPart;
  /** per column: `<c r="` + letter, and the attributes + `<v>` after the row number */
  private readonly cellOpen: string[];
  private readonly cellMid: string[];
  private readonly lastColumn: string;
  private pending = '';
  private rows = 0;

  constructor(
    private readonly out: Writable,
    private readonly columns: readonly XlsxColumn[],
    private readonly sheetName: string,
    created: Date = new Date(),
    /** Deflate on this thread (a worker's, decision 0295) instead of zlib's thread pool. */
    deflateHere = false,
  ) {
    // One fixed time for the document properties and every zip entry: the same rows give the
    // same bytes (a batch downloaded again, decision 0201).
    this.zip = new ZipWriter(out, created, deflateHere);
    this.zip.add('[Content_Types].xml', CONTENT_TYPES);
    this.zip.add('_rels/.rels', ROOT_RELS);
    this.zip.add('docProps/app.xml', appXml(sheetName));
    this.zip.add('docProps/core.xml', coreXml(created));
    this.zip.add('xl/theme/theme1.xml', theme);
    this.zip.add('xl/styles.xml', STYLES.xml);
    this.zip.add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    this.sheet = this.zip.stream('xl/worksheets/sheet1.xml');

    const letters = columns.map((_, i) => columnLetter(i));
    this.lastColumn = letters[letters.length - 1] ?? 'A';
    this.cellOpen = letters.map((l) => `<c r="${l}`);
    this.cellMid = columns.map((c) => `" s="${STYLES.kind[c.kind]}"${c.kind === 'text' ? ' t="str"' : ''}><v>`);
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" style="${STYLES.kind[c.kind]}" customWidth="1"/>`).join('');
    const header = columns.map((c, i) => `<c r="${letters[i]}1" s="${STYLES.headerCell}" t="str"><v>${xmlEncode(c.header)}</v></c>`).join('');
    this.pending =
      XML_HEAD +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
      `<row r="1" s="${STYLES.headerRow}" customFormat="1">${header}</row>`;
  }

  /** One row of database text values, in column order. */
  addRow(cells: ReadonlyArray<string | null>): void {
    if (this.rows + 2 > XLSX_MAX_ROWS) throw new Error(`an xlsx sheet holds at most ${XLSX_MAX_ROWS - 1} rows below the header`);
    const r = this.rows + 2;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < this.columns.length; i++) {
      const value = cellValue(this.columns[i]!.kind, cells[i] ?? null);
      if (value === undefined) continue;
      xml += this.cellOpen[i]! + r + this.cellMid[i]! + (typeof value === 'number' ? String(value) : xmlEncode(value)) + '</v></c>';
    }
    this.pending += xml + '</row>';
    this.rows++;
    if (this.pending.length >= PIECE_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending === '') return;
    this.sheet.write(this.pending);
    this.pending = '';
  }

  /** The sheet's pending bytes in front of the zip (for tests and measurements). */
  backlog(): number {
    return this.sheet.backlog() + this.pending.length;
  }

  /** Resolves once the zip's input and `out` have room again (see the file comment). */
  async settle(signal: AbortSignal): Promise<void> {
    this.flush();
    await this.sheet.room(signal);
  }

  /** Autofilter over everything written, then the rest of the workbook; resolves when `out` finished. */
  async finish(): Promise<void> {
    this.pending +=
      `</sheetData><autoFilter ref="A1:${this.lastColumn}${this.rows + 1}"/>` +
      '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
    this.flush();
    await this.sheet.end();
    this.zip.add('xl/workbook.xml', workbookXml(this.sheetName));
    this.zip.finish();
    const finished = new Promise<void>((resolve, reject) => {
      this.out.once('finish', resolve);
      this.out.once('error', reject);
    });
    this.out.end();
    await finished;
  }
}
