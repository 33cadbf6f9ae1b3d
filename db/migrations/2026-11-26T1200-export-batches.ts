import { sql, type Kysely } from 'kysely';

/**
 * Export batches (issue 24, decision 0201): every "download and mark as exported" writes one
 * export_batch row in the marking's transaction and stamps the marked records with its id, so the
 * archive can filter by batch and the batch can be downloaded again byte for byte (the language,
 * file type and CSV flavour of the first download are kept with it). The account gets the prefix
 * of the BC profile's Document No. (decision 0203).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE export_batch (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      created_by text NOT NULL,
      created_by_user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      file_type text NOT NULL CHECK (file_type IN ('csv', 'xlsx', 'bc')),
      csv_format text CHECK (csv_format IN ('danish', 'international')),
      language_code text NOT NULL,
      document_no text,
      filters jsonb NOT NULL,
      entry_count integer NOT NULL DEFAULT 0,
      checksum text
    )`.execute(db);
  // The batch list of an account, newest first (keyset paged by id).
  await sql`CREATE INDEX export_batch_account ON export_batch (account_id, id DESC)`.execute(db);
  await sql`ALTER TABLE worksheet_record ADD COLUMN export_batch_id integer REFERENCES export_batch (id) ON DELETE SET NULL`.execute(db);
  // The archive's batch filter and the re-download read a batch's records by this index.
  await sql`CREATE INDEX worksheet_record_export_batch ON worksheet_record (export_batch_id) WHERE export_batch_id IS NOT NULL`.execute(db);
  // The download modal may remember the BC profile as the user's file.
  await sql`ALTER TABLE app_user DROP CONSTRAINT IF EXISTS app_user_export_file_type_check`.execute(db);
  await sql`ALTER TABLE app_user ADD CONSTRAINT app_user_export_file_type_check CHECK (export_file_type IN ('csv', 'xlsx', 'bc'))`.execute(db);
  await sql`ALTER TABLE account ADD COLUMN bc_document_prefix text NOT NULL DEFAULT 'WT' CHECK (bc_document_prefix ~ '^[A-Z0-9-]{0,10}$')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE account DROP COLUMN bc_document_prefix`.execute(db);
  await sql`UPDATE app_user SET export_file_type = NULL WHERE export_file_type = 'bc'`.execute(db);
  await sql`ALTER TABLE app_user DROP CONSTRAINT IF EXISTS app_user_export_file_type_check`.execute(db);
  await sql`ALTER TABLE app_user ADD CONSTRAINT app_user_export_file_type_check CHECK (export_file_type IN ('csv', 'xlsx'))`.execute(db);
  await sql`ALTER TABLE worksheet_record DROP COLUMN export_batch_id`.execute(db);
  await sql`DROP TABLE IF EXISTS export_batch`.execute(db);
}
