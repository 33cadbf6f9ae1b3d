import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../types';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The account's closed date (issue 40 §3), the row locked FOR KEY SHARE for the rest of the
 * transaction: a worksheet write reads it after locking its records, so a close (which locks the
 * row FOR UPDATE, lockPeriodForClose) waits for the writes under way and the writes after it see
 * the new date (decision 0371). Writers do not block one another: KEY SHARE locks share.
 */
export async function lockClosedUntil(db: Db, accountId: number): Promise<string | null> {
  const row = await db.selectFrom('account').select('closedUntil').where('id', '=', accountId).forKeyShare().executeTakeFirst();
  return row?.closedUntil ?? null;
}

/** The closed date without a lock (reads, the answer to a refused create). */
export async function readClosedUntil(db: Db, accountId: number): Promise<string | null> {
  const row = await db.selectFrom('account').select('closedUntil').where('id', '=', accountId).executeTakeFirst();
  return row?.closedUntil ?? null;
}

/** The closed date with the account row locked FOR UPDATE: a close or reopen waits for the writes under way. */
export async function lockPeriodForClose(db: Db, accountId: number): Promise<string | null> {
  const row = await db.selectFrom('account').select('closedUntil').where('id', '=', accountId).forUpdate().executeTakeFirst();
  return row?.closedUntil ?? null;
}

export async function setClosedUntil(db: Db, accountId: number, closedUntil: string | null): Promise<void> {
  await db.updateTable('account').set({ closedUntil }).where('id', '=', accountId).execute();
}

export async function insertPeriodLog(db: Db, row: { accountId: number; username: string; fromDate: string | null; toDate: string | null }): Promise<void> {
  await db.insertInto('periodCloseLog').values(row).execute();
}

/** The newest `limit` closes and reopens of the account. */
export async function periodLog(db: Db, accountId: number, limit: number) {
  return db.selectFrom('periodCloseLog').select(['id', 'username', 'at', 'fromDate', 'toDate']).where('accountId', '=', accountId).orderBy('id', 'desc').limit(limit).execute();
}
