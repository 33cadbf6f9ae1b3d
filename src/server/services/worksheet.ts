import type { Database } from '../../../db/database';
import { attachmentRefs, deleteAttachments, insertAttachments } from '../../../db/queries/attachments';
import {
  createRecord,
  deleteRecord,
  exportedDays,
  filterReferences,
  findRecord,
  findRecords,
  formSettings,
  insertRecord,
  listIds,
  listRecords,
  listTotals,
  setApproval,
  lookupReferences,
  updateRecord,
  type CreatedRecordValues,
  type References,
  type WorksheetListFilter,
  type WorksheetListRow,
  type WorksheetRowInScope,
} from '../../../db/queries/worksheet';
import { copyTargetDate } from '../../shared/copy-dates';
import { coded, errorToken, tokenOf } from '../../shared/error-codes';
import { cannotBe, ERR } from '../../shared/errors';
import { ATTACHMENT_MAX_FILES, BULK_APPROVE_MAX, DATE_MAX, DATE_MIN, PAGE_SIZE_DEFAULT } from '../../shared/limits';
import { byDayOrder, decodeCursor, encodeCursor, type TListTotals } from '../../shared/paging';
import {
  canApprove,
  canEditRecord,
  canSeeRecord,
  canViewHistory,
  canWriteFor,
  editRefusal,
  effectiveMode,
  type PermissionActor,
} from '../../shared/permissions';
import {
  WS_ERR,
  WS_FIELD_NAMES,
  type TBulkApproveResult,
  type TWorksheetFormSettings,
  type ZBulkApproveInput,
  type TWorksheetPage,
  type TWorksheetRecord,
  type THistoryEntry,
  type TUpdateWorksheetFields,
  type TWorksheetFields,
  type ZWorksheetListInput,
  type ZWorksheetTotalsInput,
} from '../../shared/schemas/worksheet';
import type { TCopyPreviewEntry, TCopyWorksheetResult, ZCopyWorksheetInput } from '../../shared/schemas/worksheet-copy';
import { conditionalErrors, groupByDay, hoursBetween, isTimeMode } from '../../shared/worksheet-rules';
import type { z } from 'zod';
import type { Actor, UploadedFile } from '../context';
import { AppError } from '../errors';
import { prepareAttachments, type PreparedAttachment } from './attachments';
import { diffChanges, historyEntries, recordHistories, recordHistory, TRACKED_FIELDS, type TrackedValues } from './history';
import { emitWorksheetEvent, emitWorksheetEvents } from './webhooks';
import { newMessageId } from '../../../db/queries/webhooks';
import { inTeamOf } from '../../../db/queries/team-scope';

type Trx = Parameters<Parameters<ReturnType<Database['transaction']>['execute']>[0]>[0];

const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());
const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));

/** The API form of a row, with the caller's rights on it (spec §3 + what the UI mirrors). */
export function toRecord(actor: PermissionActor, row: WorksheetRowInScope | WorksheetListRow, attachments: Array<{ id: number; fileName: string }>): TWorksheetRecord {
  const perm = { username: row.username, modifiedBy: row.modifiedBy, approvedBy: row.approvedBy, exported: row.exported };
  return {
    id: row.id,
    accountId: row.accountId,
    username: row.username,
    date: row.date,
    customerNo: row.customerNo,
    customerName: row.customerName,
    jobCode: row.jobCode,
    jobDescription: row.jobDescription,
    jobTaskCode: row.jobTaskCode,
    jobTaskDescription: row.jobTaskDescription,
    locationCode: row.locationCode,
    workTypeCode: row.workTypeCode,
    workTypeDescription: row.workTypeDescription,
    unitType: row.unitType,
    unitNo: row.unitNo,
    unitDescription: row.unitDescription,
    description: row.description,
    timeFrom: hhmm(row.timeFrom),
    timeTo: hhmm(row.timeTo),
    quantity: Number(row.quantity),
    unitOfMeasureCode: row.unitOfMeasureCode,
    unitOfMeasureDescription: row.unitOfMeasureDescription,
    attachments,
    approvedBy: row.approvedBy,
    approvedDateTime: iso(row.approvedDateTime),
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt) ?? '',
    modifiedBy: row.modifiedBy,
    modifiedDate: iso(row.modifiedDate),
    version: row.version,
    exported: row.exported,
    exportedBy: row.exportedBy,
    exportedAt: iso(row.exportedAt),
    canManage: canEditRecord(actor, perm, row),
    canApprove: canApprove(actor, perm, row),
    canViewHistory: canViewHistory(actor, perm),
  };
}

const notFound = () => new AppError('NOT_FOUND', ERR.notFound);

const same = (a: string | null | undefined, b: string | null | undefined) => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/**
 * The selection of GET /api/worksheet, /api/worksheet/totals and the bulk approve's filter for this
 * caller. The names it is given must exist (issue 23 "never a silently widened result"): an
 * unknown user, customer or job is a 400 on its field; so is a person outside the leader's team
 * on TEAM, or anyone but the caller on YOURS. One extra query, and only when a name is given.
 */
export async function listFilter(db: Database | Trx, actor: Actor, input: z.output<typeof ZWorksheetTotalsInput>): Promise<WorksheetListFilter> {
  const mode = effectiveMode(actor.profileType, input?.mode);
  if (mode === null) throw new AppError('FORBIDDEN', ERR.forbidden);
  const username = input?.username ?? null;
  const customerNo = input?.customerNo ?? null;
  const jobCode = input?.jobCode ?? null;
  let ownerId: number | null = null;
  if (username !== null || customerNo !== null || jobCode !== null) {
    const ref = await filterReferences(db, actor.accountId, { username, customerNo, jobCode });
    const errors: Record<string, string> = {};
    if (username !== null) {
      if (ref.userId === null) errors.username = cannotBe(WS_FIELD_NAMES.username, username);
      else if (mode === 'YOURS' && !same(ref.userName, actor.username)) errors.username = errorToken('FILTER_ONLY_SELF');
      else if (mode === 'TEAM' && !same(ref.userTeam, actor.teamCode)) errors.username = errorToken('FILTER_NOT_IN_TEAM', { user: ref.userName ?? username });
      else ownerId = ref.userId;
    }
    if (customerNo !== null && !ref.customer) errors.customerNo = cannotBe(WS_FIELD_NAMES.customerNo, customerNo);
    if (jobCode !== null && !ref.job) errors.jobCode = cannotBe(WS_FIELD_NAMES.jobCode, jobCode);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }
  return {
    accountId: actor.accountId,
    mode,
    userId: actor.kind === 'session' ? actor.userId : null,
    username: actor.username,
    teamCode: actor.teamCode,
    exported: input?.exported ?? false,
    from: input?.from,
    to: input?.to,
    customerNo,
    jobCode,
    batchId: input?.batchId,
    ownerId,
    status: input?.status,
  };
}

/**
 * GET /api/worksheet: one page of the caller's list in the requested mode, grouped by day, newest
 * first (issue 9). Two queries per page whatever the size of the selection: the records with the
 * team codes the rights need, and their attachment names.
 */
export async function listWorksheet(db: Database, actor: Actor, input: z.output<typeof ZWorksheetListInput>): Promise<TWorksheetPage> {
  const filter = await listFilter(db, actor, input);
  const limit = input?.limit ?? PAGE_SIZE_DEFAULT;
  const after = input?.cursor ? decodeCursor(input.cursor) : null;
  const rows = await listRecords(db, filter, { after, limit });
  const more = rows.length > limit;
  if (more) rows.length = limit;
  const last = rows[rows.length - 1];
  const nextCursor = more && last ? encodeCursor({ date: last.date, id: last.id }) : null;
  const refs = await attachmentRefs(db, rows.map((r) => r.id));
  const byRecord = new Map<number, Array<{ id: number; fileName: string }>>();
  for (const a of refs) {
    const list = byRecord.get(a.worksheetId);
    if (list) list.push({ id: a.id, fileName: a.fileName });
    else byRecord.set(a.worksheetId, [{ id: a.id, fileName: a.fileName }]);
  }
  const groups = groupByDay(rows.map((row) => toRecord(actor, row, byRecord.get(row.id) ?? [])));
  for (const g of groups) g.worksheet.sort(byDayOrder);
  return { groups, nextCursor };
}

/** GET /api/worksheet/totals: entries and quantity sums per unit of measure of the whole selection, in SQL. */
export async function listWorksheetTotals(db: Database, actor: Actor, input: z.output<typeof ZWorksheetTotalsInput>): Promise<TListTotals> {
  const units = await listTotals(db, await listFilter(db, actor, input));
  return {
    entries: units.reduce((n, u) => n + u.entries, 0),
    units: units.map((u) => ({ code: u.code, label: u.label, total: Math.round(Number(u.total) * 100) / 100 })),
  };
}

/** A record with its attachments for a caller who may see it (404 otherwise). */
async function loadVisible(db: Database | Trx, actor: Actor, id: number): Promise<TWorksheetRecord> {
  const row = await findRecord(db, actor, id);
  if (!row || !canSeeRecord(actor, row, row)) throw notFound();
  const refs = await attachmentRefs(db, [row.id]);
  return toRecord(actor, row, refs.map((a) => ({ id: a.id, fileName: a.fileName })));
}

export async function getWorksheetRecord(db: Database, actor: Actor, id: number): Promise<TWorksheetRecord> {
  return loadVisible(db, actor, id);
}

/** The values a write stores, after every check against the account's master data (the columns a create writes, less who and when). */
type ResolvedValues = Omit<CreatedRecordValues, 'accountId' | 'createdBy' | 'modifiedBy' | 'modifiedDate'>;

function badRequest(errors: Record<string, string>): AppError {
  const entries = Object.entries(errors);
  const lists = Object.fromEntries(entries.map(([k, v]) => [k, [v]]));
  // One problem: its sentence is the detail (what a toast shows); several: "Validation failed".
  return new AppError('BAD_REQUEST', entries.length === 1 ? entries[0]![1] : ERR.validation, lists);
}

/**
 * Spec §5 and issue 4: every code exists in the account and is active (a value the record already
 * had may stay even if it was deactivated since), the task belongs to the job, the customer is the
 * job's bill-to customer, the unit of measure belongs to the unit, a work type's unit of measure is
 * enforced, the account's mandatory flags apply, and in time mode the server computes the quantity.
 */
async function resolveValues(trx: Database | Trx, actor: Actor, f: TWorksheetFields, current: WorksheetRowInScope | null): Promise<{ values: ResolvedValues; ownerTeam: string | null; jobTeam: string | null }> {
  const errors: Record<string, string> = {};
  let owner = f.username ?? current?.username ?? (actor.kind === 'apiKey' ? null : actor.username);
  if (owner === null) {
    errors.username = ERR.required;
    owner = '';
  }
  const ref = await lookupReferences(trx, actor.accountId, {
    username: owner,
    customerNo: f.customerNo,
    jobCode: f.jobCode,
    jobTaskCode: f.jobTaskCode,
    locationCode: f.locationCode,
    workTypeCode: f.workTypeCode,
    unitType: f.unitType,
    unitNo: f.unitNo,
    unitOfMeasureCode: f.unitOfMeasureCode,
  });
  if (!ref) throw notFound();
  const kept = (field: keyof WorksheetRowInScope, value: unknown) => current !== null && current[field] === value;
  const check = (field: keyof typeof WS_FIELD_NAMES, value: string | null, found: unknown, active: boolean | null) => {
    if (value === null) return;
    if (found === null || found === undefined || (active === false && !kept(field as keyof WorksheetRowInScope, value))) {
      errors[field] = cannotBe(WS_FIELD_NAMES[field], value);
    }
  };

  Object.assign(errors, conditionalErrors(ref, f), errors);

  // The owner: an active user of the account, and one the caller may write for.
  if (owner !== '') {
    const ownerChanged = !current || current.username.toLowerCase() !== owner.toLowerCase();
    if (!ref.userName || (ownerChanged && ref.userActive === false)) errors.username = cannotBe(WS_FIELD_NAMES.username, owner);
    else if (ownerChanged && !canWriteFor(actor, owner, ref.userTeam)) throw new AppError('FORBIDDEN', ERR.forbidden);
  }

  check('jobCode', f.jobCode, ref.jobCode, ref.jobActive);
  let customerNo = f.customerNo;
  let customerName: string | null = null;
  if (f.customerNo !== null) {
    check('customerNo', f.customerNo, ref.customerNo, ref.customerActive);
    if (!errors.customerNo && ref.jobCode && ref.billToCustomerNo !== f.customerNo) errors.customerNo = WS_ERR.notBillTo;
    customerName = ref.customerName;
  } else if (ref.jobCode) {
    // Not shown on this account: the job's bill-to customer is the record's customer anyway.
    customerNo = ref.billToCustomerNo;
    customerName = ref.billToCustomerName;
  }
  check('jobTaskCode', f.jobTaskCode, ref.taskCode, ref.taskActive);
  check('locationCode', f.locationCode, ref.locationCode, ref.locationActive);
  check('workTypeCode', f.workTypeCode, ref.workTypeCode, ref.workTypeActive);
  const unit = unitOf(ref, f.unitType);
  check('unitNo', f.unitNo, unit.no, unit.active);
  if (!errors.unitNo) check('unitOfMeasureCode', f.unitOfMeasureCode, ref.uomCode, ref.uomActive);
  if (!errors.unitOfMeasureCode && ref.workTypeUnitOfMeasure && ref.workTypeUnitOfMeasure !== f.unitOfMeasureCode) {
    errors.unitOfMeasureCode = WS_ERR.workTypeUnitOfMeasure;
  }

  let quantity = f.quantity;
  let timeFrom: string | null = null;
  let timeTo: string | null = null;
  if (isTimeMode(ref.resourceUnits, f.unitType)) {
    timeFrom = f.timeFrom;
    timeTo = f.timeTo;
    const hours = hoursBetween(timeFrom, timeTo);
    if (hours !== null && hours > 0) quantity = hours;
    delete errors.quantity;
  } else if (quantity === undefined) {
    errors.quantity = ERR.required;
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);

  return {
    ownerTeam: ref.userTeam,
    jobTeam: ref.jobTeam,
    values: {
      username: ref.userName ?? owner,
      date: f.date,
      customerNo,
      customerName,
      jobCode: f.jobCode,
      jobDescription: ref.jobDescription,
      jobTaskCode: f.jobTaskCode,
      jobTaskDescription: f.jobTaskCode ? ref.taskDescription : null,
      locationCode: f.locationCode,
      workTypeCode: f.workTypeCode,
      workTypeDescription: f.workTypeCode ? ref.workTypeDescription : null,
      unitType: f.unitType,
      unitNo: f.unitNo,
      unitDescription: unit.description,
      description: f.description,
      timeFrom,
      timeTo,
      quantity: quantity ?? 0,
      unitOfMeasureCode: f.unitOfMeasureCode,
      unitOfMeasureDescription: ref.uomDescription,
    },
  };
}

function unitOf(ref: References, unitType: TWorksheetFields['unitType']) {
  return unitType === 'Item'
    ? { no: ref.itemNo, description: ref.itemDescription, active: ref.itemActive }
    : { no: ref.resourceNo, description: ref.resourceDescription, active: ref.resourceActive };
}

function tracked(v: ResolvedValues | WorksheetRowInScope, attachments: string[]): TrackedValues {
  const out = {} as TrackedValues;
  for (const key of TRACKED_FIELDS) {
    const value = v[key];
    out[key] = key === 'timeFrom' || key === 'timeTo' ? hhmm(value as string | null) : key === 'quantity' ? Number(value) : (value as string | null);
  }
  out.attachments = attachments;
  return out;
}

function attachmentRows(accountId: number, worksheetId: number, files: PreparedAttachment[]) {
  return files.map((f) => ({
    accountId,
    worksheetId,
    fileName: f.fileName,
    contentType: f.contentType,
    size: f.size,
    data: f.data,
    preview: f.preview,
    previewType: f.previewType,
  }));
}

/**
 * POST /api/worksheet: answers the stored record. Without photos the write is one statement (the
 * record, its history row and its outbox message, createRecord), atomic by itself: the reference
 * lookup and that statement are the create's only round trips besides the caller's session or key
 * (issue 25 §2, decision 0234). With photos, one transaction holds the statement and the files.
 */
export async function createWorksheetRecord(db: Database, actor: Actor, input: TWorksheetFields, files: readonly UploadedFile[]): Promise<TWorksheetRecord> {
  if (files.length > ATTACHMENT_MAX_FILES) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.tooManyAttachments);
  const prepared = await prepareAttachments(files);
  const write = async (t: Database | Trx): Promise<TWorksheetRecord> => {
    const { values, ownerTeam, jobTeam } = await resolveValues(t, actor, input, null);
    const changes = diffChanges(null, tracked(values, prepared.map((p) => p.fileName)));
    const row = await createRecord(
      t,
      // The named fields before the spread: V8 (Node 20) is slow at adding fields after one (decision 0265).
      { accountId: actor.accountId, createdBy: actor.username, modifiedBy: actor.username, modifiedDate: new Date(), ...values },
      changes,
      newMessageId(),
      actor.username,
    );
    let refs: Array<{ id: number; fileName: string }> = [];
    if (prepared.length > 0) {
      await insertAttachments(t, attachmentRows(actor.accountId, row.id, prepared));
      refs = (await attachmentRefs(t, [row.id])).map((a) => ({ id: a.id, fileName: a.fileName }));
    }
    return toRecord(actor, { inTeam: inTeamOf(actor.teamCode, ownerTeam, jobTeam), ...row }, refs);
  };
  if (prepared.length === 0) return write(db);
  return db.transaction().execute(write);
}

/** After a write the caller gets the record back even if they wrote it for someone they cannot see. */
async function loadVisibleOrOwn(trx: Trx, actor: Actor, id: number): Promise<TWorksheetRecord> {
  const row = await findRecord(trx, actor, id);
  if (!row) throw notFound();
  const refs = await attachmentRefs(trx, [id]);
  return toRecord(actor, row, refs.map((a) => ({ id: a.id, fileName: a.fileName })));
}

/** Why a change of an existing record is refused, or null: the one rule of spec §6 for single and bulk calls. */
export type ChangeRefusal = 'NOT_FOUND' | 'EXPORTED' | 'APPROVED' | 'FORBIDDEN';

/**
 * The checks before any change of an existing record, in this order: visible (NOT_FOUND),
 * exported (EXPORTED), then for an edit or delete the rule of editRefusal (approved APPROVED, not
 * allowed FORBIDDEN), for an approval canApprove (FORBIDDEN). The single calls turn the answer into
 * 404/409/403 (assertChangeable); the bulk approve reports it per id.
 */
function changeRefusal(actor: Actor, row: WorksheetRowInScope | undefined, opts: { approve?: boolean } = {}): ChangeRefusal | null {
  if (!row || !canSeeRecord(actor, row, row)) return 'NOT_FOUND';
  if (row.exported) return 'EXPORTED';
  const perm = { username: row.username, modifiedBy: row.modifiedBy, approvedBy: row.approvedBy, exported: row.exported };
  if (opts.approve) return canApprove(actor, perm, row) ? null : 'FORBIDDEN';
  const refusal = editRefusal(actor, perm, row);
  return refusal === null ? null : refusal === 'approved' ? 'APPROVED' : 'FORBIDDEN';
}

function assertChangeable(actor: Actor, row: WorksheetRowInScope | undefined, opts: { approve?: boolean } = {}): asserts row is WorksheetRowInScope {
  const refusal = changeRefusal(actor, row, opts);
  if (refusal === 'NOT_FOUND') throw notFound();
  if (refusal === 'EXPORTED') throw new AppError('CONFLICT', WS_ERR.exportedLocked);
  if (refusal === 'APPROVED') throw new AppError('CONFLICT', WS_ERR.approvedLocked);
  if (refusal === 'FORBIDDEN') throw new AppError('FORBIDDEN', ERR.forbidden);
}

/** PUT /api/worksheet: optimistic (version) update; removed photos detached, new ones stored. */
export async function updateWorksheetRecord(db: Database, actor: Actor, input: TUpdateWorksheetFields, files: readonly UploadedFile[]): Promise<TWorksheetRecord> {
  if (files.length > ATTACHMENT_MAX_FILES) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.tooManyAttachments);
  const prepared = await prepareAttachments(files);
  return db.transaction().execute(async (trx) => {
    const row = await findRecord(trx, actor, input.id, { forUpdate: true });
    assertChangeable(actor, row);
    if (input.version !== undefined && input.version !== row.version) throw new AppError('CONFLICT', WS_ERR.stale);

    const { values } = await resolveValues(trx, actor, input, row);

    const existing = await attachmentRefs(trx, [row.id]);
    const keepIds = input.existingAttachments ?? existing.map((a) => a.id);
    const existingIds = new Set(existing.map((a) => a.id));
    const unknown = keepIds.find((id) => !existingIds.has(id));
    if (unknown !== undefined) throw badRequest({ existingAttachments: cannotBe(WS_FIELD_NAMES.existingAttachments, String(unknown)) });
    const keep = new Set(keepIds);
    if (keep.size + prepared.length > ATTACHMENT_MAX_FILES) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.tooManyAttachments);
    const removed = existing.filter((a) => !keep.has(a.id));

    const updated = await updateRecord(trx, actor.accountId, row.id, row.version, { ...values, modifiedBy: actor.username, modifiedDate: new Date() });
    if (!updated) throw new AppError('CONFLICT', WS_ERR.stale);
    await deleteAttachments(trx, actor.accountId, row.id, removed.map((a) => a.id));
    await insertAttachments(trx, attachmentRows(actor.accountId, row.id, prepared));

    const before = tracked(row, existing.map((a) => a.fileName));
    const after = tracked(values, [...existing.filter((a) => keep.has(a.id)).map((a) => a.fileName), ...prepared.map((p) => p.fileName)]);
    await recordHistory(trx, { accountId: actor.accountId, worksheetId: row.id, action: 'update', username: actor.username, changes: diffChanges(before, after) });
    await emitWorksheetEvent(trx, actor, 'worksheet.updated', row.id);
    return loadVisibleOrOwn(trx, actor, row.id);
  });
}

/** DELETE /api/worksheet: the audit trail keeps what was deleted. */
export async function deleteWorksheetRecord(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findRecord(trx, actor, id, { forUpdate: true });
    assertChangeable(actor, row);
    const existing = await attachmentRefs(trx, [row.id]);
    if (!(await deleteRecord(trx, actor.accountId, row.id))) throw notFound();
    await recordHistory(trx, {
      accountId: actor.accountId,
      worksheetId: row.id,
      action: 'delete',
      username: actor.username,
      changes: diffChanges(tracked(row, existing.map((a) => a.fileName)), null),
    });
    await emitWorksheetEvent(trx, actor, 'worksheet.deleted', row.id);
  });
}

/** PUT /api/worksheet/approve: sets or clears approvedBy / approvedDateTime; idempotent. */
export async function approveWorksheetRecord(db: Database, actor: Actor, id: number, isApproved: boolean): Promise<TWorksheetRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await findRecord(trx, actor, id, { forUpdate: true });
    assertChangeable(actor, row, { approve: true });
    const wasApproved = row.approvedBy !== null;
    if (wasApproved !== isApproved) {
      const approvedBy = isApproved ? actor.username : null;
      const approvedDateTime = isApproved ? new Date() : null;
      if (!(await updateRecord(trx, actor.accountId, row.id, row.version, { approvedBy, approvedDateTime }))) throw new AppError('CONFLICT', WS_ERR.stale);
      await recordHistory(trx, {
        accountId: actor.accountId,
        worksheetId: row.id,
        action: isApproved ? 'approve' : 'unapprove',
        username: actor.username,
        changes: { approvedBy: { from: row.approvedBy, to: approvedBy } },
      });
      await emitWorksheetEvent(trx, actor, isApproved ? 'worksheet.approved' : 'worksheet.unapproved', row.id);
    }
    return loadVisibleOrOwn(trx, actor, row.id);
  });
}

/**
 * PUT /api/worksheet/approve/bulk (issue 23 §2, decision 0216): approve or unapprove up to
 * BULK_APPROVE_MAX entries, named by id or by the list's filter, in one transaction. Each entry
 * passes the single toggle's rule (`changeRefusal`, spec §6); an entry that fails it is reported
 * by id and reason and left alone, the others change. History and one webhook event per changed
 * entry, as the single toggle writes them — in three statements, not three per entry.
 */
export async function bulkApproveWorksheetRecords(db: Database, actor: Actor, input: z.output<typeof ZBulkApproveInput>): Promise<TBulkApproveResult> {
  const isApproved = input.isApproved;
  return db.transaction().execute(async (trx) => {
    let ids: number[];
    if (input.filter) {
      const filter = await listFilter(trx, actor, input.filter);
      ids = await listIds(trx, filter, BULK_APPROVE_MAX + 1);
      if (ids.length > BULK_APPROVE_MAX) throw badRequest({ filter: errorToken('BULK_TOO_MANY', { max: BULK_APPROVE_MAX }) });
    } else {
      ids = [...new Set(input.ids ?? [])];
    }
    const rows = new Map((await findRecords(trx, actor, ids, { forUpdate: true })).map((r) => [r.id, r]));
    const refused: TBulkApproveResult['refused'] = [];
    const unchanged: number[] = [];
    const toChange: WorksheetRowInScope[] = [];
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = rows.get(id);
      const refusal = changeRefusal(actor, row, { approve: true });
      if (refusal !== null) refused.push({ id, reason: refusal === 'APPROVED' ? 'FORBIDDEN' : refusal });
      else if ((row!.approvedBy !== null) === isApproved) unchanged.push(id);
      else toChange.push(row!);
    }
    const people = new Set(toChange.map((r) => r.username.toLowerCase())).size;
    if (input.dryRun) return { isApproved, dryRun: true, people, changed: toChange.map((r) => r.id), unchanged, refused };
    const approvedBy = isApproved ? actor.username : null;
    const changed = await setApproval(trx, actor.accountId, toChange.map((r) => r.id), approvedBy, isApproved ? new Date() : null);
    const byId = new Map(toChange.map((r) => [r.id, r]));
    await recordHistories(
      trx,
      changed.map((id) => ({
        accountId: actor.accountId,
        worksheetId: id,
        action: isApproved ? 'approve' : 'unapprove',
        username: actor.username,
        changes: { approvedBy: { from: byId.get(id)!.approvedBy, to: approvedBy } },
      })),
    );
    await emitWorksheetEvents(trx, actor, isApproved ? 'worksheet.approved' : 'worksheet.unapproved', changed);
    return { isApproved, dryRun: false, people, changed, unchanged, refused };
  });
}

/**
 * GET /api/worksheet/{id}/history: only where the record's own `canViewHistory` is true (spec §6:
 * a Teamleader/Admin view, shown when the last modifier differs from the owner). A record the
 * caller cannot see answers 404; one they can see but whose history is not theirs to read answers
 * 403 (DESIGN §6; docs/decisions/0071-history-visibility.md).
 */
export async function worksheetHistory(db: Database, actor: Actor, id: number): Promise<THistoryEntry[]> {
  const row = await findRecord(db, actor, id);
  if (!row || !canSeeRecord(actor, row, row)) throw notFound();
  if (!canViewHistory(actor, row)) throw new AppError('FORBIDDEN', ERR.forbidden);
  return historyEntries(db, actor.accountId, id);
}

/** The account settings and user defaults the entry form works with. */
export async function worksheetFormSettings(db: Database, actor: Actor): Promise<TWorksheetFormSettings> {
  const s = await formSettings(db, actor.accountId, actor.userId);
  if (!s) throw notFound();
  return {
    username: actor.username,
    profileType: actor.profileType,
    teamCode: actor.teamCode,
    ...s.account,
    defaultResource: s.user?.defaultResource ?? null,
    lockDefaultResource: s.user?.lockDefaultResource ?? false,
    defaultDescription: s.user?.defaultDescription ?? null,
  };
}

/** A create refusal in one sentence: each field's message, with the field's name where the message lacks it. */
/** The refusal's one catalogue error as a token (the client translates the reason by it); '' when it has several. */
function refusalCode(e: AppError): string {
  const messages = Object.values(e.fields ?? {}).flat();
  if (messages.length === 0) return e.coded ? tokenOf(e.coded) : '';
  const only = messages.length === 1 ? messages[0]! : undefined;
  return typeof only === 'string' ? only : only ? tokenOf(only) : '';
}

function refusalReason(e: AppError): string {
  const parts = Object.entries(e.errors ?? {}).flatMap(([field, list]) => {
    const name = (WS_FIELD_NAMES as Record<string, string>)[field];
    return list.map((msg) => (name && !msg.startsWith(name) ? `${name}: ${msg}` : msg));
  });
  return parts.length > 0 ? parts.join('; ') : e.message;
}

/**
 * POST /api/worksheet/copy (issue 22 §5, decision 0210): copies of the given entries as new,
 * unapproved entries of the same owners on a target date, or on the same weekdays of a target
 * week; times, quantities and descriptions kept, photos not. Each copy goes through the create
 * rules (`resolveValues`, spec §5/§6) and emits `worksheet.created`; one transaction, all or
 * nothing. `dryRun` runs every check and answers the preview without writing.
 */
export async function copyWorksheetRecords(db: Database, actor: Actor, input: z.output<typeof ZCopyWorksheetInput>): Promise<TCopyWorksheetResult> {
  const ids = [...new Set(input.ids)];
  const dryRun = input.dryRun ?? false;
  return db.transaction().execute(async (trx) => {
    const rows = new Map((await findRecords(trx, actor, ids)).map((r) => [r.id, r]));
    // Unknown, another account's, or not visible to the caller: the same 404, naming the first id.
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || !canSeeRecord(actor, row, row)) throw new AppError('NOT_FOUND', coded('COPY_NOT_FOUND', { id }));
    }
    const sources = ids.map((id) => rows.get(id)!);
    const targets = sources.map((row) => copyTargetDate(row.date, input));
    for (const [i, date] of targets.entries()) {
      if (date < DATE_MIN || date > DATE_MAX) throw badRequest({ [input.toDate ? 'toDate' : 'toWeek']: ERR.dateOutOfRange, [`ids.${i}`]: ERR.dateOutOfRange });
    }
    const locked = await exportedDays(trx, actor.accountId, [...new Set(sources.map((r) => r.username))], [...new Set(targets)]);
    const hit = locked.find((l) => sources.some((r, i) => r.username === l.username && targets[i] === l.date));
    if (hit) throw new AppError('CONFLICT', coded('COPY_TARGET_EXPORTED', { user: hit.username, date: hit.date }));

    const preview: TCopyPreviewEntry[] = [];
    const created: TWorksheetRecord[] = [];
    for (const [i, row] of sources.entries()) {
      const fields: TWorksheetFields = {
        accountId: undefined,
        username: row.username,
        date: targets[i]!,
        customerNo: row.customerNo,
        jobCode: row.jobCode,
        jobTaskCode: row.jobTaskCode,
        locationCode: row.locationCode,
        workTypeCode: row.workTypeCode,
        unitType: row.unitType,
        unitNo: row.unitNo,
        description: row.description,
        timeFrom: hhmm(row.timeFrom),
        timeTo: hhmm(row.timeTo),
        quantity: Number(row.quantity),
        unitOfMeasureCode: row.unitOfMeasureCode,
      };
      let values: ResolvedValues;
      try {
        ({ values } = await resolveValues(trx, actor, fields, null));
      } catch (e) {
        if (!(e instanceof AppError) || e.kind !== 'BAD_REQUEST') throw e;
        // The refusal names the entry; its field errors stay, under the entry's position.
        const fieldErrors = Object.fromEntries(Object.entries(e.fields ?? {}).map(([k, v]) => [`ids.${i}.${k}`, v]));
        throw new AppError('BAD_REQUEST', { code: 'COPY_ENTRY_REFUSED', params: { id: String(row.id), date: row.date, reason: refusalReason(e), reasonCode: refusalCode(e) } }, fieldErrors);
      }
      preview.push({
        sourceId: row.id,
        username: values.username,
        date: values.date,
        customerNo: values.customerNo,
        jobCode: values.jobCode,
        jobDescription: values.jobDescription,
        jobTaskCode: values.jobTaskCode,
        locationCode: values.locationCode,
        workTypeCode: values.workTypeCode,
        unitType: values.unitType,
        unitNo: values.unitNo,
        unitDescription: values.unitDescription,
        description: values.description,
        timeFrom: hhmm(values.timeFrom),
        timeTo: hhmm(values.timeTo),
        quantity: values.quantity,
        unitOfMeasureCode: values.unitOfMeasureCode,
      });
      if (dryRun) continue;
      const now = new Date();
      const id = await insertRecord(trx, { ...values, accountId: actor.accountId, createdBy: actor.username, modifiedBy: actor.username, modifiedDate: now });
      await recordHistory(trx, { accountId: actor.accountId, worksheetId: id, action: 'create', username: actor.username, changes: diffChanges(null, tracked(values, [])) });
      await emitWorksheetEvent(trx, actor, 'worksheet.created', id);
      created.push(await loadVisibleOrOwn(trx, actor, id));
    }
    return { dryRun, created, preview };
  });
}
