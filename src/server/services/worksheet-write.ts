import type { Database } from '../../../db/database';
import { attachmentRefs, deleteAttachments, insertAttachments } from '../../../db/queries/attachments';
import { deleteRecord, findRecord, updateRecord } from '../../../db/queries/worksheet';
import { createRecord } from '../../../db/queries/worksheet-create';
import { newMessageId } from '../../../db/queries/webhooks';
import { inTeamOf } from '../../../db/queries/team-scope';
import { cannotBe } from '../../shared/errors';
import { isHourUnit } from '../../shared/day-hours';
import { ATTACHMENT_MAX_FILES } from '../../shared/limits';
import { WS_ERR, WS_FIELD_NAMES, type TUpdateWorksheetFields, type TWorksheetFields, type TWorksheetRecord } from '../../shared/schemas/worksheet';
import type { Actor, UploadedFile } from '../context';
import { AppError } from '../errors';
import { prepareAttachments, type PreparedAttachment } from './attachments';
import { diffChanges, recordHistory } from './history';
import { emitWorksheetEvent } from './webhooks';
import { assertChangeable } from './worksheet-change-rule';
import { assertDayHours, type DayEntry } from './worksheet-day-hours';
import { assertOpenPeriod, closedPeriodRefusal } from './worksheet-period';
import { assertChangeWeekOpen, assertCreateWeekOpen } from './worksheet-week-lock';
import { badRequest, loadVisibleOrOwn, notFound, toRecord, type Trx } from './worksheet-record';
import { resolveValues, tracked } from './worksheet-resolve';

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
  const write = async (t: Database | Trx, resolved: Resolved): Promise<TWorksheetRecord> => {
    const { values, ownerTeam, jobTeam } = resolved;
    // Issue 40 §2: not into the worker's submitted week (no query while the account's setting is off).
    await assertCreateWeekOpen(t, actor, resolved);
    const changes = diffChanges(
      null,
      tracked(
        values,
        prepared.map((p) => p.fileName),
      ),
    );
    const row = await createRecord(
      t,
      // The named fields before the spread: V8 (Node 20) is slow at adding fields after one (decision 0265).
      { accountId: actor.accountId, createdBy: actor.username, modifiedBy: actor.username, modifiedDate: new Date(), ...values },
      changes,
      newMessageId(),
      actor.username,
    );
    // Not written: the date is in the account's closed period (issue 40 §3).
    if (!row) throw await closedPeriodRefusal(t, actor.accountId);
    let refs: Array<{ id: number; fileName: string }> = [];
    if (prepared.length > 0) {
      await insertAttachments(t, attachmentRows(actor.accountId, row.id, prepared));
      refs = (await attachmentRefs(t, [row.id])).map((a) => ({ id: a.id, fileName: a.fileName }));
    }
    return toRecord(actor, { inTeam: inTeamOf(actor.teamCode, ownerTeam, jobTeam), ...row }, refs);
  };
  // Hours (issue 40, decision 0470): the person's day is locked, its sum read and the entry written
  // in one transaction. Other units keep the one-statement create of decision 0234.
  const adds = (r: Resolved) => isHourUnit(r.values.unitOfMeasureCode);
  if (prepared.length === 0) {
    const resolved = await resolveValues(db, actor, input, null);
    if (!adds(resolved)) return write(db, resolved);
    return db.transaction().execute(async (trx) => {
      await assertDayHours(trx, actor.accountId, [dayEntry(resolved.values)]);
      return write(trx, resolved);
    });
  }
  return db.transaction().execute(async (trx) => {
    const resolved = await resolveValues(trx, actor, input, null);
    if (adds(resolved)) await assertDayHours(trx, actor.accountId, [dayEntry(resolved.values)]);
    return write(trx, resolved);
  });
}

type Resolved = Awaited<ReturnType<typeof resolveValues>>;

/** An entry's values as the day-hours guard reads them. */
const dayEntry = (v: { username: string; date: string; quantity: number | string; unitOfMeasureCode: string }): DayEntry => ({
  username: v.username,
  date: v.date,
  quantity: Number(v.quantity),
  unitOfMeasureCode: v.unitOfMeasureCode,
});

/** PUT /api/worksheet: optimistic (version) update; removed photos detached, new ones stored. */
export async function updateWorksheetRecord(db: Database, actor: Actor, input: TUpdateWorksheetFields, files: readonly UploadedFile[]): Promise<TWorksheetRecord> {
  if (files.length > ATTACHMENT_MAX_FILES) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.tooManyAttachments);
  const prepared = await prepareAttachments(files);
  return db.transaction().execute(async (trx) => {
    const row = await findRecord(trx, actor, input.id, { forUpdate: true });
    assertChangeable(actor, row);
    if (input.version !== undefined && input.version !== row.version) throw new AppError('CONFLICT', WS_ERR.stale);

    const { values, submitWeeks } = await resolveValues(trx, actor, input, row);
    await assertOpenPeriod(trx, actor.accountId, [row.date, values.date]);
    await assertChangeWeekOpen(trx, actor, row, submitWeeks, values.date, values.username);
    // Issue 40 (decision 0470): the day it lands on may not pass 24 hours; a change that adds no hours passes.
    await assertDayHours(trx, actor.accountId, [dayEntry(values)], { id: row.id, before: dayEntry(row) });

    const existing = await attachmentRefs(trx, [row.id]);
    const keepIds = input.existingAttachments ?? existing.map((a) => a.id);
    const existingIds = new Set(existing.map((a) => a.id));
    const unknown = keepIds.find((id) => !existingIds.has(id));
    if (unknown !== undefined) throw badRequest({ existingAttachments: cannotBe(WS_FIELD_NAMES.existingAttachments, String(unknown)) });
    const keep = new Set(keepIds);
    if (keep.size + prepared.length > ATTACHMENT_MAX_FILES) throw new AppError('PAYLOAD_TOO_LARGE', WS_ERR.tooManyAttachments);
    const removed = existing.filter((a) => !keep.has(a.id));

    // An edit is the fix of a returned entry: the status clears (issue 40 §1).
    const updated = await updateRecord(trx, actor.accountId, row.id, row.version, {
      ...values,
      modifiedBy: actor.username,
      modifiedDate: new Date(),
      returnedBy: null,
      returnedAt: null,
      returnReason: null,
    });
    if (!updated) throw new AppError('CONFLICT', WS_ERR.stale);
    await deleteAttachments(
      trx,
      actor.accountId,
      row.id,
      removed.map((a) => a.id),
    );
    await insertAttachments(trx, attachmentRows(actor.accountId, row.id, prepared));

    const before = tracked(
      row,
      existing.map((a) => a.fileName),
    );
    const after = tracked(values, [...existing.filter((a) => keep.has(a.id)).map((a) => a.fileName), ...prepared.map((p) => p.fileName)]);
    await recordHistory(trx, { accountId: actor.accountId, worksheetId: row.id, action: 'update', username: actor.username, changes: diffChanges(before, after) });
    await emitWorksheetEvent(trx, actor, 'worksheet.updated', row.id);
    return loadVisibleOrOwn(trx, actor, row.id);
  });
}

/** DELETE /api/worksheet: the audit trail keeps what was deleted. */
export async function deleteWorksheetRecord(db: Database, actor: Actor, id: number, version?: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findRecord(trx, actor, id, { forUpdate: true });
    assertChangeable(actor, row);
    if (version !== undefined && version !== row.version) throw new AppError('CONFLICT', WS_ERR.stale);
    await assertOpenPeriod(trx, actor.accountId, [row.date]);
    await assertChangeWeekOpen(trx, actor, row, null);
    const existing = await attachmentRefs(trx, [row.id]);
    if (!(await deleteRecord(trx, actor.accountId, row.id))) throw notFound();
    await recordHistory(trx, {
      accountId: actor.accountId,
      worksheetId: row.id,
      action: 'delete',
      username: actor.username,
      changes: diffChanges(
        tracked(
          row,
          existing.map((a) => a.fileName),
        ),
        null,
      ),
    });
    await emitWorksheetEvent(trx, actor, 'worksheet.deleted', row.id);
  });
}
