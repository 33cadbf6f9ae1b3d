import { sql, type Kysely } from 'kysely';

/**
 * Issue 23 §1 (decision 0216): the team leader's "not approved" list. Open entries waiting for
 * approval, in the keyset order of the lists (date DESC, id DESC), so that the first page of a
 * "not approved" filter reads the waiting entries only, however many approved ones lie between
 * them. Approving removes a row from this index (the predicate changes), exporting too.
 * The person filter uses worksheet_owner_idx (user_id, exported, date DESC, id DESC), customer and
 * job their existing indexes; see docs/plans/worksheet-review.md.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS worksheet_unapproved_idx ON worksheet_record (account_id, date DESC, id DESC) WHERE NOT exported AND approved_by IS NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS worksheet_unapproved_idx`.execute(db);
}
