import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { createHash, randomBytes } from 'node:crypto';

/** A random token of 160 bits, base32 (Lucia guide). */
export function generateToken(bytes = 20): string {
  return encodeBase32LowerCaseNoPadding(new Uint8Array(randomBytes(bytes)));
}

/**
 * Only this SHA-256 of a token is stored (lower-case hex of the UTF-8 bytes). node:crypto's
 * OpenSSL hash, not a pure-JS one: it runs on every request with a session or API key (issue 25 §3).
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
