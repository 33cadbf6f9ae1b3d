import { sql } from 'kysely';
import type { Database } from '../../../db/database';
import { ERR } from '../../shared/errors';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '../../shared/limits';
import { AppError } from '../errors';
import { dummyPasswordHash, verifyPassword } from './passwords';

/**
 * Checks a login (DESIGN §4): unknown user and wrong password answer alike; 5 failures in a row
 * lock the name for 15 minutes; inactive or expired user or account may not log in.
 * Returns the user id on success.
 */
export async function checkLogin(db: Database, username: string, password: string): Promise<number> {
  const key = username.trim().toLowerCase();
  const throttle = await db.selectFrom('loginThrottle').select(['failures', 'lockedUntil']).where('usernameKey', '=', key).executeTakeFirst();
  if (throttle?.lockedUntil && throttle.lockedUntil.getTime() > Date.now()) throw new AppError('UNAUTHORIZED', ERR.lockedOut);

  const user = await db
    .selectFrom('appUser as u')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .select(['u.id', 'u.passwordHash', 'u.active', 'u.expirationDate', 'a.active as accountActive', 'a.expirationDate as accountExpires'])
    .where(sql<string>`lower(u.username)`, '=', key)
    .executeTakeFirst();
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    await recordFailure(db, key);
    throw new AppError('UNAUTHORIZED', ERR.authFailed);
  }
  await db.deleteFrom('loginThrottle').where('usernameKey', '=', key).execute();
  const today = new Date().toISOString().slice(0, 10);
  const expired = (d: string | null) => d !== null && d < today;
  if (!user.active || !user.accountActive || expired(user.expirationDate) || expired(user.accountExpires)) {
    throw new AppError('UNAUTHORIZED', ERR.notAllowedToLogin);
  }
  return user.id;
}

async function recordFailure(db: Database, key: string): Promise<void> {
  // One statement, so that parallel attempts cannot lose a count.
  await sql`
    INSERT INTO login_throttle (username_key, failures, last_failure_at, locked_until)
    VALUES (${key}, 1, now(), NULL)
    ON CONFLICT (username_key) DO UPDATE SET
      failures = CASE WHEN login_throttle.locked_until IS NOT NULL THEN 1 ELSE login_throttle.failures + 1 END,
      last_failure_at = now(),
      locked_until = CASE
        WHEN login_throttle.locked_until IS NULL AND login_throttle.failures + 1 >= ${LOGIN_MAX_FAILURES}
        THEN now() + make_interval(mins => ${LOGIN_LOCK_MINUTES})
        ELSE NULL END
  `.execute(db);
}
