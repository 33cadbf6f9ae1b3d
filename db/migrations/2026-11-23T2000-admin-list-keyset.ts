import { sql, type Kysely } from 'kysely';

/**
 * Keyset pages of the admin lists (issue 9, decision 0175): ordered by the key (number/code; the
 * unique (account_id, key) index serves it) or by the text (description/name) then the key, served
 * by these indexes in either direction. Job descriptions may be null and are ordered as ''.
 */
const INDEXES: Array<[name: string, table: string, columns: string]> = [
  ['item_list_text_idx', 'item', 'account_id, description, no'],
  ['resource_list_text_idx', 'resource', 'account_id, description, no'],
  ['customer_list_text_idx', 'customer', 'account_id, name, no'],
  ['job_list_text_idx', 'job', "account_id, coalesce(description, ''), code"],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(name)} ON ${sql.table(table)} (${sql.raw(columns)})`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await sql`DROP INDEX IF EXISTS ${sql.raw(name)}`.execute(db);
}
