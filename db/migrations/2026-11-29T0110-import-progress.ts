import { sql, type Kysely } from 'kysely';

/**
 * Issue 42 §5 (decision 0499): a running import's progress in its record, so that every
 * instance of the app on one PostgreSQL database sees it (docs/capacity.md). Written by the
 * importing process outside the import's transaction, at most every ~500 ms; `progress_at` is
 * when it last did (an import whose progress stopped long ago is one whose process is gone).
 * PGlite keeps progress in the process's memory and leaves these null.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE import_run ADD COLUMN progress_phase text CHECK (progress_phase IN ('checking', 'writing'))`.execute(db);
  await sql`ALTER TABLE import_run ADD COLUMN progress_done integer`.execute(db);
  await sql`ALTER TABLE import_run ADD COLUMN progress_total integer`.execute(db);
  await sql`ALTER TABLE import_run ADD COLUMN progress_at timestamptz`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE import_run DROP COLUMN IF EXISTS progress_at`.execute(db);
  await sql`ALTER TABLE import_run DROP COLUMN IF EXISTS progress_total`.execute(db);
  await sql`ALTER TABLE import_run DROP COLUMN IF EXISTS progress_done`.execute(db);
  await sql`ALTER TABLE import_run DROP COLUMN IF EXISTS progress_phase`.execute(db);
}
