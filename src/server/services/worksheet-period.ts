import { lockClosedUntil, readClosedUntil } from '../../../db/queries/period';
import { coded } from '../../shared/error-codes';
import { AppError } from '../errors';
import type { Trx } from './worksheet-record';
import type { Database } from '../../../db/database';

/** 409 PERIOD_CLOSED naming the account's closed date (issue 40 §3). */
export const periodClosed = (closedUntil: string) => new AppError('CONFLICT', coded('PERIOD_CLOSED', { date: closedUntil }));

/** Whether a record dated `date` lies in the period closed up to `closedUntil` (inclusive). */
export const inClosedPeriod = (closedUntil: string | null, date: string) => closedUntil !== null && date <= closedUntil;

/**
 * The one closed-period guard of every worksheet write (issue 40 §3, decision 0371): reads the
 * account's closed date with the account row locked FOR KEY SHARE in the write's transaction and
 * refuses with 409 PERIOD_CLOSED when any of `dates` (the record's date before and after the
 * change) is on or before it. Call it after locking the records: a close locks the account row
 * FOR UPDATE, so it waits for this transaction, and this one, if it comes second, sees the new date.
 * The create without photos does the same inside its one statement (createRecord).
 */
export async function assertOpenPeriod(trx: Trx, accountId: number, dates: ReadonlyArray<string | null | undefined>): Promise<void> {
  const closedUntil = await lockClosedUntil(trx, accountId);
  if (closedUntil === null) return;
  if (dates.some((d) => d != null && inClosedPeriod(closedUntil, d))) throw periodClosed(closedUntil);
}

/** The refusal of a create the one-statement insert did not write (its date is in the closed period). */
export async function closedPeriodRefusal(db: Database | Trx, accountId: number): Promise<AppError> {
  const closedUntil = await readClosedUntil(db, accountId);
  return closedUntil === null ? new AppError('CONFLICT', coded('STALE')) : periodClosed(closedUntil);
}
