import {
  downloadCounts,
  exportPreview,
  findBatch,
  getExportPreferences,
  listBatches,
  setExportPreferences,
  type BatchHead,
  type ExportFilters,
  type ExportScope,
} from '../../../db/queries/export';
import type { Db } from '../../../db/queries/export';
import { ERR, cannotBe } from '../../shared/errors';
import { effectiveMode } from '../../shared/permissions';
import {
  defaultCsvFormat,
  EXPORT_ERR,
  type CsvFormatName,
  type ExportFileType,
  type TDownloadInfo,
  type TDownloadOptions,
  type TExportBatch,
  type TExportBatchList,
  type TExportPreferences,
  type TExportPreview,
  type ZDownloadInfoInput,
  type ZExportBatchListInput,
  type ZExportPreviewInput,
} from '../../shared/schemas/export';
import type { z } from 'zod';
import type { Actor, Context } from '../context';
import { AppError } from '../errors';
import { listFilter } from './worksheet-read';

/** What one download does, after the role checks of DESIGN §4. */
export interface ExportPlan {
  scope: ExportScope;
  /** mark the records as exported in the same transaction */
  mark: boolean;
  languageCode: string;
  /** csv (spec §7) or xlsx */
  fileType: ExportFileType;
  /** The CSV flavour (issue 12): the request's, else the user's remembered one, else by language. */
  csvFormat: CsvFormatName;
  /** the caller's app_user.id (null for the API key), kept with a batch */
  userId: number | null;
  /** the person filter as the request named it, kept with a batch (issue 38) */
  filterUsername: string | null;
}

/**
 * Who may download what (DESIGN §4): everyone the entries they can see in the tab (Basic always
 * YOURS; ALL is an admin tab); marking as exported is Teamleader/Admin only, never for archived
 * entries, and covers only what they may manage — Admin any record, Teamleader the TEAM scope.
 */
export function planExport(
  actor: Actor,
  input: Pick<TDownloadOptions, 'mode' | 'exported' | 'shouldMarkAsExported'> &
    Partial<Pick<TDownloadOptions, 'format' | 'csvFormat' | 'from' | 'to' | 'approvedOnly' | 'entries' | 'username'>>,
  remembered: CsvFormatName | null = null,
  listFilters: Omit<ExportFilters, 'from' | 'to' | 'approvedOnly'> = {},
): ExportPlan {
  const mode = effectiveMode(actor.profileType, input.mode);
  if (mode === null) throw new AppError('FORBIDDEN', ERR.forbidden);
  const mark = input.shouldMarkAsExported;
  if (mark && actor.profileType === 'Basic') throw new AppError('FORBIDDEN', ERR.forbidden);
  if (mark && input.exported) {
    throw new AppError('BAD_REQUEST', EXPORT_ERR.archivedCannotBeMarked, { shouldMarkAsExported: [cannotBe('shouldMarkAsExported', 'true')] });
  }
  return {
    mark,
    userId: actor.userId,
    filterUsername: input.username ?? null,
    languageCode: actor.languageCode,
    fileType: input.format ?? 'csv',
    csvFormat: input.csvFormat ?? remembered ?? defaultCsvFormat(actor.languageCode),
    scope: {
      accountId: actor.accountId,
      viewer: actor.username,
      teamCode: actor.teamCode,
      mode,
      manage: actor.profileType === 'Admin' ? 'any' : actor.profileType === 'Teamleader' ? 'team' : 'none',
      exported: input.exported,
      filters: { from: input.from ?? null, to: input.to ?? null, approvedOnly: input.approvedOnly ?? false, ...listFilters },
      byIds: input.entries !== undefined,
    },
  };
}

type FilterInput = Pick<TDownloadOptions, 'mode' | 'exported' | 'customerNo' | 'jobCode' | 'username' | 'status' | 'batchId' | 'from' | 'to'>;

/**
 * The list's filters checked as the list checks them (issue 38: the file holds what the list shows,
 * and a filter the list refuses is refused here with the same 400 on its field).
 */
async function checkedFilters(db: Db, actor: Actor, input: FilterInput): Promise<Omit<ExportFilters, 'from' | 'to' | 'approvedOnly'>> {
  const f = await listFilter(db, actor, {
    mode: input.mode,
    exported: input.exported,
    customerNo: input.customerNo,
    jobCode: input.jobCode,
    username: input.username,
    status: input.status,
    batchId: input.batchId,
    from: input.from,
    to: input.to,
  });
  return { customerNo: f.customerNo, jobCode: f.jobCode, ownerId: f.ownerId, status: f.status ?? null, batchId: f.batchId ?? null };
}

/**
 * planExport for a download request: a CSV without an explicit `csvFormat` takes the caller's
 * remembered flavour (one look-up), else the language's.
 */
export async function planDownload(db: Db, actor: Actor, input: TDownloadOptions): Promise<ExportPlan> {
  const remembered = input.format === 'csv' && !input.csvFormat ? (await rememberedPreferences(db, actor)).csvFormat : null;
  planExport(actor, input); // the role checks before any look-up
  return planExport(actor, input, remembered, await checkedFilters(db, actor, input));
}

/** The numbers the download modal shows (and its warning about unapproved entries). */
export async function downloadInfo(ctx: Context & { actor: Actor }, input: z.output<typeof ZDownloadInfoInput>): Promise<TDownloadInfo> {
  planExport(ctx.actor, { ...input, shouldMarkAsExported: false });
  const plan = planExport(ctx.actor, { ...input, shouldMarkAsExported: false }, null, await checkedFilters(ctx.db, ctx.actor, input));
  const canMark = plan.scope.manage !== 'none' && !input.exported;
  const preferences = await exportPreferences(ctx.db, ctx.actor);
  if (input.entries?.length === 0) return { entries: 0, unapproved: 0, markable: 0, markableUnapproved: 0, canMark, preferences };
  const counts = await downloadCounts(ctx.db, canMark ? plan.scope : { ...plan.scope, manage: 'none' }, input.entries ?? null);
  return { ...counts, canMark, preferences };
}

/** The caller's remembered choice as stored; nulls when not chosen yet (and for the API key). */
export async function rememberedPreferences(db: Db, actor: Actor): Promise<{ fileType: ExportFileType | null; csvFormat: CsvFormatName | null }> {
  if (actor.userId === null) return { fileType: null, csvFormat: null };
  const row = await getExportPreferences(db, actor.accountId, actor.userId);
  return { fileType: row?.exportFileType ?? null, csvFormat: row?.exportCsvFormat ?? null };
}

/** What the download modal offers first: the remembered choice, else csv in the language's flavour. */
export async function exportPreferences(db: Db, actor: Actor): Promise<TExportPreferences> {
  const r = await rememberedPreferences(db, actor);
  return { fileType: r.fileType ?? 'csv', csvFormat: r.csvFormat ?? defaultCsvFormat(actor.languageCode) };
}

/** Remembers the caller's choice (decision 0100: set by the modal, not as a side effect of a download). */
export async function saveExportPreferences(db: Db, actor: Actor, prefs: TExportPreferences): Promise<TExportPreferences> {
  if (actor.userId === null) throw new AppError('BAD_REQUEST', EXPORT_ERR.preferencesNeedUser);
  const found = await setExportPreferences(db, actor.accountId, actor.userId, { exportFileType: prefs.fileType, exportCsvFormat: prefs.csvFormat });
  if (!found) throw new AppError('NOT_FOUND', ERR.notFound);
  return prefs;
}

// ---------------------------------------------------------------------------------------------
// Issue 24: the preview and the export batches.

/** What the download with these options would hold (the dialog's preview; one aggregate query). */
export async function previewExport(ctx: Context & { actor: Actor }, input: z.output<typeof ZExportPreviewInput>): Promise<TExportPreview> {
  planExport(ctx.actor, input);
  const plan = planExport(ctx.actor, input, null, await checkedFilters(ctx.db, ctx.actor, input));
  if (input.entries?.length === 0) return { entries: 0, hours: 0, from: null, to: null, leftOutUnapproved: 0, totals: [] };
  return exportPreview(ctx.db, plan.scope, input.entries ?? null, plan.mark);
}

/**
 * Who sees which batches: Admin and the API key every batch of the account, a Teamleader the
 * batches they made (another's batch may hold entries outside their team); Basic users none.
 * Anything else answers 404, like another account's id.
 */
function batchOwnerFilter(actor: Actor): string | null | false {
  if (actor.kind === 'apiKey' || actor.profileType === 'Admin') return null;
  if (actor.profileType === 'Teamleader') return actor.username;
  return false;
}

type BatchRow = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function toBatch(row: BatchRow): TExportBatch {
  const f = row.filters as Record<string, unknown>;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    fileType: row.fileType,
    csvFormat: row.csvFormat,
    languageCode: row.languageCode,
    documentNo: row.documentNo ?? '',
    filters: {
      mode: String(f.mode ?? ''),
      from: text(f.from),
      to: text(f.to),
      approvedOnly: f.approvedOnly === true,
      customerNo: text(f.customerNo),
      jobCode: text(f.jobCode),
      username: text(f.username),
      status: f.status === 'notApproved' || f.status === 'approved' || f.status === 'all' ? f.status : null,
      requested: typeof f.requested === 'number' ? f.requested : null,
    },
    entryCount: row.entryCount,
    checksum: row.checksum,
  };
}

export async function listExportBatches(ctx: Context & { actor: Actor }, input: z.output<typeof ZExportBatchListInput>): Promise<TExportBatchList> {
  const owner = batchOwnerFilter(ctx.actor);
  if (owner === false) throw new AppError('FORBIDDEN', ERR.forbidden);
  const rows = await listBatches(ctx.db, ctx.actor.accountId, { before: input.cursor ?? null, limit: input.limit + 1, createdBy: owner });
  const page = rows.slice(0, input.limit);
  return { items: page.map(toBatch), nextCursor: rows.length > input.limit ? page[page.length - 1]!.id : null };
}

/** One batch of the caller's account that the caller may see, else 404. */
export async function getExportBatch(db: Db, actor: Actor, id: number): Promise<TExportBatch> {
  const owner = batchOwnerFilter(actor);
  if (owner === false) throw new AppError('NOT_FOUND', ERR.notFound);
  const row = await findBatch(db, actor.accountId, id);
  if (!row || (owner !== null && row.createdBy.toLowerCase() !== owner.toLowerCase())) throw new AppError('NOT_FOUND', ERR.notFound);
  return toBatch(row);
}

/**
 * The plan of a batch downloaded again (decision 0201): the batch's own file type, flavour and
 * language — not the caller's current ones — so the bytes are the same as the first time.
 */
export async function planBatchDownload(db: Db, actor: Actor, id: number): Promise<{ plan: ExportPlan; batch: BatchHead }> {
  const b = await getExportBatch(db, actor, id);
  const plan: ExportPlan = {
    mark: false,
    userId: actor.userId,
    filterUsername: null,
    languageCode: b.languageCode,
    fileType: b.fileType,
    csvFormat: b.csvFormat ?? defaultCsvFormat(b.languageCode),
    scope: { accountId: actor.accountId, viewer: actor.username, teamCode: actor.teamCode, mode: 'ALL', manage: 'none', exported: true },
  };
  return { plan, batch: { id: b.id, documentNo: b.documentNo, createdAt: new Date(b.createdAt) } };
}
