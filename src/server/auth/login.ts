import type { Logger } from 'pino';
import type { Database } from '../../../db/database';
import { ALL_ADDRESSES, ALL_USERNAMES, countLoginAttempt, loginSucceeded } from '../../../db/queries/login-throttle';
import { findLoginUser } from '../../../db/queries/users';
import { ERR } from '../../shared/errors';
import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_USERNAME } from '../../shared/limits';
import { AppError } from '../errors';
import { countLogin } from '../metrics';
import { dummyPasswordHash, verifyPassword } from './passwords';

const LIMITS = { perAddress: LOGIN_MAX_FAILURES, perAddressAll: LOGIN_MAX_FAILURES_PER_ADDRESS, perUsername: LOGIN_MAX_FAILURES_PER_USERNAME, minutes: LOGIN_LOCK_MINUTES };

/**
 * The address a login is throttled by. IPv6 by its /64: one end user gets a whole /64, so single
 * addresses would give an attacker 2^64 fresh counters. IPv4-mapped addresses count as IPv4.
 */
export function throttleAddress(ip: string): string {
  const addr = ip
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (addr === '' || addr === ALL_ADDRESSES || addr === ALL_USERNAMES.trim()) return 'unknown';
  if (!addr.includes(':')) return addr;
  const [head = '', tail] = addr.split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}

/**
 * Checks a login (DESIGN §4, docs/decisions/0070-login-throttling.md). The attempt is counted
 * first, atomically, and only then is the password verified, so parallel and batched guesses
 * cannot slip past the limit. Throttled per username + client address (5 attempts per 15 minutes
 * lock that pair), per address across all usernames (30: password spraying, decision 0192), with a
 * ceiling per username across all addresses; a correct password resets
 * the pair. Unknown user and wrong password answer alike; inactive or expired user or account
 * may not log in. Returns the user id on success.
 */
export async function checkLogin(db: Database, log: Logger, username: string, password: string, clientIp: string): Promise<number> {
  const key = username.trim().toLowerCase();
  const ip = throttleAddress(clientIp);
  const counted = await countLoginAttempt(db, key, ip, LIMITS);
  const pairLocked = counted.pairAttempts > LIMITS.perAddress;
  const addressLocked = counted.addressAttempts !== null && counted.addressAttempts > LIMITS.perAddressAll;
  const nameLocked = counted.usernameAttempts !== null && counted.usernameAttempts > LIMITS.perUsername;
  if (pairLocked || addressLocked || nameLocked) {
    const scope = pairLocked ? 'address' : addressLocked ? 'address, all usernames' : 'username';
    // Only the first refusal of a lock is a warning; the rest of a hammering is noise.
    const first = pairLocked
      ? counted.pairAttempts === LIMITS.perAddress + 1
      : addressLocked
        ? counted.addressAttempts === LIMITS.perAddressAll + 1
        : counted.usernameAttempts === LIMITS.perUsername + 1;
    log[first ? 'warn' : 'info']({ username: key, ip, scope, minutes: counted.lockMinutes }, 'login refused: locked out');
    countLogin('locked');
    // Spec §8's exact sentence as the detail (a client matches it); for how long is a param and
    // Retry-After (issue 37 §4; issue 21 §3 had put it into the sentence).
    const minutes = Math.max(1, counted.lockMinutes);
    throw new AppError('UNAUTHORIZED', { code: 'LOCKED_OUT', params: { minutes: String(minutes) } }, undefined, { headers: { 'Retry-After': String(minutes * 60) } });
  }

  const user = await findLoginUser(db, key);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) {
    // The attempt is already counted; nothing more to write.
    log.info({ username: key, ip, attempt: counted.pairAttempts, knownUser: user !== undefined }, 'login failed');
    countLogin('failed');
    throw new AppError('UNAUTHORIZED', ERR.authFailed);
  }
  await loginSucceeded(db, key, ip);
  const today = new Date().toISOString().slice(0, 10);
  const expired = (d: string | null) => d !== null && d < today;
  if (!user.active || !user.accountActive || expired(user.expirationDate) || expired(user.accountExpires)) {
    log.info({ username: key, ip }, 'login refused: user not allowed to log in');
    throw new AppError('UNAUTHORIZED', ERR.notAllowedToLogin);
  }
  return user.id;
}
