import { sql, type Kysely } from 'kysely';

/**
 * Issue 40 §1 and §3 (decisions 0370–0371).
 * - worksheet_record.returned_by / returned_at / return_reason: the entry was sent back to its
 *   owner with a reason (unapproved, editable by the owner again); an edit clears them.
 * - worksheet_history.action gains 'return' (the reason and who/when are in the entry's history).
 * - account.closed_until: the account's time is closed up to and including this date; NULL = open.
 * - period_close_log: every close and reopen (who, when, from, to).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE worksheet_record ADD COLUMN returned_by text, ADD COLUMN returned_at timestamptz, ADD COLUMN return_reason text`.execute(db);
  await sql`CREATE INDEX worksheet_record_returned_idx ON worksheet_record (user_id) WHERE returned_at IS NOT NULL`.execute(db);
  await sql`ALTER TABLE worksheet_history DROP CONSTRAINT IF EXISTS worksheet_history_action_check`.execute(db);
  await sql`ALTER TABLE worksheet_history ADD CONSTRAINT worksheet_history_action_check
    CHECK (action IN ('create', 'update', 'approve', 'unapprove', 'delete', 'export', 'return'))`.execute(db);
  await sql`ALTER TABLE account ADD COLUMN closed_until date`.execute(db);
  await sql`
    CREATE TABLE period_close_log (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      username text NOT NULL,
      at timestamptz NOT NULL DEFAULT now(),
      from_date date,
      to_date date
    )`.execute(db);
  await sql`CREATE INDEX period_close_log_account_idx ON period_close_log (account_id, id DESC)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS period_close_log`.execute(db);
  await sql`ALTER TABLE account DROP COLUMN IF EXISTS closed_until`.execute(db);
  await sql`DELETE FROM worksheet_history WHERE action = 'return'`.execute(db);
  await sql`ALTER TABLE worksheet_history DROP CONSTRAINT IF EXISTS worksheet_history_action_check`.execute(db);
  await sql`ALTER TABLE worksheet_history ADD CONSTRAINT worksheet_history_action_check
    CHECK (action IN ('create', 'update', 'approve', 'unapprove', 'delete', 'export'))`.execute(db);
  await sql`DROP INDEX IF EXISTS worksheet_record_returned_idx`.execute(db);
  await sql`ALTER TABLE worksheet_record DROP COLUMN IF EXISTS returned_by, DROP COLUMN IF EXISTS returned_at, DROP COLUMN IF EXISTS return_reason`.execute(db);
}
