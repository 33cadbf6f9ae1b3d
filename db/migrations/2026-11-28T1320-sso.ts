import { sql, type Kysely } from 'kysely';

/**
 * Issue 41 §1, §2, §5 (decision 0390): OpenID Connect single sign-on.
 * - account_sso: one provider per account, set by its Admin; the client secret AES-GCM-encrypted
 *   with APP_SECRET (like the API key). `allowed_domains` space-separated, lower case.
 *   `break_glass_user_id`: the one user who may still sign in with a password when `sso_required`.
 * - user_identity: the link of a provider's subject (`iss` + `sub`) to a user; never by e-mail alone.
 *   `end_session_url`: the provider's logout, offered when the user logs out.
 * - sso_login_state: one sign-in under way; only the state's SHA-256 is kept, taken (deleted) once,
 *   10 minutes. A test sign-in of an Admin keeps the claims it saw in `result` for him to read.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE account_sso (
      account_id integer PRIMARY KEY REFERENCES account (id) ON DELETE CASCADE,
      enabled boolean NOT NULL DEFAULT true,
      provider_name text NOT NULL,
      issuer text NOT NULL,
      client_id text NOT NULL,
      client_secret_encrypted text,
      allowed_domains text NOT NULL DEFAULT '',
      tenant_id text,
      jit_create boolean NOT NULL DEFAULT false,
      sso_required boolean NOT NULL DEFAULT false,
      break_glass_user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE user_identity (
      issuer text NOT NULL,
      subject text NOT NULL,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      email text,
      end_session_url text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (issuer, subject)
    )`.execute(db);
  await sql`CREATE INDEX user_identity_user ON user_identity (user_id)`.execute(db);
  await sql`
    CREATE TABLE sso_login_state (
      id text PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      code_verifier text NOT NULL,
      nonce text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('login', 'test')),
      user_id integer REFERENCES app_user (id) ON DELETE CASCADE,
      result text,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS sso_login_state`.execute(db);
  await sql`DROP TABLE IF EXISTS user_identity`.execute(db);
  await sql`DROP TABLE IF EXISTS account_sso`.execute(db);
}
