import { EXPORT_COLUMNS, type ExportColumn, type ExportFormat } from '../../../db/queries/export';
import { m } from '../../shared/paraglide/messages.js';
import { defaultCsvFormat, type CsvFormatName } from '../../shared/schemas/export';
import { csvFormat, csvLine, type CsvFormat } from './writer';

type Locale = 'en' | 'da';
type Label = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** Header labels of the CSV columns: messages, like every text a person reads (DESIGN §3). */
const LABELS: Record<ExportColumn, Label> = {
  id: m.exp_csv_id,
  date: m.exp_csv_date,
  user: m.exp_csv_user,
  customerNo: m.exp_csv_customer_no,
  customerName: m.exp_csv_customer_name,
  jobCode: m.exp_csv_job_code,
  jobDescription: m.exp_csv_job_description,
  jobTaskCode: m.exp_csv_job_task_code,
  jobTaskDescription: m.exp_csv_job_task_description,
  locationCode: m.exp_csv_location_code,
  workTypeCode: m.exp_csv_work_type_code,
  workTypeDescription: m.exp_csv_work_type_description,
  unitType: m.exp_csv_unit_type,
  unitNo: m.exp_csv_unit_no,
  unitDescription: m.exp_csv_unit_description,
  description: m.exp_csv_description,
  timeFrom: m.exp_csv_time_from,
  timeTo: m.exp_csv_time_to,
  quantity: m.exp_csv_quantity,
  unitOfMeasureCode: m.exp_csv_unit_of_measure,
  approvedBy: m.exp_csv_approved_by,
  approvedAt: m.exp_csv_approved_at,
};

/** DAN → Danish; everything else English (spec §1). */
export const localeOf = (languageCode: string): Locale => (languageCode === 'DAN' ? 'da' : 'en');

export interface CsvDialect {
  csv: CsvFormat;
  sql: ExportFormat;
  /** The header line, LF-terminated. */
  header: string;
}

/** The column captions in the user's language, in EXPORT_COLUMNS order (CSV and workbook). */
export function columnLabels(languageCode: string): string[] {
  const locale = localeOf(languageCode);
  return EXPORT_COLUMNS.map((c) => LABELS[c]({}, { locale }));
}

/** The unit type values as the files show them, in the user's language. */
export function unitTypeLabels(languageCode: string): ExportFormat['unitTypeLabels'] {
  const locale = localeOf(languageCode);
  return { Item: m.exp_csv_item({}, { locale }), Resource: m.exp_csv_resource({}, { locale }) };
}

/**
 * Everything about one CSV download: headers and unit types follow the language; separator and
 * decimal mark follow the chosen flavour (issue 12), by default the language's.
 */
export function csvDialect(languageCode: string, format: CsvFormatName = defaultCsvFormat(languageCode)): CsvDialect {
  const csv = csvFormat(format);
  const header = csvLine(columnLabels(languageCode), csv.delimiter);
  return {
    csv,
    header,
    sql: { decimalComma: csv.decimal === ',', unitTypeLabels: unitTypeLabels(languageCode) },
  };
}
