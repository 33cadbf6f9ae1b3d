import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../types';
import { changedSince, matchesSearch } from './common';

/**
 * One keyset page of an admin list (issue 9, decision 0175). The list is ordered by its key
 * (number/code, unique in the account) or by its text (description/name) then the key; the next
 * page starts strictly after the last row's position. Indexes `(account_id, key)` (the unique
 * constraint) and `(account_id, text, key)` (migration 2026-11-23T2000) serve both orders in
 * either direction, so every page costs the same however deep.
 */
export interface KeysetColumns {
  /** e.g. 'item.no' */
  key: string;
  /** e.g. 'item.description'; `nullable` compares it as coalesce(text, '') (job.description) */
  text: string;
  nullable?: boolean;
}

export interface KeysetRequest {
  q: string;
  sort: 'key' | 'text';
  dir: 'asc' | 'desc';
  /** the last row of the previous page; null for the first page */
  after: { text: string | null; key: string } | null;
  limit: number;
  /** only records changed after this instant (issue 42 §3) */
  updatedSince?: string | null | undefined;
}

const tableOf = (columns: KeysetColumns) => columns.key.split('.')[0]!;

export function textExpr(columns: KeysetColumns): Expression<string> {
  return columns.nullable ? sql<string>`coalesce(${sql.ref(columns.text)}, '')` : sql<string>`${sql.ref(columns.text)}`;
}

/** Adds the search, the keyset condition, the order and `limit + 1` (the extra row says whether a next page exists). */
export function keysetPage<TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>, columns: KeysetColumns, r: KeysetRequest): SelectQueryBuilder<DB, TB, O> {
  const key = sql.ref(columns.key);
  const text = textExpr(columns);
  const op = sql.raw(r.dir === 'asc' ? '>' : '<');
  let out = qb.where(matchesSearch(r.q, columns.key, columns.text)).where(changedSince(tableOf(columns), r.updatedSince));
  if (r.after) {
    out = out.where(r.sort === 'key' ? sql<SqlBool>`${key} ${op} ${r.after.key}` : sql<SqlBool>`(${text}, ${key}) ${op} (${r.after.text ?? ''}, ${r.after.key})`);
  }
  if (r.sort === 'text') out = out.orderBy(text, r.dir);
  return out.orderBy(key, r.dir).limit(r.limit + 1);
}

/** Records matching `q` in the whole list (for "showing N of M"); a count of an index-only scan. */
export async function countMatching<TB extends keyof DB, O>(qb: SelectQueryBuilder<DB, TB, O>, columns: KeysetColumns, q: string, updatedSince?: string | null): Promise<number> {
  const row = await qb
    .clearSelect()
    .select(sql<string>`count(*)`.as('n'))
    .where(matchesSearch(q, columns.key, columns.text))
    .where(changedSince(tableOf(columns), updatedSince))
    .executeTakeFirstOrThrow();
  return Number((row as unknown as { n: string | number }).n);
}
