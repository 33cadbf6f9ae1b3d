import type { Database } from '../../../../db/database';
import { findNoRecord } from '../../../../db/queries/master-data/items';
import { deleteUnit, findUnit, insertUnit, listUnitCodes, listUnits, searchUnits, updateUnit, type UnitKey, type UnitRow } from '../../../../db/queries/master-data/units';
import { unitOfMeasureInUse } from '../../../../db/queries/master-data/usage';
import type { UnitType } from '../../../shared/limits';
import { coded } from '../../../shared/error-codes';
import { unitEntity } from '../../../shared/schemas/master-data';
import { found, insertOrConflict, notFound, updatedOrStale, duplicate, inUse } from './common';

/** Units of measure belong to an item or a resource of the account; a missing parent is 404. */
async function requireParent(db: Database, accountId: number, unitType: UnitType, unitNo: string): Promise<void> {
  const parent = await findNoRecord(db, unitType === 'Item' ? 'item' : 'resource', accountId, unitNo);
  if (!parent) throw notFound();
}

const conflict = (key: UnitKey) => duplicate('code', coded('MD_EXISTS_FOR', { entity: 'Unit of measure', key: key.code, parent: unitEntity(key.unitType), parentKey: key.unitNo }));

export const unitService = {
  /** Distinct codes of the account's units, for a work type's unit of measure. */
  codes: (db: Database, accountId: number) => listUnitCodes(db, accountId),

  list: (db: Database, accountId: number, unitType: UnitType, unitNo: string | undefined, updatedSince?: string): Promise<UnitRow[]> =>
    listUnits(db, accountId, unitType, unitNo, updatedSince),

  single: async (db: Database, accountId: number, key: UnitKey): Promise<UnitRow> => found(await findUnit(db, accountId, key)),

  async create(db: Database, accountId: number, input: UnitKey & { description: string }): Promise<UnitRow> {
    await requireParent(db, accountId, input.unitType, input.unitNo);
    if (await findUnit(db, accountId, input)) throw conflict(input);
    return insertOrConflict(
      () => insertUnit(db, accountId, input),
      () => conflict(input),
    );
  },

  update: async (db: Database, accountId: number, input: UnitKey & { description: string; active?: boolean | undefined; version?: number | undefined }): Promise<UnitRow> =>
    updatedOrStale(await updateUnit(db, accountId, input, input), () => findUnit(db, accountId, input)),

  async remove(db: Database, accountId: number, key: UnitKey): Promise<void> {
    if (!(await findUnit(db, accountId, key))) throw notFound();
    if (await unitOfMeasureInUse(db, accountId, key.unitType, key.unitNo, key.code)) throw inUse('Unit of measure', key.code);
    await deleteUnit(db, accountId, key);
  },

  search: (db: Database, accountId: number, input: { unitType: UnitType; unitNo: string; q: string; limit?: number | undefined }) =>
    searchUnits(db, accountId, input.unitType, input.unitNo, input.q, input.limit),
};
