import { sql } from 'kysely';
import { changedSince, matchesSearch, nextVersion, updatedAtIso, type Db } from './common';

export interface LocationRow {
  id: number;
  accountId: number;
  code: string;
  name: string | null;
  active: boolean;
  version: number;
  /** issue 42 §3 (the list) */
  updatedAt?: string;
}

const columns = ['id', 'accountId', 'code', 'name', 'active', 'version'] as const;

export function listLocations(db: Db, accountId: number, updatedSince?: string): Promise<LocationRow[]> {
  return db
    .selectFrom('location')
    .select(columns)
    .select(updatedAtIso('location'))
    .where('accountId', '=', accountId)
    .where(changedSince('location', updatedSince))
    .orderBy('code')
    .execute();
}

export function findLocation(db: Db, accountId: number, by: { code: string } | { id: number }): Promise<LocationRow | undefined> {
  const query = db.selectFrom('location').select(columns).select(updatedAtIso('location')).where('accountId', '=', accountId);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('code', '=', by.code)).executeTakeFirst();
}

export function insertLocation(db: Db, accountId: number, values: { code: string; name: string | null }): Promise<LocationRow> {
  return db.insertInto('location').values({ accountId, code: values.code, name: values.name }).returning(columns).returning(updatedAtIso('location')).executeTakeFirstOrThrow();
}

export function updateLocation(
  db: Db,
  accountId: number,
  code: string,
  values: { name?: string | null | undefined; active?: boolean | undefined; version?: number | undefined },
): Promise<LocationRow | undefined> {
  const set: { name?: string | null; active?: boolean } = {};
  if (values.name !== undefined) set.name = values.name;
  if (values.active !== undefined) set.active = values.active;
  return db
    .updateTable('location')
    .set({ ...set, version: nextVersion })
    .where('accountId', '=', accountId)
    .where('code', '=', code)
    .$if(values.version !== undefined, (qb) => qb.where('version', '=', values.version ?? 0))
    .returning(columns)
    .returning(updatedAtIso('location'))
    .executeTakeFirst();
}

export async function deleteLocation(db: Db, accountId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('location').where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export function searchLocations(db: Db, accountId: number, q: string, limit: number | undefined): Promise<LocationRow[]> {
  const query = db.selectFrom('location').select(columns).where('accountId', '=', accountId).where('active', '=', true);
  return (
    query
      .where(matchesSearch(q, 'code', 'name'))
      // The exact code first, so that limit 1 finds a known code (the picker's label lookup).
      .$if(q !== '', (qb) => qb.orderBy(sql`lower(${sql.ref('code')}) = lower(${q})`, 'desc'))
      .orderBy('code')
      .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
      .execute()
  );
}
