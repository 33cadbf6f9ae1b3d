import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { bool, enumOf, id, optionalIsoDate } from '../fields';
import { MODES } from '../limits';
import { listFilterFields } from './worksheet';

/** JSON body limit of POST /api/worksheet/download: 1 000 000 ids of 7 digits and a comma, with room to spare. */
export const EXPORT_BODY_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Export sentences that are not in src/shared/errors.ts; the client translates them in
 * src/client/features/export/export-errors.ts.
 */
import { EXPORT_ERR, EXPORT_MAX_ENTRIES } from './export-files';
export { EXPORT_ERR, EXPORT_MAX_ENTRIES } from './export-files';

const ignoredAccountId = z.unknown().optional().describe('Ignored; the account is the caller’s');

const entryIds = z
  .array(id(), { error: errorToken('MUST_BE_ID_LIST') })
  .max(EXPORT_MAX_ENTRIES, EXPORT_ERR.tooManyEntries)
  .optional()
  .describe(
    'Ids of the worksheet records to download (spec §7); ids the caller may not see are ignored and the filters narrow them. Without `entries` the filters alone are the selection, exactly as GET /api/worksheet lists it (issue 38)',
  );

/** The download's file: CSV (spec §7, the default) or an Excel workbook (issue 12). */
export const EXPORT_FILE_TYPES = ['csv', 'xlsx', 'bc'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];
/** The CSV flavour: `danish` = `;` and decimal comma (Danish Excel); `international` = `,` and point. */
export const CSV_FORMATS = ['danish', 'international'] as const;
export type CsvFormatName = (typeof CSV_FORMATS)[number];

/** File names of spec §7 (sic: "worsheet"), the workbook named alike. */
export { EXPORT_FILE_NAMES, XLSX_CONTENT_TYPE } from './export-files';

/** The CSV flavour a user gets when they have not chosen one: by the app language (DAN → danish). */
export const defaultCsvFormat = (languageCode: string): CsvFormatName => (languageCode === 'DAN' ? 'danish' : 'international');

/** The remembered choice of the download modal (PUT /api/worksheet/download/preferences). */
export const ZExportPreferences = z.object({
  fileType: enumOf(EXPORT_FILE_TYPES),
  csvFormat: enumOf(CSV_FORMATS),
});
export type TExportPreferences = z.infer<typeof ZExportPreferences>;

/**
 * The list's filters (issues 24, 38), with the names of GET /api/worksheet: the file holds what the
 * list shows. A person, customer or job that does not exist, or a person the caller's tab does not
 * cover, answers 400 on its field as the list does.
 */
const filterFields = {
  from: optionalIsoDate().optional().describe('Only entries on or after this date (YYYY-MM-DD)'),
  to: optionalIsoDate().optional().describe('Only entries on or before this date (YYYY-MM-DD)'),
  customerNo: listFilterFields.customerNo.describe('Only entries of this customer'),
  jobCode: listFilterFields.jobCode.describe('Only entries of this job'),
  username: listFilterFields.username.describe('Only entries of this person (YOURS: the caller; TEAM: a user of the caller’s team)'),
  status: listFilterFields.status.describe('notApproved, approved or all (default)'),
  batchId: listFilterFields.batchId.describe('Archive only: the entries of this export batch'),
  approvedOnly: bool().optional().default(false).describe('Only approved entries, for both a plain download and a marking (decision 0310)'),
};

const periodInOrder = (v: { from?: string | null; to?: string | null }) => !v.from || !v.to || v.from <= v.to;
const periodError = { message: errorToken('DATE_RANGE'), path: ['from'] };

/** POST /api/worksheet/download (spec §7). The answer is text/csv (or xlsx with `format`), not JSON. */
const downloadFields = z.object({
  accountId: ignoredAccountId,
  entries: entryIds,
  /** The tab the entries were shown in; Basic users always get YOURS. */
  mode: enumOf(MODES).optional().describe('YOURS (default), TEAM or ALL'),
  /** Mark the downloaded entries as exported (Teamleader/Admin; not for archived entries). */
  shouldMarkAsExported: bool().optional().default(false),
  /** true: the ids are archived (exported) entries, as in the archive screen. */
  exported: bool().optional().default(false),
  /** csv (default, spec §7) or xlsx. */
  format: enumOf(EXPORT_FILE_TYPES).optional().default('csv').describe('csv (default) or xlsx'),
  /** The CSV flavour; default: the caller's remembered choice, else by language (DAN → danish). */
  csvFormat: enumOf(CSV_FORMATS).optional().describe('danish (`;`, decimal comma) or international (`,`, point); default: the user’s remembered choice, else by language'),
  ...filterFields,
});
export const ZDownloadInput = downloadFields.refine(periodInOrder, periodError);
export type TDownloadInput = z.input<typeof ZDownloadInput>;
export type TDownloadOptions = z.output<typeof ZDownloadInput>;

/** What the download modal shows before anything is downloaded. */
export const ZDownloadInfoInput = downloadFields.omit({ shouldMarkAsExported: true, format: true, csvFormat: true }).refine(periodInOrder, periodError);
export type TDownloadInfoInput = z.input<typeof ZDownloadInfoInput>;

export const ZDownloadInfo = z.object({
  /** Entries a plain download holds. */
  entries: z.number().int(),
  /** …of which not approved. */
  unapproved: z.number().int(),
  /** Entries "Download and mark as exported" would mark (0 for Basic users and in the archive). */
  markable: z.number().int(),
  /** …of which not approved (the modal warns about these). */
  markableUnapproved: z.number().int(),
  /** The caller may mark entries as exported at all (Teamleader, Admin). */
  canMark: z.boolean(),
  /** The file the modal offers first: the caller's remembered choice, else csv in the language's flavour. */
  preferences: ZExportPreferences,
});
export type TDownloadInfo = z.infer<typeof ZDownloadInfo>;

/** POST /api/worksheet/download/preview: what the download with these options would hold. */
export const ZExportPreviewInput = downloadFields.omit({ format: true, csvFormat: true }).refine(periodInOrder, periodError);
export type TExportPreviewInput = z.input<typeof ZExportPreviewInput>;

export const ZExportPreview = z.object({
  /** Entries the file would hold (with shouldMarkAsExported: the entries the marking would move). */
  entries: z.number().int(),
  /** Sum of the resource quantities (hours). */
  hours: z.number(),
  /** First and last date among them; null when none. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Entries that match everything but are left out because they are not approved (approvedOnly). */
  leftOutUnapproved: z.number().int(),
  /** Quantities per unit type and unit of measure. */
  totals: z.array(z.object({ unitType: z.enum(['Item', 'Resource']), unitOfMeasureCode: z.string(), entries: z.number().int(), quantity: z.number() })),
});
export type TExportPreview = z.infer<typeof ZExportPreview>;

/** One "download and mark as exported" (decision 0201). */
export const ZExportBatch = z.object({
  id: z.number().int(),
  /** ISO date-time */
  createdAt: z.string(),
  createdBy: z.string(),
  fileType: z.enum(EXPORT_FILE_TYPES),
  csvFormat: z.enum(CSV_FORMATS).nullable(),
  /** The language the file was written in (ENU, DAN); a re-download uses it again. */
  languageCode: z.string(),
  /** The BC profile's Document No. of the batch (account prefix + id). */
  documentNo: z.string(),
  /** The filters of the marking call (issue 38: the list's filter as it was used). */
  filters: z.object({
    mode: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    approvedOnly: z.boolean(),
    customerNo: z.string().nullable(),
    jobCode: z.string().nullable(),
    username: z.string().nullable(),
    status: z.enum(['notApproved', 'approved', 'all']).nullable(),
    /** Ids the request named; null when the filters alone were the selection. */
    requested: z.number().int().nullable(),
  }),
  entryCount: z.number().int(),
  /** SHA-256 (hex) of the file as it was sent; a re-download gives the same bytes. */
  checksum: z.string().nullable(),
});
export type TExportBatch = z.infer<typeof ZExportBatch>;

export const ZExportBatchListInput = z.object({
  /** The last id of the previous page; the next page holds older batches. */
  cursor: id().optional(),
  limit: z
    .preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().min(1).max(100))
    .optional()
    .default(25),
});
export const ZExportBatchList = z.object({ items: z.array(ZExportBatch), nextCursor: z.number().int().nullable() });
export type TExportBatchList = z.infer<typeof ZExportBatchList>;

export const ZExportBatchIdInput = z.object({ id: id() });
