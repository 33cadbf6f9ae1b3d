import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Env } from '../env';
import { isHttps } from './proxy';

export const SESSION_COOKIE = 'webtid_session';

export function readCookie(req: IncomingMessage, name: string): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  // `name=value` pairs split at `;`, names and values trimmed, the first pair of that name wins;
  // scanned with indexOf rather than split into an array per request (decision 0277).
  for (let start = 0; start < header.length;) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < end && header.slice(start, eq).trim() === name) {
      const value = header.slice(eq + 1, end).trim();
      if (!value.includes('%')) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    start = end + 1;
  }
  return null;
}

/** HttpOnly; SameSite=Lax; Secure behind https (DESIGN §4). `expires` null → a browser-session cookie. */
export function setSessionCookie(req: IncomingMessage, res: ServerResponse, env: Env, token: string, expires: Date | null): void {
  const secure = env.COOKIE_SECURE === 'true' || (env.COOKIE_SECURE === 'auto' && isHttps(req, env));
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (expires) parts.push(`Expires=${expires.toUTCString()}`);
  if (secure) parts.push('Secure');
  res.appendHeader('Set-Cookie', parts.join('; '));
}

export function clearSessionCookie(res: ServerResponse): void {
  res.appendHeader('Set-Cookie', `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
}
