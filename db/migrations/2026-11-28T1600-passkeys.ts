import { sql, type Kysely } from 'kysely';

/**
 * Issue 41 §3 (decision 0400): passkeys (WebAuthn).
 * - user_passkey: a user's registered credentials. The credential id (base64url) is unique over
 *   every account: an authenticator's credential belongs to one user. The COSE public key as
 *   base64url, the signature counter, the transports the browser reported, a name the user gives.
 * - webauthn_challenge: a ceremony under way (registration, sign-in, second step), only the
 *   challenge's SHA-256 kept, 5 minutes; taken (deleted) by its answer, so a replay finds nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE user_passkey (
      id serial PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      credential_id text NOT NULL UNIQUE,
      public_key text NOT NULL,
      counter bigint NOT NULL DEFAULT 0,
      transports text NOT NULL DEFAULT '',
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX user_passkey_user ON user_passkey (user_id)`.execute(db);
  await sql`
    CREATE TABLE webauthn_challenge (
      id text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('register', 'login', 'second')),
      user_id integer REFERENCES app_user (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS webauthn_challenge`.execute(db);
  await sql`DROP TABLE IF EXISTS user_passkey`.execute(db);
}
