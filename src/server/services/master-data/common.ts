import { isForeignKeyViolation, isUniqueViolation } from '../../../../db/queries/master-data/common';
import { ERR } from '../../../shared/errors';
import { MD } from '../../../shared/schemas/master-data';
import { AppError } from '../../errors';

export const notFound = () => new AppError('NOT_FOUND', ERR.notFound);

/** The record, or 404 (also for another account's keys: every query filters by account). */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}

/**
 * Runs an insert; a unique violation (a concurrent create of the same key slipping past the
 * service's own check) still answers 409 with the clear detail.
 */
export async function insertOrConflict<T>(run: () => Promise<T>, conflictDetail: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', conflictDetail);
    throw error;
  }
}

/**
 * The row of a versioned update. Nothing updated means the record is gone (404) or its version
 * moved on since the caller loaded it (409: an admin's save never silently overwrites another's).
 */
export async function updatedOrStale<T>(row: T | undefined, stillThere: () => Promise<unknown>): Promise<T> {
  if (row !== undefined) return row;
  if ((await stillThere()) !== undefined) throw new AppError('CONFLICT', MD.stale);
  throw notFound();
}

/** Runs a delete; a foreign key violation (a reference created meanwhile) answers 409 too. */
export async function deleteOrConflict<T>(run: () => Promise<T>, inUseDetail: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', inUseDetail);
    throw error;
  }
}
