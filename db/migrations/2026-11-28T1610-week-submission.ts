import { sql, type Kysely } from 'kysely';

/**
 * Issue 40 §2 (decision 0410): submitting a week.
 * - account.submit_weeks: the account's workers submit their weeks (default off: the spec's flow).
 * - week_submission: one row per (account, owner, ISO week's Monday) while the week is submitted;
 *   returned_at/returned_by set when a leader sends an entry of it back (the week is open again
 *   until the worker resubmits). The (account, week) index serves the list's Submitted filter,
 *   the primary key the per-entry probe.
 * - week_submission_log: every submit, resubmit and return of a week (who, when).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE account ADD COLUMN submit_weeks boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE week_submission (
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      week_start date NOT NULL,
      submitted_at timestamptz NOT NULL DEFAULT now(),
      submitted_by text NOT NULL,
      returned_at timestamptz,
      returned_by text,
      PRIMARY KEY (account_id, user_id, week_start)
    )`.execute(db);
  await sql`CREATE INDEX week_submission_week_idx ON week_submission (account_id, week_start) WHERE returned_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE week_submission_log (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      week_start date NOT NULL,
      action text NOT NULL CHECK (action IN ('submit', 'resubmit', 'return', 'approve')),
      username text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX week_submission_log_week_idx ON week_submission_log (account_id, user_id, week_start, id DESC)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS week_submission_log`.execute(db);
  await sql`DROP TABLE IF EXISTS week_submission`.execute(db);
  await sql`ALTER TABLE account DROP COLUMN IF EXISTS submit_weeks`.execute(db);
}
