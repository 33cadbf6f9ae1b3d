import type { IncomingMessage, ServerResponse } from 'node:http';
import { accountForApiKey } from '../auth/api-key';
import { validateSession } from '../auth/sessions';
import type { Actor, AppServices, Context, UploadedFile } from '../context';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from './cookies';

function apiKeyOf(req: IncomingMessage): string | null {
  const header = req.headers['x-api-key'];
  if (typeof header === 'string' && header) return header.trim();
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return null;
}

/** An API key that was sent but is wrong: the request is refused even if a cookie is present. */
export class BadApiKey extends Error {}

export async function resolveActor(services: AppServices, req: IncomingMessage, res: ServerResponse): Promise<Actor | null> {
  const key = apiKeyOf(req);
  if (key !== null) {
    const account = await accountForApiKey(services.db, key);
    if (!account) throw new BadApiKey();
    return {
      kind: 'apiKey', accountId: account.id, userId: null, username: 'API', profileType: 'Admin', teamCode: null, languageCode: 'ENU', sessionId: null,
      accountName: account.name, resourceUnits: account.resourceUnits, defaultResource: null, lockDefaultResource: false, defaultDescription: null,
    };
  }
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const session = await validateSession(services.db, token);
  if (!session) {
    clearSessionCookie(res);
    return null;
  }
  if (session.refreshed && session.remember) setSessionCookie(req, res, services.env, token, session.expiresAt);
  const u = session.user;
  return { kind: 'session', ...u, userId: u.id, sessionId: session.sessionId };
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? '';
}

export async function createRequestContext(services: AppServices, req: IncomingMessage, res: ServerResponse, files: UploadedFile[] = []): Promise<Context> {
  const actor = await resolveActor(services, req, res);
  return {
    ...services,
    actor,
    files,
    ip: clientIp(req),
    setSessionCookie: (token, expires) => setSessionCookie(req, res, services.env, token, expires),
    clearSessionCookie: () => clearSessionCookie(res),
  };
}
