import { sql } from 'kysely';
import type { UnitType } from '../../src/shared/limits';
import { nextVersion, type Db } from './master-data/common';

/*
 * Master-data import (issue 42): the account's records of one kind in one read (the import
 * compares a whole file against them), the "deactivate what the file lacks" update, the import
 * records and the remembered column mappings.
 */

export const allCustomers = (db: Db, accountId: number) => db.selectFrom('customer').select(['no', 'name', 'active']).where('accountId', '=', accountId).execute();

export const allJobs = (db: Db, accountId: number) =>
  db
    .selectFrom('job')
    .select(['code', 'description', 'billToCustomerNo', 'teamCode', 'responsibleResourceNo', 'startingDate', 'active'])
    .where('accountId', '=', accountId)
    .execute();

export const allJobTasks = (db: Db, accountId: number) =>
  db.selectFrom('jobTask').select(['jobCode', 'code', 'description', 'active']).where('accountId', '=', accountId).execute();

export const allNoRecords = (db: Db, table: 'item' | 'resource', accountId: number) =>
  db
    .selectFrom(table as 'item')
    .select(['no', 'description', 'active'])
    .where('accountId', '=', accountId)
    .execute();

export const allUnits = (db: Db, accountId: number, unitType: UnitType) =>
  db.selectFrom('unitOfMeasure').select(['unitNo', 'code', 'description', 'active']).where('accountId', '=', accountId).where('unitType', '=', unitType).execute();

export const allWorkTypes = (db: Db, accountId: number) =>
  db.selectFrom('workType').select(['code', 'description', 'unitOfMeasureCode', 'active']).where('accountId', '=', accountId).execute();

export const allLocations = (db: Db, accountId: number) => db.selectFrom('location').select(['code', 'name', 'active']).where('accountId', '=', accountId).execute();

export type SimpleTable = 'customer' | 'item' | 'resource' | 'workType' | 'location' | 'job';
export type UpsertTable = SimpleTable | 'jobTask' | 'unitOfMeasure';

/** Rows per multi-row statement (≤ 10 columns: far below PostgreSQL's 65 535 parameters). */
export const UPSERT_CHUNK = 500;

/**
 * Issue 42 §4 budget: many records in one statement — insert, or on the key's conflict update
 * the given columns and bump the version (updated_at is the trigger's). Every row names the same
 * columns; `accountId` and the key columns are among them. Chunks of UPSERT_CHUNK.
 */
export async function upsertRows(
  db: Db,
  table: UpsertTable,
  conflict: readonly string[],
  rows: Array<Record<string, unknown>>,
  onConflict: 'update' | 'nothing' = 'update',
): Promise<void> {
  if (rows.length === 0) return;
  const update = Object.keys(rows[0]!).filter((c) => c !== 'accountId' && !conflict.includes(c));
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    const chunk = rows.slice(i, i + UPSERT_CHUNK);
    await db
      .insertInto(table as 'customer')
      .values(chunk as never)
      .onConflict((oc) => {
        const target = oc.columns(['accountId', ...conflict] as never);
        if (onConflict === 'nothing' || update.length === 0) return target.doNothing();
        return target.doUpdateSet(Object.fromEntries([...update.map((c) => [c, sql.ref(`excluded.${c}`)]), ['version', sql`${sql.ref(`${table}.version`)} + 1`]]) as never);
      })
      .execute();
  }
}

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

/** The account's active customers' numbers (a job's bill-to rule, checked for a whole file at once). */
export const activeCustomerNos = async (db: Db, accountId: number): Promise<Set<string>> =>
  new Set((await db.selectFrom('customer').select('no').where('accountId', '=', accountId).where('active', '=', true).execute()).map((r) => r.no));

export async function deactivateJobTasks(db: Db, accountId: number, keys: Array<{ jobCode: string; code: string }>): Promise<void> {
  for (let i = 0; i < keys.length; i += UPSERT_CHUNK) {
    const chunk = keys.slice(i, i + UPSERT_CHUNK);
    await db
      .updateTable('jobTask')
      .set({ active: false, version: nextVersion })
      .where('accountId', '=', accountId)
      .where((eb) => eb.or(chunk.map((k) => eb.and([eb('jobCode', '=', k.jobCode), eb('code', '=', k.code)]))))
      .execute();
  }
}

export async function deactivateUnits(db: Db, accountId: number, unitType: UnitType, keys: Array<{ unitNo: string; code: string }>): Promise<void> {
  for (let i = 0; i < keys.length; i += UPSERT_CHUNK) {
    const chunk = keys.slice(i, i + UPSERT_CHUNK);
    await db
      .updateTable('unitOfMeasure')
      .set({ active: false, version: nextVersion })
      .where('accountId', '=', accountId)
      .where('unitType', '=', unitType)
      .where((eb) => eb.or(chunk.map((k) => eb.and([eb('unitNo', '=', k.unitNo), eb('code', '=', k.code)]))))
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

const RUN_COLUMNS = [
  'id',
  'entity',
  'fileName',
  'source',
  'status',
  'createdBy',
  'createdAt',
  'finishedAt',
  'rowCount',
  'createdCount',
  'changedCount',
  'unchangedCount',
  'refusedCount',
  'deactivatedCount',
  'error',
  'progressPhase',
  'progressDone',
  'progressTotal',
] as const;

/** An import as it starts (status running), outside its transaction so that the admin page lists it at once. */
export async function startImportRun(
  db: Db,
  values: { accountId: number; entity: string; fileName: string; source: 'file' | 'bulk'; createdBy: string; createdByUserId: number | null; rowCount: number },
): Promise<number> {
  const r = await db
    .insertInto('importRun')
    .values({ ...values, status: 'running' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * The import done: its counts and report (in the import's own transaction, so they commit with
 * the data). Finished now, not when the transaction began (`now()` is the transaction's start).
 */
export async function finishImportRun(db: Db, id: number, counts: ImportCountsRow, report: unknown): Promise<void> {
  await db
    .updateTable('importRun')
    .set({ ...counts, status: 'done', finishedAt: sql`statement_timestamp()`, report: JSON.stringify(report) })
    .where('id', '=', id)
    .execute();
}

/**
 * A running import's progress (decision 0499, PostgreSQL): on a connection of its own, never the
 * import's transaction, so that a poll from any instance reads it at once. A done or failed
 * import is left alone (a late write after the commit changes nothing).
 */
export async function saveImportProgress(db: Db, id: number, progress: { phase: 'checking' | 'writing'; done: number; total: number }): Promise<void> {
  await db
    .updateTable('importRun')
    .set({ progressPhase: progress.phase, progressDone: progress.done, progressTotal: progress.total, progressAt: sql`now()` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** The import failed (its transaction rolled back): why, as a coded error. */
export async function failImportRun(db: Db, id: number, error: { code: string; params: Record<string, string> }): Promise<void> {
  await db
    .updateTable('importRun')
    .set({ status: 'failed', finishedAt: sql`now()`, error: JSON.stringify(error) })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/**
 * Imports left running by a process that is gone (a restart): failed after `minutes` without
 * news — since they started, or since their last progress written to the record (PostgreSQL,
 * where another instance's imports are not in this process's `keep`).
 */
export async function failStaleImportRuns(db: Db, accountId: number, keep: number[], minutes: number): Promise<void> {
  await db
    .updateTable('importRun')
    .set({ status: 'failed', finishedAt: sql`now()`, error: JSON.stringify({ code: 'IMPORT_INTERRUPTED', params: {} }) })
    .where('accountId', '=', accountId)
    .where('status', '=', 'running')
    .where(sql<Date>`coalesce(progress_at, created_at)`, '<', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .$if(keep.length > 0, (qb) => qb.where('id', 'not in', keep))
    .execute();
}

export function listImportRuns(db: Db, accountId: number, limit: number) {
  return db.selectFrom('importRun').select(RUN_COLUMNS).where('accountId', '=', accountId).orderBy('id', 'desc').limit(limit).execute();
}

export function findImportRun(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('importRun')
    .select([...RUN_COLUMNS, 'report'])
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
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
