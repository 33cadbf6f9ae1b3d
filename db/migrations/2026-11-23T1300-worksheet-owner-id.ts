import { sql, type Kysely } from 'kysely';

/**
 * Issue 9 point 2 and 3: plans that do not depend on statistics, and a mark-as-exported whose cost
 * follows the export, not the table.
 *
 * - `worksheet_record.user_id`: the owner's id, so that lists join and filter the owner by an
 *   indexed integer instead of `lower(u.username) = lower(w.username)` (which PostgreSQL plans as a
 *   nested loop over every user until app_user has been analyzed). A trigger fills it from the
 *   username on every insert and every change of the owner, so every writer (the service, the
 *   seeds, the benches, raw SQL in tests) stores it the same way. Usernames never change and a user
 *   with entries cannot be deleted (services/users.ts), so the id stays right; SET NULL only
 *   guards against a race there.
 * - Keyset pagination reads (date DESC, id DESC): the archive gets a partial index on archived
 *   entries like the open one, and the owner index is keyed by user_id with the same order.
 * - `exported` now appears only as a partial-index predicate (open: 6 indexes, archived: 1) and in
 *   the owner and job indexes. Marking a row still cannot be a HOT update (a predicate column
 *   changes), but the new row version enters only the primary key, the archived index, the owner
 *   index and the job index, never the open-entry indexes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE worksheet_record ADD COLUMN user_id integer REFERENCES app_user (id) ON DELETE SET NULL`.execute(db);
  await sql`
    UPDATE worksheet_record w SET user_id = u.id
    FROM app_user u
    WHERE u.account_id = w.account_id AND lower(u.username) = lower(w.username)`.execute(db);
  await sql`
    CREATE FUNCTION worksheet_record_set_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.user_id := (SELECT u.id FROM app_user u WHERE lower(u.username) = lower(NEW.username) AND u.account_id = NEW.account_id);
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER worksheet_record_user_id BEFORE INSERT OR UPDATE OF username, account_id ON worksheet_record
    FOR EACH ROW EXECUTE FUNCTION worksheet_record_set_user_id()`.execute(db);

  await sql`DROP INDEX worksheet_archive_idx`.execute(db);
  await sql`CREATE INDEX worksheet_archived_idx ON worksheet_record (account_id, date DESC, id DESC) WHERE exported`.execute(db);
  await sql`DROP INDEX worksheet_owner_idx`.execute(db);
  await sql`CREATE INDEX worksheet_owner_idx ON worksheet_record (user_id, exported, date DESC, id DESC)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX worksheet_owner_idx`.execute(db);
  await sql`CREATE INDEX worksheet_owner_idx ON worksheet_record (account_id, lower(username), exported, date DESC)`.execute(db);
  await sql`DROP INDEX worksheet_archived_idx`.execute(db);
  await sql`CREATE INDEX worksheet_archive_idx ON worksheet_record (account_id, exported, date DESC)`.execute(db);
  await sql`DROP TRIGGER worksheet_record_user_id ON worksheet_record`.execute(db);
  await sql`DROP FUNCTION worksheet_record_set_user_id()`.execute(db);
  await sql`ALTER TABLE worksheet_record DROP COLUMN user_id`.execute(db);
}
