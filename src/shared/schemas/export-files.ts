import { errorToken } from '../error-tokens';
import { CSV_FILE_NAME } from '../limits';
import type { ExportFileType } from './export';

// Without zod, so the client's download doesn't load it (decision 0172); re-exported by ./export.

/** At most this many ids per download (a year of a large account); the body stays under EXPORT_BODY_MAX_BYTES. */
export const EXPORT_MAX_ENTRIES = 1_000_000;

export const EXPORT_FILE_NAMES: Record<ExportFileType, string> = { csv: CSV_FILE_NAME, xlsx: 'worsheet.xlsx', bc: 'job-journal.csv' };
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const EXPORT_ERR = {
  tooManyEntries: errorToken('EXPORT_TOO_MANY', { max: EXPORT_MAX_ENTRIES }),
  preferencesNeedUser: errorToken('EXPORT_NEEDS_USER'),
  archivedCannotBeMarked: errorToken('EXPORT_ARCHIVED_MARK'),
  nothingToExport: errorToken('EXPORT_NOTHING'),
} as const;
