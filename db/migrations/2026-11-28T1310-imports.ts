import { sql, type Kysely } from 'kysely';

/**
 * Master-data imports (issue 42, decision 0380): every applied import is a record (who, when,
 * which file, the counts), and the column mapping an admin chose for unknown captions is
 * remembered per account and entity.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE import_run (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      entity text NOT NULL,
      file_name text NOT NULL,
      created_by text NOT NULL,
      created_by_user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      row_count integer NOT NULL DEFAULT 0,
      created_count integer NOT NULL DEFAULT 0,
      changed_count integer NOT NULL DEFAULT 0,
      unchanged_count integer NOT NULL DEFAULT 0,
      refused_count integer NOT NULL DEFAULT 0,
      deactivated_count integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX import_run_account ON import_run (account_id, id DESC)`.execute(db);
  await sql`
    CREATE TABLE import_mapping (
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      entity text NOT NULL,
      mapping jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (account_id, entity)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS import_mapping`.execute(db);
  await sql`DROP TABLE IF EXISTS import_run`.execute(db);
}
