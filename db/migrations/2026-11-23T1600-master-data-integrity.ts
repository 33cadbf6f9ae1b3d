import { sql, type Kysely } from 'kysely';

/**
 * Master-data integrity (issue 10 §8):
 * - codes are unique per account regardless of case ("r01" beside "R01" was two records): a unique
 *   index on lower(code) beside the exact one. On an installation that already holds such twins the
 *   index cannot be built and the start stops with PostgreSQL's message naming the duplicate key;
 *   an operator renames or merges the twin and starts again (nothing is guessed here).
 * - every master-data record carries a version, so that two admins saving the same record
 *   cannot silently overwrite each other (409, as worksheet records already do).
 */
const KEYS: Array<[table: string, columns: string]> = [
  ['item', 'account_id, lower(no)'],
  ['resource', 'account_id, lower(no)'],
  ['unit_of_measure', 'account_id, unit_type, unit_no, lower(code)'],
  ['location', 'account_id, lower(code)'],
  ['work_type', 'account_id, lower(code)'],
  ['customer', 'account_id, lower(no)'],
  ['job', 'account_id, lower(code)'],
  ['job_task', 'account_id, job_code, lower(code)'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, columns] of KEYS) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
    await sql`CREATE UNIQUE INDEX ${sql.raw(`${table}_key_ci`)} ON ${sql.table(table)} (${sql.raw(columns)})`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of KEYS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_key_ci`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS version`.execute(db);
  }
}
