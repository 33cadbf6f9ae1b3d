import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database';
import * as q from '../../../db/queries/passkeys';
import { coded, type ErrorCode } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { LOGIN_CHALLENGE_MINUTES, PASSKEY_MAX_PER_USER } from '../../shared/limits';
import type { TPasskey, TPasskeyOptions } from '../../shared/schemas/passkeys';
import type { Env } from '../env';
import { AppError } from '../errors';
import { isHttps, requestHost } from '../http/proxy';
import { throttled, UNKNOWN_PASSKEY_KEY } from './second-factor';
import { hashToken } from './tokens';

/*
 * Issue 41 §3 (decision 0400): passkeys with @simplewebauthn/server. The relying party is the
 * address the browser used (the same rule as SSO's redirect URI and the CSRF check: the Host
 * header, or a trusted proxy's X-Forwarded-Host/-Proto); the RP ID is its host name. Challenges
 * are kept server-side (SHA-256 only), 5 minutes, taken once by their answer.
 */

const RP_NAME = 'Webtid';
const TIMEOUT_MS = LOGIN_CHALLENGE_MINUTES * 60_000;

export interface RelyingParty {
  origin: string;
  rpID: string;
}

export function relyingParty(req: IncomingMessage, env: Env): RelyingParty {
  const origin = `${isHttps(req, env) ? 'https' : 'http'}://${requestHost(req, env) ?? 'localhost'}`;
  return { origin, rpID: new URL(origin).hostname };
}

/** The WebAuthn user handle: no name or number of ours on the authenticator, stable per user (so a new passkey on the same device replaces the old one). */
function userHandle(secret: string, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', secret).update(`webauthn-user:${userId}`).digest().subarray(0, 32));
}

const transportsOf = (s: string): AuthenticatorTransport[] => (s === '' ? [] : (s.split(',') as AuthenticatorTransport[]));

function toPasskey(row: { id: number; name: string; transports: string; createdAt: Date; lastUsedAt: Date | null }): TPasskey {
  return { id: row.id, name: row.name, transports: transportsOf(row.transports), createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

async function newChallenge(db: Database, challenge: string, purpose: 'register' | 'login' | 'second', userId: number | null): Promise<void> {
  await q.insertWebauthnChallenge(db, { id: hashToken(challenge), purpose, userId, expiresAt: new Date(Date.now() + TIMEOUT_MS) });
}

/** The challenge the browser signed (from clientDataJSON), taken once; expired, replayed or unknown → 401. */
async function takeChallenge(db: Database, clientDataJSON: string, purpose: 'register' | 'login' | 'second'): Promise<{ challenge: string; userId: number | null }> {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    throw new AppError('BAD_REQUEST', coded('PASSKEY_INVALID'));
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 200) throw new AppError('BAD_REQUEST', coded('PASSKEY_INVALID'));
  const row = await q.takeWebauthnChallenge(db, hashToken(challenge), purpose);
  if (!row) throw new AppError('UNAUTHORIZED', coded('PASSKEY_CHALLENGE_EXPIRED'));
  return { challenge, userId: row.userId };
}

/** The library's refusal (an Error with an English message) as one of our codes. */
function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const message = error instanceof Error ? error.message : '';
  const code: ErrorCode = /origin|RP ID/i.test(message) ? 'PASSKEY_WRONG_ORIGIN' : /counter/i.test(message) ? 'PASSKEY_COUNTER' : 'PASSKEY_INVALID';
  return new AppError('UNAUTHORIZED', coded(code));
}

// --- Registering (signed in, on the security page) -------------------------------------------------

export async function registrationOptions(db: Database, rp: RelyingParty, secret: string, user: { userId: number; username: string }): Promise<TPasskeyOptions> {
  const existing = await q.passkeyCredentials(db, user.userId);
  if (existing.length >= PASSKEY_MAX_PER_USER) throw new AppError('BAD_REQUEST', coded('TOO_MANY_ITEMS', { max: PASSKEY_MAX_PER_USER }));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.username,
    userID: userHandle(secret, user.userId),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    // A passkey: kept on the authenticator (usernameless sign-in), unlocked by the user.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await newChallenge(db, options.challenge, 'register', user.userId);
  return { ...options };
}

export async function register(
  db: Database,
  log: Logger,
  rp: RelyingParty,
  who: { accountId: number; userId: number },
  name: string,
  response: RegistrationResponseJSON,
): Promise<TPasskey> {
  const taken = await takeChallenge(db, response.response.clientDataJSON, 'register');
  if (taken.userId !== who.userId) throw new AppError('UNAUTHORIZED', coded('PASSKEY_CHALLENGE_EXPIRED'));
  let info;
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
    if (!verified.verified) throw new AppError('UNAUTHORIZED', coded('PASSKEY_INVALID'));
    info = verified.registrationInfo;
  } catch (error) {
    log.info({ userId: who.userId, reason: error instanceof Error ? error.message : 'unknown' }, 'passkey registration refused');
    throw refusal(error);
  }
  const owner = await q.credentialOwner(db, info.credential.id);
  if (owner !== undefined) throw new AppError('CONFLICT', coded(owner === who.userId ? 'PASSKEY_INVALID' : 'PASSKEY_OTHER_ACCOUNT'));
  const row = await q.insertPasskey(db, {
    accountId: who.accountId,
    userId: who.userId,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: (response.response.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)).join(','),
    name,
  });
  log.info({ userId: who.userId, passkeyId: row.id }, 'passkey registered');
  return toPasskey(row);
}

export async function listPasskeys(db: Database, userId: number): Promise<TPasskey[]> {
  return (await q.listPasskeys(db, userId)).map(toPasskey);
}

export async function renamePasskey(db: Database, userId: number, id: number, name: string): Promise<TPasskey> {
  const row = await q.renamePasskey(db, userId, id, name);
  if (!row) throw new AppError('NOT_FOUND', ERR.notFound);
  return toPasskey(row);
}

/** Removes one; not the last second factor of a user whose account requires one. */
export async function removePasskey(db: Database, userId: number, id: number, state: { totp: boolean; passkeys: number; required: boolean }): Promise<void> {
  const mine = (await q.listPasskeys(db, userId)).some((p) => p.id === id);
  if (!mine) throw new AppError('NOT_FOUND', ERR.notFound);
  if (state.required && !state.totp && state.passkeys <= 1) throw new AppError('FORBIDDEN', coded('SECOND_FACTOR_REQUIRED'));
  await q.deletePasskey(db, userId, id);
}

// --- Signing in: usernameless, or the second step of a password login -------------------------------

/** Options for navigator.credentials.get: any passkey of this site (sign-in), or one of the user's (second step). */
export async function authenticationOptions(db: Database, rp: RelyingParty, forUser: number | null): Promise<TPasskeyOptions> {
  const allow = forUser === null ? [] : await q.passkeyCredentials(db, forUser);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: TIMEOUT_MS,
    userVerification: forUser === null ? 'required' : 'preferred',
    allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
  });
  await newChallenge(db, options.challenge, forUser === null ? 'login' : 'second', forUser);
  return { ...options };
}

/**
 * Checks a passkey's answer; the user id when good. `forUser`: the second step's user (his own
 * passkey only). A sign-in needs user verification (the passkey is both factors); a second step
 * only presence. Throttled like passwords and codes (on the owner's second-factor key; a
 * credential nobody has on a key of its own), and a deactivated user is refused after the check.
 */
export async function verifyPasskey(
  db: Database,
  log: Logger,
  rp: RelyingParty,
  secret: string,
  response: AuthenticationResponseJSON,
  clientIp: string,
  forUser: number | null,
): Promise<number> {
  const purpose = forUser === null ? 'login' : 'second';
  const taken = await takeChallenge(db, response.response.clientDataJSON, purpose);
  if (taken.userId !== forUser) throw new AppError('UNAUTHORIZED', coded('PASSKEY_CHALLENGE_EXPIRED'));
  const found = await q.findPasskeyByCredential(db, response.id);
  if (!found) {
    return throttled(db, log, null, clientIp, () => Promise.reject(new AppError('UNAUTHORIZED', coded('PASSKEY_UNKNOWN'))), UNKNOWN_PASSKEY_KEY);
  }
  await throttled(db, log, found.userId, clientIp, async () => {
    if (forUser !== null && found.userId !== forUser) throw new AppError('UNAUTHORIZED', coded('PASSKEY_OTHER_ACCOUNT'));
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== Buffer.from(userHandle(secret, found.userId)).toString('base64url')) throw new AppError('UNAUTHORIZED', coded('PASSKEY_OTHER_ACCOUNT'));
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: {
          id: found.credentialId,
          publicKey: new Uint8Array(Buffer.from(found.publicKey, 'base64url')),
          counter: Number(found.counter),
          transports: transportsOf(found.transports),
        },
        requireUserVerification: forUser === null,
      });
      if (!verified.verified) throw new AppError('UNAUTHORIZED', coded('PASSKEY_INVALID'));
      if (!(await q.usePasskey(db, found.id, verified.authenticationInfo.newCounter))) throw new AppError('UNAUTHORIZED', coded('PASSKEY_COUNTER'));
    } catch (error) {
      log.warn({ userId: found.userId, passkeyId: found.id, reason: error instanceof Error ? error.message : 'unknown' }, 'passkey refused');
      throw refusal(error);
    }
  });
  const today = new Date().toISOString().slice(0, 10);
  const expired = (d: string | null) => d !== null && d < today;
  if (!found.active || !found.accountActive || expired(found.expirationDate) || expired(found.accountExpires)) {
    log.info({ userId: found.userId }, 'passkey sign-in refused: user not allowed to log in');
    throw new AppError('UNAUTHORIZED', ERR.notAllowedToLogin);
  }
  log.info({ userId: found.userId, passkeyId: found.id, step: purpose }, 'passkey accepted');
  return found.userId;
}
