import { recentFor } from './recent';
import type { Database } from '../../../../db/database';
import { deleteWorkType, findWorkType, insertWorkType, listWorkTypes, searchWorkTypes, updateWorkType, type WorkTypeRow } from '../../../../db/queries/master-data/work-types';
import { storedUnitCode } from '../../../../db/queries/master-data/units';
import { workTypeInUse } from '../../../../db/queries/master-data/usage';
import type { Db } from '../../../../db/queries/master-data/common';
import { coded } from '../../../shared/error-codes';
import { fieldError } from '../../errors';
import { found, insertOrConflict, notFound, updatedOrStale, exists, inUse } from './common';

type WorkTypeInput = { code: string; description: string; unitOfMeasureCode: string | null };

/**
 * A work type's unit of measure forces the entry's (spec §4), so it must be a code that units of
 * the account actually have ("hour" beside the code "HOUR" made every entry fail). The stored
 * spelling is kept. An update that keeps the stored code is accepted even if no unit has it any more.
 */
export async function checkUnitCode<T extends WorkTypeInput>(db: Db, accountId: number, input: T, keeping: string | null): Promise<T> {
  if (input.unitOfMeasureCode === null || input.unitOfMeasureCode === keeping) return input;
  const stored = await storedUnitCode(db, accountId, input.unitOfMeasureCode);
  if (stored === undefined) throw fieldError('unitOfMeasureCode', coded('UNKNOWN_UOM'));
  return { ...input, unitOfMeasureCode: stored };
}

export const workTypeService = {
  list: (db: Database, accountId: number, updatedSince?: string): Promise<WorkTypeRow[]> => listWorkTypes(db, accountId, updatedSince),

  single: async (db: Database, accountId: number, code: string): Promise<WorkTypeRow> => found(await findWorkType(db, accountId, code)),

  async create(db: Database, accountId: number, input: WorkTypeInput): Promise<WorkTypeRow> {
    if (await findWorkType(db, accountId, input.code)) throw exists('code', 'Work type', input.code);
    const values = await checkUnitCode(db, accountId, input, null);
    return insertOrConflict(
      () => insertWorkType(db, accountId, values),
      () => exists('code', 'Work type', input.code),
    );
  },

  async update(db: Database, accountId: number, input: WorkTypeInput & { active?: boolean | undefined; version?: number | undefined }): Promise<WorkTypeRow> {
    const current = found(await findWorkType(db, accountId, input.code));
    const values = await checkUnitCode(db, accountId, input, current.unitOfMeasureCode);
    return updatedOrStale(await updateWorkType(db, accountId, input.code, values), () => findWorkType(db, accountId, input.code));
  },

  async remove(db: Database, accountId: number, code: string): Promise<void> {
    if (!(await findWorkType(db, accountId, code))) throw notFound();
    if (await workTypeInUse(db, accountId, code)) throw inUse('Work type', code);
    await deleteWorkType(db, accountId, code);
  },

  /** Active work types matching q; the caller's recent ones first after the exact code (issue 22 §4). */
  search: async (db: Database, accountId: number, input: { q: string; limit?: number | undefined }, userId?: number | null) =>
    searchWorkTypes(db, accountId, input.q, input.limit, await recentFor(db, accountId, userId, 'workTypeCode', input)),
};
