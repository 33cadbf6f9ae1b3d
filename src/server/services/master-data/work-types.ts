import type { Database } from '../../../../db/database';
import { deleteWorkType, findWorkType, insertWorkType, listWorkTypes, searchWorkTypes, updateWorkType, type WorkTypeRow } from '../../../../db/queries/master-data/work-types';
import { workTypeInUse } from '../../../../db/queries/master-data/usage';
import { MD } from '../../../shared/schemas/master-data';
import { AppError } from '../../errors';
import { found, insertOrConflict, notFound } from './common';

type WorkTypeInput = { code: string; description: string; unitOfMeasureCode: string | null };

export const workTypeService = {
  list: (db: Database, accountId: number): Promise<WorkTypeRow[]> => listWorkTypes(db, accountId),

  single: async (db: Database, accountId: number, code: string): Promise<WorkTypeRow> => found(await findWorkType(db, accountId, code)),

  async create(db: Database, accountId: number, input: WorkTypeInput): Promise<WorkTypeRow> {
    if (await findWorkType(db, accountId, input.code)) throw new AppError('CONFLICT', MD.exists('Work type', input.code));
    return insertOrConflict(() => insertWorkType(db, accountId, input), MD.exists('Work type', input.code));
  },

  update: async (db: Database, accountId: number, input: WorkTypeInput & { active?: boolean | undefined }): Promise<WorkTypeRow> =>
    found(await updateWorkType(db, accountId, input.code, input)),

  async remove(db: Database, accountId: number, code: string): Promise<void> {
    if (!(await findWorkType(db, accountId, code))) throw notFound();
    if (await workTypeInUse(db, accountId, code)) throw new AppError('CONFLICT', MD.inUse('Work type', code));
    await deleteWorkType(db, accountId, code);
  },

  search: (db: Database, accountId: number, input: { q: string; limit?: number | undefined }) => searchWorkTypes(db, accountId, input.q, input.limit),
};
