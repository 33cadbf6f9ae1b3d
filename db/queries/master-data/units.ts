import type { UnitType } from '../../../src/shared/limits';
import { sql } from 'kysely';
import { changedSince, matchesSearch, nextVersion, updatedAtIso, type Db } from './common';

export interface UnitRow {
  id: number;
  unitType: UnitType;
  unitNo: string;
  code: string;
  description: string;
  active: boolean;
  version: number;
  /** issue 42 §3 (the list) */
  updatedAt?: string;
}

const columns = ['id', 'unitType', 'unitNo', 'code', 'description', 'active', 'version'] as const;

export interface UnitKey {
  unitType: UnitType;
  unitNo: string;
  code: string;
}

/** Units of one type, optionally of one item/resource; by unit number, then code. */
export function listUnits(db: Db, accountId: number, unitType: UnitType, unitNo: string | undefined, updatedSince?: string): Promise<UnitRow[]> {
  let query = db
    .selectFrom('unitOfMeasure')
    .select(columns)
    .select(updatedAtIso('unitOfMeasure'))
    .where('accountId', '=', accountId)
    .where('unitType', '=', unitType)
    .where(changedSince('unitOfMeasure', updatedSince));
  if (unitNo !== undefined) query = query.where('unitNo', '=', unitNo);
  return query.orderBy('unitNo').orderBy('code').execute();
}

export function findUnit(db: Db, accountId: number, key: UnitKey): Promise<UnitRow | undefined> {
  return db
    .selectFrom('unitOfMeasure')
    .select(columns)
    .select(updatedAtIso('unitOfMeasure'))
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
    .returning(updatedAtIso('unitOfMeasure'))
    .executeTakeFirstOrThrow();
}

export function updateUnit(
  db: Db,
  accountId: number,
  key: UnitKey,
  values: { description: string; active?: boolean | undefined; version?: number | undefined },
): Promise<UnitRow | undefined> {
  return db
    .updateTable('unitOfMeasure')
    .set({ description: values.description, ...(values.active === undefined ? {} : { active: values.active }), version: nextVersion })
    .where('accountId', '=', accountId)
    .where('unitType', '=', key.unitType)
    .where('unitNo', '=', key.unitNo)
    .where('code', '=', key.code)
    .$if(values.version !== undefined, (qb) => qb.where('version', '=', values.version ?? 0))
    .returning(columns)
    .returning(updatedAtIso('unitOfMeasure'))
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
  const r = await db.deleteFrom('unitOfMeasure').where('accountId', '=', accountId).where('unitType', '=', unitType).where('unitNo', '=', unitNo).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function searchUnits(db: Db, accountId: number, unitType: UnitType, unitNo: string, q: string, limit: number | undefined): Promise<UnitRow[]> {
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

/** The distinct unit-of-measure codes of the account (any item or resource), for the work type's choice. */
export function listUnitCodes(db: Db, accountId: number): Promise<Array<{ code: string; description: string }>> {
  return db
    .selectFrom('unitOfMeasure')
    .select(['code', (eb) => eb.fn.min('description').as('description')])
    .where('accountId', '=', accountId)
    .groupBy('code')
    .orderBy('code')
    .$narrowType<{ description: string }>()
    .execute();
}

/** The stored spelling of a unit-of-measure code: the exact one if it exists, else one that differs only in case. */
export async function storedUnitCode(db: Db, accountId: number, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('unitOfMeasure')
    .select('code')
    .where('accountId', '=', accountId)
    .where(sql<boolean>`lower(code) = lower(${code})`)
    .orderBy(sql`code = ${code}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.code;
}
