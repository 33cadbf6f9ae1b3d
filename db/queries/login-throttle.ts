import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../types';

type Db = Kysely<DB> | Transaction<DB>;

/** The `ip` of the row that counts a username's attempts from every address. */
export const ALL_ADDRESSES = '*';
/**
 * The `username_key` of the row that counts an address's attempts on every username (password
 * spraying). Logins trim the username, so no real key starts with a space.
 */
export const ALL_USERNAMES = ' *';

export interface ThrottleLimits {
  /** Attempts a (username, address) pair may have evaluated per window. */
  perAddress: number;
  /** Attempts a username may have evaluated per window across all addresses. */
  perUsername: number;
  /** Attempts an address may have evaluated per window across all usernames. */
  perAddressAll: number;
  /** Window and lock length. */
  minutes: number;
}

export interface CountedAttempt {
  /** This attempt's number for the pair (1 = the first in the window). */
  pairAttempts: number;
  /** This attempt's number for the address across usernames; null when the pair was already over its limit (not counted there). */
  addressAttempts: number | null;
  /** This attempt's number for the username; null when the pair or the address was already over its limit (not counted there). */
  usernameAttempts: number | null;
  /** Whole minutes until the lock that refuses this attempt ends (0 when nothing is locked). */
  lockMinutes: number;
}

/**
 * Counts one login attempt BEFORE its password is checked, in one statement, so that parallel or
 * batched guesses each get their own number and none is evaluated past the limit.
 *
 * Per row: a lock that has run out, or a last attempt older than the window, starts a new count;
 * the attempt that goes over the limit starts a lock of `minutes`; attempts during a lock are
 * counted but do not extend it (the holder of the password gets in once it ends).
 * The username-wide row only counts attempts the pair would let through, so that one address
 * hammering a name cannot run up the name's ceiling and lock it out everywhere.
 */
export async function countLoginAttempt(db: Db, usernameKey: string, ip: string, limits: ThrottleLimits): Promise<CountedAttempt> {
  const restart = sql`(t.locked_until IS NOT NULL AND t.locked_until <= now())
    OR (t.locked_until IS NULL AND t.last_failure_at <= now() - make_interval(mins => ${limits.minutes}))`;
  const upsert = (max: number) => sql`
    ON CONFLICT (username_key, ip) DO UPDATE SET
      failures = CASE WHEN ${restart} THEN 1 ELSE t.failures + 1 END,
      last_failure_at = now(),
      locked_until = CASE
        WHEN ${restart} THEN NULL
        WHEN t.locked_until IS NOT NULL THEN t.locked_until
        WHEN t.failures + 1 > ${max} THEN now() + make_interval(mins => ${limits.minutes})
        ELSE NULL END
    RETURNING t.failures, t.locked_until`;
  // Each row counts only what the rows before it let through: pair → address (all usernames) →
  // username (all addresses). So one address hammering one name runs up its pair only, and a
  // spraying address runs up its own row, not the ceilings of the names it tries.
  const result = await sql<{ paired: number; address: number | null; overall: number | null; lockMinutes: number | null }>`
    WITH pair AS (
      INSERT INTO login_throttle AS t (username_key, ip, failures, last_failure_at, locked_until)
      VALUES (${usernameKey}, ${ip}, 1, now(), NULL)
      ${upsert(limits.perAddress)}
    ), address AS (
      INSERT INTO login_throttle AS t (username_key, ip, failures, last_failure_at, locked_until)
      SELECT ${ALL_USERNAMES}, ${ip}, 1, now(), NULL FROM pair WHERE pair.failures <= ${limits.perAddress}
      ${upsert(limits.perAddressAll)}
    ), everywhere AS (
      INSERT INTO login_throttle AS t (username_key, ip, failures, last_failure_at, locked_until)
      SELECT ${usernameKey}, ${ALL_ADDRESSES}, 1, now(), NULL FROM address WHERE address.failures <= ${limits.perAddressAll}
      ${upsert(limits.perUsername)}
    )
    SELECT pair.failures AS paired, (SELECT failures FROM address) AS address, (SELECT failures FROM everywhere) AS overall,
      ceil(extract(epoch FROM greatest(pair.locked_until, (SELECT locked_until FROM address), (SELECT locked_until FROM everywhere)) - now()) / 60)::int AS lock_minutes
    FROM pair
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('login attempt was not counted');
  return {
    pairAttempts: Number(row.paired),
    addressAttempts: row.address === null ? null : Number(row.address),
    usernameAttempts: row.overall === null ? null : Number(row.overall),
    lockMinutes: Math.max(0, Number(row.lockMinutes ?? 0)),
  };
}

/**
 * A correct password: the pair starts afresh, and the username-wide count gives back this
 * attempt (it was counted before it turned out right), so a user logging in often from many
 * places never reaches the ceiling.
 */
export async function loginSucceeded(db: Db, usernameKey: string, ip: string): Promise<void> {
  await db.deleteFrom('loginThrottle').where('usernameKey', '=', usernameKey).where('ip', '=', ip).execute();
  await db
    .updateTable('loginThrottle')
    .set({ failures: sql<number>`greatest(failures - 1, 0)` })
    .where((eb) => eb.or([eb.and([eb('usernameKey', '=', usernameKey), eb('ip', '=', ALL_ADDRESSES)]), eb.and([eb('usernameKey', '=', ALL_USERNAMES), eb('ip', '=', ip)])]))
    .where('lockedUntil', 'is', null)
    .execute();
}
