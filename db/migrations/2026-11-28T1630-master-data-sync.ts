import { sql, type Kysely } from 'kysely';

/**
 * Issue 42 §3, §5, §6 (decision 0430):
 * - `updated_at` on every master-data table (and app_user), kept by a BEFORE UPDATE trigger so
 *   that no write can forget it (PGlite runs plpgsql like PostgreSQL: the worksheet_record
 *   trigger of 2026-11-23T1300 proves it); an index (account_id, updated_at) for `updatedSince`.
 * - import_run becomes a job: status running/done/failed, when it finished, the report as JSON,
 *   how it came (a file or the bulk API), and why it failed.
 * - password_link: single-use set-password links for imported users; only the token's SHA-256.
 */
const TABLES = ['customer', 'job', 'job_task', 'item', 'resource', 'unit_of_measure', 'work_type', 'location', 'app_user'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION master_data_touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END
    $$`.execute(db);
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_updated_idx`)} ON ${sql.table(table)} (account_id, updated_at)`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_updated_at`)} BEFORE UPDATE ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION master_data_touch()`.execute(db);
  }

  await sql`ALTER TABLE import_run ADD COLUMN status text NOT NULL DEFAULT 'done' CHECK (status IN ('running', 'done', 'failed'))`.execute(db);
  await sql`ALTER TABLE import_run ADD COLUMN finished_at timestamptz`.execute(db);
  await sql`ALTER TABLE import_run ADD COLUMN source text NOT NULL DEFAULT 'file' CHECK (source IN ('file', 'bulk'))`.execute(db);
  await sql`ALTER TABLE import_run ADD COLUMN report jsonb`.execute(db);
  await sql`ALTER TABLE import_run ADD COLUMN error jsonb`.execute(db);
  await sql`UPDATE import_run SET finished_at = created_at`.execute(db);

  await sql`
    CREATE TABLE password_link (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_by_user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX password_link_user ON password_link (user_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS password_link`.execute(db);
  for (const c of ['status', 'finished_at', 'source', 'report', 'error']) await sql`ALTER TABLE import_run DROP COLUMN IF EXISTS ${sql.id(c)}`.execute(db);
  for (const table of TABLES) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_updated_at`)} ON ${sql.table(table)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS updated_at`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS master_data_touch()`.execute(db);
}
