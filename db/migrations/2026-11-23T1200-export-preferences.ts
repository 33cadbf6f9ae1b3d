import { sql, type Kysely } from 'kysely';

/**
 * The download modal remembers per user which file they take (issue 12, decision 0100): the file
 * type (csv or xlsx) and the CSV flavour (Danish Excel `;` + decimal comma, or International `,` +
 * point). NULL means "not chosen yet": csv, flavour by the user's language.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE app_user
      ADD COLUMN export_file_type text CHECK (export_file_type IN ('csv', 'xlsx')),
      ADD COLUMN export_csv_format text CHECK (export_csv_format IN ('danish', 'international'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE app_user DROP COLUMN export_file_type, DROP COLUMN export_csv_format`.execute(db);
}
