import { encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database';
import { countLoginAttempt, loginSucceeded } from '../../../db/queries/login-throttle';
import * as q from '../../../db/queries/second-factor';
import { coded } from '../../shared/error-codes';
import {
  LOGIN_CHALLENGE_MINUTES,
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MAX_FAILURES,
  type ProfileType,
  type SecondFactorRequired,
} from '../../shared/limits';
import { AppError } from '../errors';
import { countLogin } from '../metrics';
import { throttleAddress } from './login';
import { decrypt, encrypt } from './secret';
import { generateToken, hashToken } from './tokens';

/*
 * Issue 41 §4, decision 0340: TOTP (RFC 6238: SHA-1, 6 digits, 30 s, what every authenticator app
 * reads) and recovery codes. The second step is throttled like the password, on a key of its own.
 */

const PERIOD = 30;
const DIGITS = 6;
const ISSUER = 'Webtid';
/** Wrong codes lock the user's second step like wrong passwords lock a name (issue 41: "10 wrong codes"). */
const LIMITS = { perAddress: SECOND_FACTOR_MAX_FAILURES, perUsername: SECOND_FACTOR_MAX_FAILURES, perAddressAll: LOGIN_MAX_FAILURES_PER_ADDRESS, minutes: LOGIN_LOCK_MINUTES };
/** Never a username (those are trimmed and have no colon at the start): the throttle row of a user's second step. */
const throttleKey = (userId: number) => `:2fa:${userId}`;

/** The throttle key of a sign-in with a credential nobody has registered. */
export const UNKNOWN_PASSKEY_KEY = ':passkey:unknown';

export function mustUseSecondFactor(rule: SecondFactorRequired, profileType: ProfileType): boolean {
  return rule === 'everyone' || (rule === 'privileged' && profileType !== 'Basic');
}

/** What a right password leads to: a session, or a step (a TOTP code — or a passkey as well —, only a passkey, or enrolling). */
export type LoginNext = { kind: 'session' } | { kind: 'totp' | 'passkey' | 'enrol'; challenge: string; passkey: boolean };

/** After a right password: a session at once, or a challenge for the second step (or for enrolling one the account requires). */
export async function afterPassword(db: Database, userId: number, remember: boolean): Promise<LoginNext> {
  const state = await q.secondFactorState(db, userId);
  // Issue 41 §3: a passkey is a second factor too, also for the account's rule (decision 0400).
  const passkey = Number(state.passkeys) > 0;
  const kind = state.confirmedAt !== null ? 'totp' : passkey ? 'passkey' : mustUseSecondFactor(state.secondFactorRequired, state.profileType) ? 'enrol' : null;
  if (!kind) return { kind: 'session' };
  const challenge = generateToken();
  await q.insertLoginChallenge(db, { id: hashToken(challenge), userId, remember, expiresAt: new Date(Date.now() + LOGIN_CHALLENGE_MINUTES * 60_000) });
  return { kind, challenge, passkey };
}

export interface Challenge {
  userId: number;
  username: string;
  remember: boolean;
  enrolled: boolean;
}

export async function readChallenge(db: Database, challenge: string): Promise<Challenge> {
  const row = await q.findLoginChallenge(db, hashToken(challenge));
  if (!row) throw new AppError('UNAUTHORIZED', coded('LOGIN_CHALLENGE_EXPIRED'));
  return { userId: row.userId, username: row.username, remember: row.remember, enrolled: row.confirmedAt !== null };
}

export async function endChallenge(db: Database, challenge: string): Promise<void> {
  await q.deleteLoginChallenge(db, hashToken(challenge));
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The step (of now −1, now, now +1: clocks drift) whose code this is, or null. */
export function totpStepOf(key: Uint8Array, code: string, now = Date.now()): number | null {
  const step = Math.floor(now / 1000 / PERIOD);
  for (const s of [step, step - 1, step + 1]) if (sameText(generateHOTP(key, BigInt(s), DIGITS), code)) return s;
  return null;
}

const keyOf = (secret: string, encrypted: string): Uint8Array => {
  const hex = decrypt(secret, encrypted);
  if (hex === null) throw new Error('TOTP secret cannot be decrypted: APP_SECRET changed?');
  return new Uint8Array(Buffer.from(hex, 'hex'));
};

/** Recovery codes as people read them: 10 base32 letters in two groups; compared without case, spaces or dashes. */
const normaliseRecovery = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32UpperCaseNoPadding(new Uint8Array(randomBytes(7))).slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => hashToken(normaliseRecovery(c))) };
}

/**
 * Checks a code of a user: a TOTP code of the confirmed (or, when enrolling, the pending) secret,
 * taken once; or an unused recovery code (not while enrolling). Wrong → 401 SECOND_FACTOR_INVALID,
 * a code already used → 401 SECOND_FACTOR_REUSED.
 */
async function checkCode(db: Database, secret: string, userId: number, code: string, enrolling: boolean): Promise<'totp' | 'recovery'> {
  const totp = await q.findTotp(db, userId);
  const trimmed = code.replace(/\s/g, '');
  if (totp && (enrolling ? totp.confirmedAt === null : totp.confirmedAt !== null) && /^\d{6}$/.test(trimmed)) {
    const step = totpStepOf(keyOf(secret, totp.secretEncrypted), trimmed);
    if (step !== null) {
      if (!(await q.takeTotpStep(db, userId, step))) throw new AppError('UNAUTHORIZED', coded('SECOND_FACTOR_REUSED'));
      return 'totp';
    }
  } else if (!enrolling && (await q.useRecoveryCode(db, userId, hashToken(normaliseRecovery(code))))) {
    return 'recovery';
  }
  throw new AppError('UNAUTHORIZED', coded('SECOND_FACTOR_INVALID'));
}

/**
 * Counts the attempt first (like checkLogin), then checks the code; a right one resets the count.
 * A passkey step is throttled the same way (decision 0400): on the user's key, or — a credential
 * nobody has — on `key` alone, with the address-wide row too.
 */
export async function throttled<T>(db: Database, log: Logger, userId: number | null, clientIp: string, check: () => Promise<T>, key = throttleKey(userId ?? 0)): Promise<T> {
  const ip = throttleAddress(clientIp);
  const counted = await countLoginAttempt(db, key, ip, LIMITS);
  const locked = counted.pairAttempts > LIMITS.perAddress || (counted.addressAttempts ?? 0) > LIMITS.perAddressAll || (counted.usernameAttempts ?? 0) > LIMITS.perUsername;
  if (locked) {
    log.warn({ userId, ip, minutes: counted.lockMinutes }, 'second factor refused: locked out');
    countLogin('locked');
    throw new AppError('UNAUTHORIZED', coded('LOCKED_OUT_FOR', { minutes: Math.max(1, counted.lockMinutes) }));
  }
  try {
    const result = await check();
    await loginSucceeded(db, key, ip);
    return result;
  } catch (error) {
    log.info({ userId, ip, attempt: counted.pairAttempts }, 'second factor failed');
    countLogin('failed');
    throw error;
  }
}

/** The login's second step: the user id when the code is right. */
export async function verifyLoginCode(db: Database, log: Logger, secret: string, challenge: Challenge, code: string, clientIp: string): Promise<number> {
  if (!challenge.enrolled) throw new AppError('BAD_REQUEST', coded('TOTP_NOT_ENROLLED'));
  const how = await throttled(db, log, challenge.userId, clientIp, () => checkCode(db, secret, challenge.userId, code, false));
  log.info({ userId: challenge.userId, how }, 'second factor accepted');
  return challenge.userId;
}

/** A new pending secret for the user's authenticator app (replaces a pending one, never a confirmed one). */
export async function startTotp(db: Database, secret: string, userId: number, username: string): Promise<{ secret: string; uri: string }> {
  const key = new Uint8Array(randomBytes(20));
  if (!(await q.startTotp(db, userId, encrypt(secret, Buffer.from(key).toString('hex'))))) throw new AppError('CONFLICT', coded('TOTP_ALREADY_ENROLLED'));
  return { secret: encodeBase32UpperCaseNoPadding(key), uri: createTOTPKeyURI(ISSUER, username, key, PERIOD, DIGITS) };
}

/** Confirms the pending secret with a code of it; answers the 10 recovery codes, shown this once. */
export async function confirmTotp(db: Database, log: Logger, secret: string, userId: number, code: string, clientIp: string): Promise<string[]> {
  const totp = await q.findTotp(db, userId);
  if (!totp) throw new AppError('BAD_REQUEST', coded('TOTP_NOT_STARTED'));
  if (totp.confirmedAt !== null) throw new AppError('CONFLICT', coded('TOTP_ALREADY_ENROLLED'));
  await throttled(db, log, userId, clientIp, () => checkCode(db, secret, userId, code, true));
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction().execute((trx) => q.confirmTotp(trx, userId, hashes));
  return codes;
}

/** Asks a current code (or a recovery code) of a signed-in user before a change to the second factor. */
export async function requireCode(db: Database, log: Logger, secret: string, userId: number, code: string, clientIp: string): Promise<void> {
  await throttled(db, log, userId, clientIp, () => checkCode(db, secret, userId, code, false));
}

export async function newRecoveryCodesFor(db: Database, userId: number): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction().execute((trx) => q.replaceRecoveryCodes(trx, userId, hashes));
  return codes;
}

export async function removeTotp(db: Database, userId: number): Promise<void> {
  await db.transaction().execute((trx) => q.deleteTotp(trx, userId));
}

export async function securityOf(db: Database, userId: number): Promise<{ totp: boolean; passkeys: number; recoveryCodesLeft: number; required: boolean }> {
  const state = await q.secondFactorState(db, userId);
  return {
    totp: state.confirmedAt !== null,
    passkeys: Number(state.passkeys),
    recoveryCodesLeft: state.confirmedAt !== null ? await q.countUnusedRecoveryCodes(db, userId) : 0,
    required: mustUseSecondFactor(state.secondFactorRequired, state.profileType),
  };
}
