import type { Writable } from 'node:stream';
import { neutralise } from '../../shared/formula-guard';
import { m } from '../../shared/paraglide/messages.js';
import type { TImportReport } from '../../shared/schemas/import';
import { localeOf } from '../csv/header';
import { BOM, csvLine, EOL } from '../csv/writer';
import { XlsxWriter, type XlsxColumn } from '../xlsx/writer';

/*
 * Issue 42 §5: an import's report downloaded again, as CSV (UTF-8 with BOM, `;` for Danish
 * Excel, `,` otherwise) or an xlsx sheet: one line per change or refusal (a created or
 * unchanged row is one line), so that it filters in Excel.
 */

type Line = [row: string, key: string, status: string, field: string, old: string, value: string, column: string, code: string, detail: string];

function lines(report: TImportReport, locale: 'en' | 'da'): Line[] {
  const status = {
    created: m.imp_status_created({}, { locale }),
    changed: m.imp_status_changed({}, { locale }),
    unchanged: m.imp_status_unchanged({}, { locale }),
    refused: m.imp_status_refused({}, { locale }),
  };
  const out: Line[] = [];
  for (const r of report.rows) {
    const head = [String(r.row), r.key, status[r.status]] as const;
    if (r.status === 'changed') for (const c of r.changes) out.push([...head, c.field, c.old ?? '', c.new ?? '', '', '', '']);
    else if (r.status === 'refused') for (const e of r.errors) out.push([...head, e.field ?? '', '', '', e.column ?? '', e.error.code, e.detail]);
    else out.push([...head, '', '', '', '', '', '']);
  }
  return out;
}

function headers(locale: 'en' | 'da'): string[] {
  return [
    m.imp_col_row({}, { locale }),
    m.imp_col_key({}, { locale }),
    m.imp_col_status({}, { locale }),
    m.imp_file_field({}, { locale }),
    m.imp_file_old({}, { locale }),
    m.imp_file_new({}, { locale }),
    m.imp_file_column({}, { locale }),
    m.imp_file_code({}, { locale }),
    m.imp_col_details({}, { locale }),
  ];
}

export function importReportCsv(report: TImportReport, languageCode: string): string {
  const locale = localeOf(languageCode);
  const delimiter = locale === 'da' ? ';' : ',';
  // a text that starts like a formula is neutralised, as every CSV the app writes (formula-guard)
  return BOM + [headers(locale), ...lines(report, locale).map((l) => l.map((v) => neutralise(v)))].map((l) => csvLine(l, delimiter)).join(EOL) + EOL;
}

export async function writeImportReportXlsx(out: Writable, report: TImportReport, languageCode: string, signal: AbortSignal): Promise<void> {
  const locale = localeOf(languageCode);
  const widths = [8, 20, 12, 20, 24, 24, 20, 24, 60];
  const cols: XlsxColumn[] = headers(locale).map((header, i) => ({ header, kind: i === 0 ? 'integer' : 'text', width: widths[i]! }));
  const writer = new XlsxWriter(out, cols, m.imp_title({}, { locale }));
  for (const l of lines(report, locale)) {
    writer.addRow(l);
    await writer.settle(signal);
  }
  await writer.finish();
}
