import { sql } from 'kysely';
import type { UnitType } from '../../src/shared/limits';
import { nextVersion, type Db } from './master-data/common';

/*
 * Master-data import (issue 42): the account's records of one kind in one read (the import
 * compares a whole file against them), the "deactivate what the file lacks" update, the import
 * records and the remembered column mappings.
 */

export const allCustomers = (db: Db, accountId: number) =>
  db.selectFrom('customer').select(['no', 'name', 'active']).where('accountId', '=', accountId).execute();

export const allJobs = (db: Db, accountId: number) =>
  db
    .selectFrom('job')
    .select(['code', 'description', 'billToCustomerNo', 'teamCode', 'responsibleResourceNo', 'startingDate', 'active'])
    .where('accountId', '=', accountId)
    .execute();

export const allJobTasks = (db: Db, accountId: number) =>
  db.selectFrom('jobTask').select(['jobCode', 'code', 'description', 'active']).where('accountId', '=', accountId).execute();

export const allNoRecords = (db: Db, table: 'item' | 'resource', accountId: number) =>
  db.selectFrom(table as 'item').select(['no', 'description', 'active']).where('accountId', '=', accountId).execute();

export const allUnits = (db: Db, accountId: number, unitType: UnitType) =>
  db.selectFrom('unitOfMeasure').select(['unitNo', 'code', 'description', 'active']).where('accountId', '=', accountId).where('unitType', '=', unitType).execute();

export const allWorkTypes = (db: Db, accountId: number) =>
  db.selectFrom('workType').select(['code', 'description', 'unitOfMeasureCode', 'active']).where('accountId', '=', accountId).execute();

export const allLocations = (db: Db, accountId: number) =>
  db.selectFrom('location').select(['code', 'name', 'active']).where('accountId', '=', accountId).execute();

export type SimpleTable = 'customer' | 'item' | 'resource' | 'workType' | 'location' | 'job';

/** Sets records inactive by their key column (`no` or `code`); bumps their version. */
export async function deactivateByKeys(db: Db, table: SimpleTable, keyColumn: 'no' | 'code', accountId: number, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable(table as 'customer')
    .set({ active: false, version: nextVersion })
    .where('accountId', '=', accountId)
    .where(sql.ref(keyColumn), 'in', keys)
    .execute();
}

export async function deactivateJobTasks(db: Db, accountId: number, keys: Array<{ jobCode: string; code: string }>): Promise<void> {
  for (const k of keys) {
    await db.updateTable('jobTask').set({ active: false, version: nextVersion }).where('accountId', '=', accountId).where('jobCode', '=', k.jobCode).where('code', '=', k.code).execute();
  }
}

export async function deactivateUnits(db: Db, accountId: number, unitType: UnitType, keys: Array<{ unitNo: string; code: string }>): Promise<void> {
  for (const k of keys) {
    await db
      .updateTable('unitOfMeasure')
      .set({ active: false, version: nextVersion })
      .where('accountId', '=', accountId)
      .where('unitType', '=', unitType)
      .where('unitNo', '=', k.unitNo)
      .where('code', '=', k.code)
      .execute();
  }
}

/**
 * Serialises imports of one entity in one account for the rest of the transaction: a second
 * import of the same file waits, then compares against what the first wrote (all unchanged).
 */
export async function lockImport(db: Db, accountId: number, entity: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${accountId}::integer, hashtext(${`import:${entity}`}))`.execute(db);
}

export interface ImportCountsRow {
  rowCount: number;
  createdCount: number;
  changedCount: number;
  unchangedCount: number;
  refusedCount: number;
  deactivatedCount: number;
}

export async function insertImportRun(
  db: Db,
  values: { accountId: number; entity: string; fileName: string; createdBy: string; createdByUserId: number | null } & ImportCountsRow,
): Promise<number> {
  const r = await db.insertInto('importRun').values(values).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export function listImportRuns(db: Db, accountId: number, limit: number) {
  return db
    .selectFrom('importRun')
    .select(['id', 'entity', 'fileName', 'createdBy', 'createdAt', 'rowCount', 'createdCount', 'changedCount', 'unchangedCount', 'refusedCount', 'deactivatedCount'])
    .where('accountId', '=', accountId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findImportMapping(db: Db, accountId: number, entity: string): Promise<Record<string, string>> {
  const r = await db.selectFrom('importMapping').select('mapping').where('accountId', '=', accountId).where('entity', '=', entity).executeTakeFirst();
  return r?.mapping ?? {};
}

export async function saveImportMapping(db: Db, accountId: number, entity: string, mapping: Record<string, string>): Promise<void> {
  const json = JSON.stringify(mapping);
  await db
    .insertInto('importMapping')
    .values({ accountId, entity, mapping: json })
    .onConflict((oc) => oc.columns(['accountId', 'entity']).doUpdateSet({ mapping: json, updatedAt: sql`now()` }))
    .execute();
}
