import { sql, type Kysely } from 'kysely';

/**
 * Issue 41 (decisions 0340–0341): the company's own logins.
 * - user_totp: one authenticator app per user; the secret AES-GCM-encrypted with APP_SECRET (like
 *   the API key), `last_step` the newest 30-second step accepted, so a code is good once.
 * - user_recovery_code: 10 single-use codes, only their SHA-256 kept.
 * - login_challenge: the step between a right password and the second factor; only the token's
 *   SHA-256 kept, 5 minutes.
 * - account.second_factor_required: 'none' | 'privileged' (Admins and Teamleaders) | 'everyone'.
 * - app_user.email: the address SSO links a pre-created user by (the users table had none).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE account ADD COLUMN second_factor_required text NOT NULL DEFAULT 'none'
    CHECK (second_factor_required IN ('none', 'privileged', 'everyone'))`.execute(db);
  await sql`ALTER TABLE app_user ADD COLUMN email text`.execute(db);
  await sql`CREATE UNIQUE INDEX app_user_email_key ON app_user (account_id, lower(email)) WHERE email IS NOT NULL`.execute(db);
  await sql`
    CREATE TABLE user_totp (
      user_id integer PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
      secret_encrypted text NOT NULL,
      confirmed_at timestamptz,
      last_step bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE user_recovery_code (
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )`.execute(db);
  await sql`
    CREATE TABLE login_challenge (
      id text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      remember boolean NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS login_challenge`.execute(db);
  await sql`DROP TABLE IF EXISTS user_recovery_code`.execute(db);
  await sql`DROP TABLE IF EXISTS user_totp`.execute(db);
  await sql`DROP INDEX IF EXISTS app_user_email_key`.execute(db);
  await sql`ALTER TABLE app_user DROP COLUMN IF EXISTS email`.execute(db);
  await sql`ALTER TABLE account DROP COLUMN IF EXISTS second_factor_required`.execute(db);
}
