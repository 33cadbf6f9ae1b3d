import type { UnitType } from '../../../src/shared/limits';
import type { Db } from './common';

/*
 * "Still in use" checks before a delete (DESIGN §4). Worksheet entries keep copies of the names
 * they were recorded with, so only entries that are not exported yet (the worksheet) block the
 * delete of an item, resource, unit, location, work type, customer or job task; a job is blocked by
 * any entry (archived ones are listed and filtered by job). Each check is one indexed EXISTS.
 */

function openEntries(db: Db, accountId: number) {
  return db.selectFrom('worksheetRecord').select('id').where('accountId', '=', accountId).where('exported', '=', false).limit(1);
}

async function exists(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}

export const unitTypeInUse = (db: Db, accountId: number, unitType: UnitType, unitNo: string) =>
  exists(openEntries(db, accountId).where('unitType', '=', unitType).where('unitNo', '=', unitNo));

export const unitOfMeasureInUse = (db: Db, accountId: number, unitType: UnitType, unitNo: string, code: string) =>
  exists(openEntries(db, accountId).where('unitType', '=', unitType).where('unitNo', '=', unitNo).where('unitOfMeasureCode', '=', code));

export const locationInUse = (db: Db, accountId: number, code: string) => exists(openEntries(db, accountId).where('locationCode', '=', code));

export const workTypeInUse = (db: Db, accountId: number, code: string) => exists(openEntries(db, accountId).where('workTypeCode', '=', code));

export const customerInUse = async (db: Db, accountId: number, no: string) =>
  (await exists(db.selectFrom('job').select('id').where('accountId', '=', accountId).where('billToCustomerNo', '=', no).limit(1))) ||
  (await exists(openEntries(db, accountId).where('customerNo', '=', no)));

export const jobInUse = async (db: Db, accountId: number, code: string) =>
  (await exists(db.selectFrom('jobTask').select('id').where('accountId', '=', accountId).where('jobCode', '=', code).limit(1))) ||
  (await exists(db.selectFrom('worksheetRecord').select('id').where('accountId', '=', accountId).where('jobCode', '=', code).limit(1)));

export const jobTaskInUse = (db: Db, accountId: number, jobCode: string, code: string) =>
  exists(openEntries(db, accountId).where('jobCode', '=', jobCode).where('jobTaskCode', '=', code));

/** A resource that is some user's default resource (DESIGN §4: deleting it would leave the user pointing at nothing). */
export const resourceIsUserDefault = (db: Db, accountId: number, no: string) =>
  exists(db.selectFrom('appUser').select('id').where('accountId', '=', accountId).where('defaultResource', '=', no).limit(1));
