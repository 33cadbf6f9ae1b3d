import { sql, type AliasedRawBuilder, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../types';

/** `version = version + 1`: every update of a master-data record bumps its version (optimistic concurrency). */
export const nextVersion = sql<number>`version + 1`;

/**
 * `updated_at` as ISO 8601 text with microseconds (issue 42 §3): a Date would drop them, and a
 * sync that passes back a rounded-down instant would see the same record again and again.
 */
export const updatedAtIso = (table: string): AliasedRawBuilder<string, 'updatedAt'> =>
  sql<string>`to_char(${sql.ref(`${table}.updatedAt`)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('updatedAt');

/** `updatedSince` of a list: records changed strictly after the instant; none given = all. */
export const changedSince = (table: string, since: string | null | undefined): RawBuilder<SqlBool> =>
  since ? sql<SqlBool>`${sql.ref(`${table}.updatedAt`)} > ${since}::timestamptz` : sql<SqlBool>`true`;

/** A Kysely instance or a transaction. */
export type Db = Kysely<DB> | Transaction<DB>;

/** `q` as a LIKE pattern matching anywhere, with LIKE's own characters taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column ILIKE pattern` (case-insensitive substring; pg_trgm GIN indexes serve it on PostgreSQL). */
export function ilike(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} ILIKE ${pattern}`;
}

/** PostgreSQL unique_violation, from postgres.js or PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** PostgreSQL foreign_key_violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/** Search condition: `q` anywhere in the key or the text column, any case; an empty `q` matches all. */
export function matchesSearch(q: string, keyColumn: string, textColumn: string): RawBuilder<boolean> {
  if (!q) return sql<boolean>`true`;
  const pattern = containsPattern(q);
  return sql<boolean>`(${ilike(keyColumn, pattern)} OR ${ilike(textColumn, pattern)})`;
}
