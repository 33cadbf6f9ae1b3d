import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';

/** A random token of 160 bits, base32 (Lucia guide). */
export function generateToken(bytes = 20): string {
  return encodeBase32LowerCaseNoPadding(new Uint8Array(randomBytes(bytes)));
}

/** Only this SHA-256 of a token is stored. */
export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}
