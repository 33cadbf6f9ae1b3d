import type { UnitType } from '../../../src/shared/limits';
import { matchesSearch, type Db } from './common';

export interface UnitRow {
  id: number;
  unitType: UnitType;
  unitNo: string;
  code: string;
  description: string;
  active: boolean;
}

const columns = ['id', 'unitType', 'unitNo', 'code', 'description', 'active'] as const;

export interface UnitKey {
  unitType: UnitType;
  unitNo: string;
  code: string;
}

/** Units of one type, optionally of one item/resource; by unit number, then code. */
export function listUnits(db: Db, accountId: number, unitType: UnitType, unitNo: string | undefined): Promise<UnitRow[]> {
  let query = db.selectFrom('unitOfMeasure').select(columns).where('accountId', '=', accountId).where('unitType', '=', unitType);
  if (unitNo !== undefined) query = query.where('unitNo', '=', unitNo);
  return query.orderBy('unitNo').orderBy('code').execute();
}

export function findUnit(db: Db, accountId: number, key: UnitKey): Promise<UnitRow | undefined> {
  return db
    .selectFrom('unitOfMeasure')
    .select(columns)
    .where('accountId', '=', accountId)
    .where('unitType', '=', key.unitType)
    .where('unitNo', '=', key.unitNo)
    .where('code', '=', key.code)
    .executeTakeFirst();
}

export function insertUnit(db: Db, accountId: number, values: UnitKey & { description: string }): Promise<UnitRow> {
  return db
    .insertInto('unitOfMeasure')
    .values({ accountId, unitType: values.unitType, unitNo: values.unitNo, code: values.code, description: values.description })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function updateUnit(
  db: Db,
  accountId: number,
  key: UnitKey,
  values: { description: string; active?: boolean | undefined },
): Promise<UnitRow | undefined> {
  return db
    .updateTable('unitOfMeasure')
    .set({ description: values.description, ...(values.active === undefined ? {} : { active: values.active }) })
    .where('accountId', '=', accountId)
    .where('unitType', '=', key.unitType)
    .where('unitNo', '=', key.unitNo)
    .where('code', '=', key.code)
    .returning(columns)
    .executeTakeFirst();
}

export async function deleteUnit(db: Db, accountId: number, key: UnitKey): Promise<boolean> {
  const r = await db
    .deleteFrom('unitOfMeasure')
    .where('accountId', '=', accountId)
    .where('unitType', '=', key.unitType)
    .where('unitNo', '=', key.unitNo)
    .where('code', '=', key.code)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/** Every unit of one item/resource (deleting the item/resource deletes its units). */
export async function deleteUnitsOf(db: Db, accountId: number, unitType: UnitType, unitNo: string): Promise<number> {
  const r = await db
    .deleteFrom('unitOfMeasure')
    .where('accountId', '=', accountId)
    .where('unitType', '=', unitType)
    .where('unitNo', '=', unitNo)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function searchUnits(
  db: Db,
  accountId: number,
  unitType: UnitType,
  unitNo: string,
  q: string,
  limit: number | undefined,
): Promise<UnitRow[]> {
  const query = db
    .selectFrom('unitOfMeasure')
    .select(columns)
    .where('accountId', '=', accountId)
    .where('unitType', '=', unitType)
    .where('unitNo', '=', unitNo)
    .where('active', '=', true);
  return query
    .where(matchesSearch(q, 'code', 'description'))
    .orderBy('code')
    .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
    .execute();
}
