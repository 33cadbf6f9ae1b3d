import type { ColumnType } from 'kysely';
import type { Gen, NullableTimestamp, Timestamp } from './column-types';

/* The tables of sign-in (issue 41): second factors, single sign-on, passkeys, set-password links. */

/** Issue 41: a user's authenticator app; confirmedAt NULL while enrolling. */
export interface UserTotpTable {
  userId: number;
  secretEncrypted: string;
  confirmedAt: NullableTimestamp;
  /** The newest 30-second step a code was accepted for; a code is good once. */
  lastStep: ColumnType<string, number | string | bigint | undefined, number | string | bigint>;
  createdAt: Gen<Date>;
}

export interface UserRecoveryCodeTable {
  userId: number;
  codeHash: string;
  usedAt: NullableTimestamp;
}

/** The step between a right password and the second factor. */
export interface LoginChallengeTable {
  id: string;
  userId: number;
  remember: boolean;
  expiresAt: Timestamp;
}

/** An account's OpenID Connect provider (migration 2026-11-28T1320-sso, decision 0390). */
export interface AccountSsoTable {
  accountId: number;
  enabled: Gen<boolean>;
  providerName: string;
  issuer: string;
  clientId: string;
  clientSecretEncrypted: string | null;
  /** space-separated, lower case; empty = any */
  allowedDomains: Gen<string>;
  tenantId: string | null;
  jitCreate: Gen<boolean>;
  ssoRequired: Gen<boolean>;
  breakGlassUserId: number | null;
  updatedAt: Gen<Date>;
}

/** A provider's subject linked to a user. */
export interface UserIdentityTable {
  issuer: string;
  subject: string;
  userId: number;
  accountId: number;
  email: string | null;
  endSessionUrl: string | null;
  createdAt: Gen<Date>;
  lastLoginAt: Gen<Date>;
}

/** One SSO sign-in under way (only the state's SHA-256). */
export interface SsoLoginStateTable {
  id: string;
  accountId: number;
  codeVerifier: string;
  nonce: string;
  mode: 'login' | 'test';
  userId: number | null;
  result: string | null;
  expiresAt: Timestamp;
}

/** A single-use set-password link (migration 2026-11-28T1630-master-data-sync, issue 42 §6): only the token's SHA-256. */
export interface PasswordLinkTable {
  id: Gen<number>;
  accountId: number;
  userId: number;
  tokenHash: string;
  createdByUserId: number | null;
  createdAt: Gen<Date>;
  expiresAt: Timestamp;
  usedAt: NullableTimestamp;
}

/** A user's passkey (migration 2026-11-28T1600-passkeys, decision 0400). */
export interface UserPasskeyTable {
  id: Gen<number>;
  accountId: number;
  userId: number;
  /** base64url, unique over all accounts */
  credentialId: string;
  /** the COSE public key, base64url */
  publicKey: string;
  counter: ColumnType<string, number | string | undefined, number | string>;
  /** comma-separated, as the browser reported them */
  transports: Gen<string>;
  name: string;
  createdAt: Gen<Date>;
  lastUsedAt: NullableTimestamp;
}

/** A WebAuthn ceremony under way (only the challenge's SHA-256). */
export interface WebauthnChallengeTable {
  id: string;
  purpose: 'register' | 'login' | 'second';
  userId: number | null;
  expiresAt: Timestamp;
}
