import { isForeignKeyViolation, isUniqueViolation } from '../../../../db/queries/master-data/common';
import { ERR } from '../../../shared/errors';
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

/** Runs a delete; a foreign key violation (a reference created meanwhile) answers 409 too. */
export async function deleteOrConflict<T>(run: () => Promise<T>, inUseDetail: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', inUseDetail);
    throw error;
  }
}
