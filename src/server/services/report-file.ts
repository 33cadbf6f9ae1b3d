import type { Writable } from 'node:stream';
import { m } from '../../shared/paraglide/messages.js';
import type { ReportGroup, TReport, TReportLine } from '../../shared/schemas/report';
import { localeOf } from '../csv/header';
import { neutralise } from '../../shared/formula-guard';
import { REPORT_GROUP_NAME } from '../../shared/report-groups';
import { BOM, csvFormat, csvLine } from '../csv/writer';
import { XlsxWriter, type CellKind, type XlsxColumn } from '../xlsx/writer';
import type { CsvFormatName } from '../../shared/schemas/export';

/** Levels whose values have a readable name beside the code. */
const LABELLED = new Set<ReportGroup>(['job', 'jobTask', 'customer', 'workType', 'unit']);

/** The shown key: a unit's number without its type prefix. */
const shownKey = (group: ReportGroup, key: string | null) => (key !== null && group === 'unit' ? key.slice(key.indexOf(':') + 1) : key);

interface FileColumn extends XlsxColumn {
  value: (line: TReportLine, kind: 'row' | 'subtotal' | 'total') => string | null;
}

/** The columns of a report file: per level its key (and name), then the measures, in the user's language. */
export function reportColumns(report: TReport, languageCode: string): FileColumn[] {
  const locale = localeOf(languageCode);
  const cols: FileColumn[] = [];
  report.groups.forEach((g, i) => {
    cols.push({
      header: REPORT_GROUP_NAME[g]({}, { locale }),
      kind: 'text',
      width: 16,
      value: (l, kind) => {
        if (kind === 'total') return i === 0 ? m.rep_total({}, { locale }) : null;
        if (kind === 'subtotal' && i === 1) return m.rep_subtotal({}, { locale });
        return shownKey(g, l.keys[i] ?? null) ?? m.rep_empty_key({}, { locale });
      },
    });
    if (LABELLED.has(g))
      cols.push({ header: `${REPORT_GROUP_NAME[g]({}, { locale })} – ${m.rep_col_name({}, { locale })}`, kind: 'text', width: 28, value: (l) => l.labels[i] ?? null });
  });
  const num = (header: string, kind: CellKind, get: (l: TReportLine) => number | undefined): FileColumn => ({
    header,
    kind,
    width: 12,
    value: (l) => {
      const v = get(l);
      return v === undefined ? null : String(v);
    },
  });
  if (report.measures.includes('hours')) cols.push(num(m.rep_col_hours({}, { locale }), 'number', (l) => l.hours));
  if (report.measures.includes('quantity'))
    for (const u of report.units) cols.push(num(`${u.label} (${u.code})`, 'number', (l) => l.quantities?.find((q) => q.code === u.code)?.quantity ?? 0));
  if (report.measures.includes('entries')) cols.push(num(m.rep_col_entries({}, { locale }), 'integer', (l) => l.entries));
  if (report.measures.includes('approved'))
    cols.push(num(m.rep_col_approved({}, { locale }), 'number', (l) => (l.approvedShare === undefined ? undefined : Math.round(l.approvedShare * 10000) / 100)));
  if (report.measures.includes('exported'))
    cols.push(num(m.rep_col_exported({}, { locale }), 'number', (l) => (l.exportedShare === undefined ? undefined : Math.round(l.exportedShare * 10000) / 100)));
  return cols;
}

/** The lines in reading order: each first-level value's rows followed by its subtotal, then the total. */
export function* reportLines(report: TReport): Generator<[TReportLine, 'row' | 'subtotal' | 'total']> {
  if (report.groups.length === 2) {
    const subtotals = new Map(report.subtotals.map((s) => [s.keys[0] ?? null, s]));
    let current: string | null | undefined;
    for (const row of report.rows) {
      const k = row.keys[0] ?? null;
      if (current !== undefined && k !== current) yield [subtotals.get(current)!, 'subtotal'];
      current = k;
      yield [row, 'row'];
    }
    if (current !== undefined) yield [subtotals.get(current)!, 'subtotal'];
  } else for (const row of report.rows) yield [row, 'row'];
  yield [report.total, 'total'];
}

/** The report as CSV text (BOM, header, formula guard as the export's, decision 0100). */
export function reportCsv(report: TReport, languageCode: string, format: CsvFormatName): string {
  const csv = csvFormat(format);
  const cols = reportColumns(report, languageCode);
  // Headers carry data too (a unit of measure's description `=1 unit`): the same guard (issue 37 §6).
  let out =
    BOM +
    csvLine(
      cols.map((c) => neutralise(c.header)),
      csv.delimiter,
    );
  for (const [line, kind] of reportLines(report)) {
    const values = cols.map((c) => {
      const v = c.value(line, kind);
      if (v === null) return null;
      if (c.kind === 'text') return neutralise(v);
      return csv.decimal === ',' ? v.replace('.', ',') : v;
    });
    out += csvLine(values, csv.delimiter);
  }
  return out;
}

/** The report as an xlsx workbook with typed cells, written to `out` (the export's writer, decision 0100). */
export async function writeReportXlsx(out: Writable, report: TReport, languageCode: string, signal: AbortSignal): Promise<void> {
  const cols = reportColumns(report, languageCode);
  const writer = new XlsxWriter(out, cols, m.rep_title({}, { locale: localeOf(languageCode) }));
  for (const [line, kind] of reportLines(report)) {
    writer.addRow(cols.map((c) => c.value(line, kind)));
    await writer.settle(signal);
  }
  await writer.finish();
}
