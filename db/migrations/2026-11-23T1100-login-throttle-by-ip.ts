import { sql, type Kysely } from 'kysely';

/**
 * Login throttling per username AND client address (docs/decisions/0070-login-throttling.md):
 * one row per (username, address) pair, plus one row per username with ip '*' that counts the
 * attempts from every address (the higher ceiling against distributed guessing). The counters
 * are short-lived, so the old per-name rows are dropped rather than converted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM login_throttle`.execute(db);
  await sql`ALTER TABLE login_throttle ADD COLUMN ip text NOT NULL`.execute(db);
  await sql`ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_pkey`.execute(db);
  await sql`ALTER TABLE login_throttle ADD PRIMARY KEY (username_key, ip)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM login_throttle`.execute(db);
  await sql`ALTER TABLE login_throttle DROP CONSTRAINT login_throttle_pkey`.execute(db);
  await sql`ALTER TABLE login_throttle DROP COLUMN ip`.execute(db);
  await sql`ALTER TABLE login_throttle ADD PRIMARY KEY (username_key)`.execute(db);
}
