import { isForeignKeyViolation, isUniqueViolation } from '../../../../db/queries/master-data/common';
import type { KeysetRequest } from '../../../../db/queries/master-data/paging';
import { ADMIN_CURSOR_ERR, decodeAdminCursor, encodeAdminCursor, type AdminListQuery } from '../../../shared/admin-paging';
import { PAGE_SIZE_DEFAULT } from '../../../shared/limits';
import { coded, type CodedError } from '../../../shared/error-codes';
import type { MasterDataEntity } from '../../../shared/schemas/master-data';
import { AppError } from '../../errors';

export const notFound = () => new AppError('NOT_FOUND', coded('NOT_FOUND'));

/** 409 for a key that exists, also as an error of the key's field, so a form shows it there. */
export const duplicate = (field: string, message: CodedError) => new AppError('CONFLICT', message, { [field]: [message] });

/** "Customer C1 already exists" on the field `field`. */
export const exists = (field: string, entity: MasterDataEntity, key: string) => duplicate(field, coded('MD_EXISTS', { entity, key }));

/** "Customer C1 is still in use; deactivate it instead". */
export const inUse = (entity: MasterDataEntity, key: string) => new AppError('CONFLICT', coded('MD_IN_USE', { entity, key }));

/** The record, or 404 (also for another account's keys: every query filters by account). */
export function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound();
  return row;
}

/**
 * Runs an insert; a unique violation (a concurrent create of the same key slipping past the
 * service's own check) still answers 409 with the clear detail.
 */
export async function insertOrConflict<T>(run: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

/**
 * The row of a versioned update. Nothing updated means the record is gone (404) or its version
 * moved on since the caller loaded it (409: an admin's save never silently overwrites another's).
 */
export async function updatedOrStale<T>(row: T | undefined, stillThere: () => Promise<unknown>): Promise<T> {
  if (row !== undefined) return row;
  if ((await stillThere()) !== undefined) throw new AppError('CONFLICT', coded('STALE'));
  throw notFound();
}

/** Runs a delete; a foreign key violation (a reference created meanwhile) answers 409 too. */
export async function deleteOrConflict<T>(run: () => Promise<T>, conflict: () => AppError): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict();
    throw error;
  }
}

/** One admin list page (issue 9, decision 0175): the rows, the next page's cursor, and on the first page the total. */
export interface AdminPage<R> {
  rows: R[];
  nextCursor: string | null;
  total: number | null;
}

/**
 * Runs one keyset page of an admin list: decodes the cursor (the input schema has validated it),
 * asks for `limit + 1` rows, and turns the extra row into the next cursor. The total (records
 * matching `q`) is counted on the first page only.
 */
export async function adminListPage<R>(
  input: AdminListQuery | undefined,
  run: (request: KeysetRequest) => Promise<R[]>,
  count: (q: string, updatedSince: string | null) => Promise<number>,
  position: (row: R) => { key: string; text: string | null },
): Promise<AdminPage<R>> {
  const q = input?.q ?? '';
  const sort = input?.sort ?? 'key';
  const dir = input?.dir ?? 'asc';
  const limit = input?.limit ?? PAGE_SIZE_DEFAULT;
  const cursor = input?.cursor ? decodeAdminCursor(input.cursor) : null;
  if (input?.cursor && (!cursor || cursor.sort !== sort || cursor.dir !== dir)) throw new AppError('BAD_REQUEST', ADMIN_CURSOR_ERR);
  const updatedSince = input?.updatedSince ?? null;
  const [rows, total] = await Promise.all([run({ q, sort, dir, limit, after: cursor, updatedSince }), cursor ? Promise.resolve(null) : count(q, updatedSince)]);
  let nextCursor: string | null = null;
  if (rows.length > limit) {
    rows.length = limit;
    const last = position(rows[limit - 1]!);
    nextCursor = encodeAdminCursor({ sort, dir, key: last.key, text: sort === 'text' ? (last.text ?? '') : null });
  }
  return { rows, nextCursor, total };
}
