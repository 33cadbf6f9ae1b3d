import type { Database } from '../../../db/database';
import { attachmentRefs } from '../../../db/queries/attachments';
import { findRecord, type WorksheetListRow, type WorksheetRowInScope } from '../../../db/queries/worksheet';
import { ERR } from '../../shared/errors';
import { canApprove, canEditRecord, canViewHistory, type PermissionActor } from '../../shared/permissions';
import type { TWorksheetRecord } from '../../shared/schemas/worksheet';
import type { Actor } from '../context';
import { AppError } from '../errors';

/** The worksheet services' shared pieces: a row's API form, the 404 and 400 they throw, and the loads after a write. */

export type Trx = Parameters<Parameters<ReturnType<Database['transaction']>['execute']>[0]>[0];

export const iso = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d : d.toISOString());
export const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));

/** The API form of a row, with the caller's rights on it (spec §3 + what the UI mirrors). */
export function toRecord(actor: PermissionActor, row: WorksheetRowInScope | WorksheetListRow, attachments: Array<{ id: number; fileName: string }>): TWorksheetRecord {
  const perm = { username: row.username, modifiedBy: row.modifiedBy, approvedBy: row.approvedBy, exported: row.exported, returnedBy: row.returnedBy };
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
    returnedBy: row.returnedBy,
    returnedAt: iso(row.returnedAt),
    returnReason: row.returnReason,
    canManage: canEditRecord(actor, perm, row),
    canApprove: canApprove(actor, perm, row),
    canViewHistory: canViewHistory(actor, perm),
  };
}

export const notFound = () => new AppError('NOT_FOUND', ERR.notFound);

export function badRequest(errors: Record<string, string>): AppError {
  const entries = Object.entries(errors);
  const lists = Object.fromEntries(entries.map(([k, v]) => [k, [v]]));
  // One problem: its sentence is the detail (what a toast shows); several: "Validation failed".
  return new AppError('BAD_REQUEST', entries.length === 1 ? entries[0]![1] : ERR.validation, lists);
}

/** After a write the caller gets the record back even if they wrote it for someone they cannot see. */
export async function loadVisibleOrOwn(trx: Trx, actor: Actor, id: number): Promise<TWorksheetRecord> {
  const row = await findRecord(trx, actor, id);
  if (!row) throw notFound();
  const refs = await attachmentRefs(trx, [id]);
  return toRecord(
    actor,
    row,
    refs.map((a) => ({ id: a.id, fileName: a.fileName })),
  );
}
