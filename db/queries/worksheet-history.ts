import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, WorksheetHistoryTable } from '../types';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertHistory(db: Db, row: Insertable<WorksheetHistoryTable>): Promise<void> {
  await db
    .insertInto('worksheetHistory')
    .values({ ...row, changes: JSON.stringify(row.changes ?? {}) })
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
