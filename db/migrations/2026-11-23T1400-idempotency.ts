import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys for the REST creates (issue 13 point 5, decision 0130). One row per
 * (account, scope, key): the scope separates the API key from each user of the account, so two
 * callers cannot replay each other's answers. The row is written before the create runs
 * ('running') and completed with the answer ('done'); the primary key makes the reservation
 * atomic across every instance.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_key (
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      scope text NOT NULL,
      key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
      fingerprint text NOT NULL,
      state text NOT NULL CHECK (state IN ('running', 'done')),
      response_status integer,
      response_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, scope, key)
    )`.execute(db);
  // The lazy purge deletes expired rows of one account at a time.
  await sql`CREATE INDEX idempotency_key_expiry ON idempotency_key (account_id, expires_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS idempotency_key`.execute(db);
}
