import { sql } from 'kysely';
import { changedSince, matchesSearch, nextVersion, updatedAtIso, type Db } from './common';
import { recentRank } from './recent';

export interface WorkTypeRow {
  id: number;
  code: string;
  description: string;
  unitOfMeasureCode: string | null;
  active: boolean;
  version: number;
  /** issue 42 §3 (the list) */
  updatedAt?: string;
}

const columns = ['id', 'code', 'description', 'unitOfMeasureCode', 'active', 'version'] as const;

export function listWorkTypes(db: Db, accountId: number, updatedSince?: string): Promise<WorkTypeRow[]> {
  return db
    .selectFrom('workType')
    .select(columns)
    .select(updatedAtIso('workType'))
    .where('accountId', '=', accountId)
    .where(changedSince('workType', updatedSince))
    .orderBy('code')
    .execute();
}

export function findWorkType(db: Db, accountId: number, code: string): Promise<WorkTypeRow | undefined> {
  return db.selectFrom('workType').select(columns).select(updatedAtIso('workType')).where('accountId', '=', accountId).where('code', '=', code).executeTakeFirst();
}

export function insertWorkType(db: Db, accountId: number, values: { code: string; description: string; unitOfMeasureCode: string | null }): Promise<WorkTypeRow> {
  return db
    .insertInto('workType')
    .values({ accountId, code: values.code, description: values.description, unitOfMeasureCode: values.unitOfMeasureCode })
    .returning(columns)
    .returning(updatedAtIso('workType'))
    .executeTakeFirstOrThrow();
}

export function updateWorkType(
  db: Db,
  accountId: number,
  code: string,
  values: { description: string; unitOfMeasureCode: string | null; active?: boolean | undefined; version?: number | undefined },
): Promise<WorkTypeRow | undefined> {
  return db
    .updateTable('workType')
    .set({
      description: values.description,
      unitOfMeasureCode: values.unitOfMeasureCode,
      ...(values.active === undefined ? {} : { active: values.active }),
      version: nextVersion,
    })
    .where('accountId', '=', accountId)
    .where('code', '=', code)
    .$if(values.version !== undefined, (qb) => qb.where('version', '=', values.version ?? 0))
    .returning(columns)
    .returning(updatedAtIso('workType'))
    .executeTakeFirst();
}

export async function deleteWorkType(db: Db, accountId: number, code: string): Promise<boolean> {
  const r = await db.deleteFrom('workType').where('accountId', '=', accountId).where('code', '=', code).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

export function searchWorkTypes(db: Db, accountId: number, q: string, limit: number | undefined, recent: readonly string[] = []): Promise<WorkTypeRow[]> {
  const query = db.selectFrom('workType').select(columns).where('accountId', '=', accountId).where('active', '=', true);
  return (
    query
      .where(matchesSearch(q, 'code', 'description'))
      // The exact code first, so that limit 1 finds a known code (the picker's lookup, decision 0176).
      .$if(q !== '', (qb) => qb.orderBy(sql`lower(${sql.ref('code')}) = lower(${q})`, 'desc'))
      // Then the user's recent work types, most recent first (issue 22 §4).
      .$if(recent.length > 0, (qb) => qb.orderBy(recentRank(recent, 'code')))
      .orderBy('code')
      .$if(limit !== undefined, (qb) => qb.limit(limit ?? 0))
      .execute()
  );
}
