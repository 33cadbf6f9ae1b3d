import type { WorksheetRowInScope } from '../../../db/queries/worksheet';
import { ERR } from '../../shared/errors';
import { canApprove, canSeeRecord, editRefusal } from '../../shared/permissions';
import { WS_ERR } from '../../shared/schemas/worksheet';
import type { Actor } from '../context';
import { AppError } from '../errors';
import { notFound } from './worksheet-record';

/** Why a change of an existing record is refused, or null: the one rule of spec §6 for single and bulk calls. */
export type ChangeRefusal = 'NOT_FOUND' | 'EXPORTED' | 'APPROVED' | 'FORBIDDEN';

/**
 * The checks before any change of an existing record, in this order: visible (NOT_FOUND),
 * exported (EXPORTED), then for an edit or delete the rule of editRefusal (approved APPROVED, not
 * allowed FORBIDDEN), for an approval canApprove (FORBIDDEN). The single calls turn the answer into
 * 404/409/403 (assertChangeable); the bulk approve reports it per id.
 */
export function changeRefusal(actor: Actor, row: WorksheetRowInScope | undefined, opts: { approve?: boolean } = {}): ChangeRefusal | null {
  if (!row || !canSeeRecord(actor, row, row)) return 'NOT_FOUND';
  if (row.exported) return 'EXPORTED';
  const perm = { username: row.username, modifiedBy: row.modifiedBy, approvedBy: row.approvedBy, exported: row.exported, returnedBy: row.returnedBy };
  if (opts.approve) return canApprove(actor, perm, row) ? null : 'FORBIDDEN';
  const refusal = editRefusal(actor, perm, row);
  return refusal === null ? null : refusal === 'approved' ? 'APPROVED' : 'FORBIDDEN';
}

export function assertChangeable(actor: Actor, row: WorksheetRowInScope | undefined, opts: { approve?: boolean } = {}): asserts row is WorksheetRowInScope {
  const refusal = changeRefusal(actor, row, opts);
  if (refusal === 'NOT_FOUND') throw notFound();
  if (refusal === 'EXPORTED') throw new AppError('CONFLICT', WS_ERR.exportedLocked);
  if (refusal === 'APPROVED') throw new AppError('CONFLICT', WS_ERR.approvedLocked);
  if (refusal === 'FORBIDDEN') throw new AppError('FORBIDDEN', ERR.forbidden);
}
