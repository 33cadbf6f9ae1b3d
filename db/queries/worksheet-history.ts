import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, WorksheetHistoryTable } from '../types';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertHistory(db: Db, row: Insertable<WorksheetHistoryTable>): Promise<void> {
  await db
    .insertInto('worksheetHistory')
    .values({ ...row, changes: JSON.stringify(row.changes ?? {}) })
    .execute();
}

/** Several rows in one statement (issue 23 §2 bulk approve). */
export async function insertHistories(db: Db, rows: ReadonlyArray<Insertable<WorksheetHistoryTable>>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('worksheetHistory')
    .values(rows.map((row) => ({ ...row, changes: JSON.stringify(row.changes ?? {}) })))
    .execute();
}

/** The audit trail of one record, oldest first. */
export async function historyOf(db: Db, accountId: number, worksheetId: number) {
  return db
    .selectFrom('worksheetHistory')
    .select(['id', 'action', 'username', 'at', 'changes'])
    .where('accountId', '=', accountId)
    .where('worksheetId', '=', worksheetId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}
