import { sql } from 'kysely';
import { matchesSearch, nextVersion, updatedAtIso, type Db } from './common';
import { recentRank } from './recent';
import { countMatching, keysetPage, type KeysetColumns, type KeysetRequest } from './paging';

/** Items and resources share one table shape (db/types.ts NoDescriptionTable). */
export type NoTable = 'item' | 'resource';

export interface NoRow {
  id: number;
  no: string;
  description: string;
  active: boolean;
  version: number;
  /** issue 42 §3 (lists and single) */
  updatedAt?: string;
}

const columns = ['id', 'no', 'description', 'active', 'version'] as const;

const keyset = (table: NoTable): KeysetColumns => ({ key: `${table}.no`, text: `${table}.description` });

/** One keyset page of the admin list (decision 0175). */
export function listNoRecords(db: Db, table: NoTable, accountId: number, request: KeysetRequest): Promise<NoRow[]> {
  return keysetPage(
    db
      .selectFrom(table as 'item')
      .select(columns)
      .select(updatedAtIso(table))
      .where('accountId', '=', accountId),
    keyset(table),
    request,
  ).execute();
}

export function countNoRecords(db: Db, table: NoTable, accountId: number, q: string, updatedSince?: string | null): Promise<number> {
  return countMatching(db.selectFrom(table as 'item').where('accountId', '=', accountId), keyset(table), q, updatedSince);
}

export function findNoRecord(db: Db, table: NoTable, accountId: number, no: string): Promise<NoRow | undefined> {
  return db
    .selectFrom(table as 'item')
    .select(columns)
    .select(updatedAtIso(table))
    .where('accountId', '=', accountId)
    .where('no', '=', no)
    .executeTakeFirst();
}

export function insertNoRecord(db: Db, table: NoTable, accountId: number, values: { no: string; description: string }): Promise<NoRow> {
  return db
    .insertInto(table as 'item')
    .values({ accountId, no: values.no, description: values.description })
    .returning(columns)
    .returning(updatedAtIso(table))
    .executeTakeFirstOrThrow();
}

export function updateNoRecord(
  db: Db,
  table: NoTable,
  accountId: number,
  no: string,
  values: { description: string; active?: boolean | undefined; version?: number | undefined },
): Promise<NoRow | undefined> {
  return db
    .updateTable(table as 'item')
    .set({ description: values.description, ...(values.active === undefined ? {} : { active: values.active }), version: nextVersion })
    .where('accountId', '=', accountId)
    .where('no', '=', no)
    .$if(values.version !== undefined, (qb) => qb.where('version', '=', values.version ?? 0))
    .returning(columns)
    .returning(updatedAtIso(table))
    .executeTakeFirst();
}

export async function deleteNoRecord(db: Db, table: NoTable, accountId: number, no: string): Promise<boolean> {
  const r = await db
    .deleteFrom(table as 'item')
    .where('accountId', '=', accountId)
    .where('no', '=', no)
    .executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/**
 * Active records whose number or description contains `q` (any case), by number; the record whose
 * number is exactly `q` first, so that a picker finds a known number (the chosen unit, the
 * default resource) with `limit: 1` however many others contain it.
 */
export function searchNoRecords(db: Db, table: NoTable, accountId: number, q: string, limit: number | undefined, recent: readonly string[] = []): Promise<NoRow[]> {
  const query = db
    .selectFrom(table as 'item')
    .select(columns)
    .where('accountId', '=', accountId)
    .where('active', '=', true);
  return (
    query
      .where(matchesSearch(q, 'no', 'description'))
      .$if(q !== '', (qb) => qb.orderBy(sql`lower(no) = lower(${q})`, 'desc'))
      // Then the user's recent items or resources, most recent first (issue 22 §4).
      .$if(recent.length > 0, (qb) => qb.orderBy(recentRank(recent, 'no')))
      .orderBy('no')
      .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
      .execute()
  );
}
