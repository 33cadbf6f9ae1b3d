import type { Database } from '../../../db/database';
import { lockClosedUntil } from '../../../db/queries/period';
import { findRecord, findRecords, listIds, setApproval, updateRecord, type WorksheetRowInScope } from '../../../db/queries/worksheet';
import { errorToken } from '../../shared/error-codes';
import { BULK_APPROVE_MAX } from '../../shared/limits';
import { WS_ERR, type TBulkApproveResult, type TWorksheetRecord, type ZBulkApproveInput } from '../../shared/schemas/worksheet';
import type { z } from 'zod';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { recordHistories, recordHistory } from './history';
import { emitWorksheetEvent, emitWorksheetEvents } from './webhooks';
import { assertChangeable, changeRefusal } from './worksheet-change-rule';
import { assertOpenPeriod, inClosedPeriod } from './worksheet-period';
import { listFilter } from './worksheet-read';
import { badRequest, loadVisibleOrOwn, type Trx } from './worksheet-record';

/** PUT /api/worksheet/approve: sets or clears approvedBy / approvedDateTime; idempotent. */
export async function approveWorksheetRecord(db: Database, actor: Actor, id: number, isApproved: boolean): Promise<TWorksheetRecord> {
  return db.transaction().execute(async (trx) => {
    const row = await findRecord(trx, actor, id, { forUpdate: true });
    assertChangeable(actor, row, { approve: true });
    await assertOpenPeriod(trx, actor.accountId, [row.date]);
    const wasApproved = row.approvedBy !== null;
    if (wasApproved !== isApproved) {
      const approvedBy = isApproved ? actor.username : null;
      const approvedDateTime = isApproved ? new Date() : null;
      // An approval ends a return (issue 40 §1): an entry is returned or approved, never both.
      const returned = isApproved ? { returnedBy: null, returnedAt: null, returnReason: null } : {};
      if (!(await updateRecord(trx, actor.accountId, row.id, row.version, { approvedBy, approvedDateTime, ...returned }))) throw new AppError('CONFLICT', WS_ERR.stale);
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
    return approveIds(trx, actor, ids, isApproved, input.dryRun ?? false);
  });
}

/**
 * The bulk approve's work on ids inside the caller's transaction (also the week's approve, issue 40
 * §2): locks the records in id order, checks each (changeRefusal, closed period), changes the rest
 * with history and webhook events.
 */
export async function approveIds(trx: Trx, actor: Actor, ids: readonly number[], isApproved: boolean, dryRun: boolean): Promise<TBulkApproveResult> {
  const rows = new Map((await findRecords(trx, actor, ids, { forUpdate: true })).map((r) => [r.id, r]));
  const closedUntil = await lockClosedUntil(trx, actor.accountId);
  const refused: TBulkApproveResult['refused'] = [];
  const unchanged: number[] = [];
  const toChange: WorksheetRowInScope[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const row = rows.get(id);
    const refusal = changeRefusal(actor, row, { approve: true });
    if (refusal !== null) refused.push({ id, reason: refusal === 'APPROVED' ? 'FORBIDDEN' : refusal });
    else if (inClosedPeriod(closedUntil, row!.date)) refused.push({ id, reason: 'PERIOD_CLOSED' });
    else if ((row!.approvedBy !== null) === isApproved) unchanged.push(id);
    else toChange.push(row!);
  }
  const people = new Set(toChange.map((r) => r.username.toLowerCase())).size;
  if (dryRun) return { isApproved, dryRun: true, people, changed: toChange.map((r) => r.id), unchanged, refused };
  const approvedBy = isApproved ? actor.username : null;
  const changed = await setApproval(
    trx,
    actor.accountId,
    toChange.map((r) => r.id),
    approvedBy,
    isApproved ? new Date() : null,
  );
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
}
