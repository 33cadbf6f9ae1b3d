import type { Database, PgPool } from '../../../db/database';
import { deleteSession, deleteUserSessions, extendSession, findSessionRow, insertSession } from '../../../db/queries/sessions';
import { SESSION_BROWSER_HOURS, SESSION_REMEMBER_DAYS } from '../../shared/limits';
import { generateToken, hashToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
const lifetime = (remember: boolean) => (remember ? SESSION_REMEMBER_DAYS * DAY : SESSION_BROWSER_HOURS * 60 * 60 * 1000);

export interface NewSession {
  token: string;
  expiresAt: Date;
  remember: boolean;
}

export async function createSession(db: Database, userId: number, remember: boolean): Promise<NewSession> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + lifetime(remember));
  await insertSession(db, { id: hashToken(token), userId, expiresAt, remember });
  return { token, expiresAt, remember };
}

export interface SessionUser {
  sessionId: string;
  expiresAt: Date;
  remember: boolean;
  /** set when the sliding expiry moved: the cookie must be sent again */
  refreshed: boolean;
  user: {
    id: number;
    accountId: number;
    username: string;
    profileType: 'Basic' | 'Teamleader' | 'Admin';
    teamCode: string | null;
    languageCode: 'ENU' | 'DAN';
    accountName: string;
    resourceUnits: 'Time' | 'Quantity';
    defaultResource: string | null;
    lockDefaultResource: boolean;
    defaultDescription: string | null;
  };
}

/**
 * Validates a session token (Lucia guide): unknown or expired → null; an expired one is deleted;
 * past half its lifetime the expiry slides forward. An inactive or expired user or account ends it.
 * `pg`: the PostgreSQL pool when there is one (DbHandle.pg), for the prepared statement (decision 0175).
 */
export async function validateSession(db: Database, token: string, pg?: PgPool): Promise<SessionUser | null> {
  const sessionId = hashToken(token);
  const row = await findSessionRow(db, sessionId, pg);
  if (!row) return null;
  const now = Date.now();
  // Most users and accounts have no expiration date: the date of today is only made for one that has.
  const expiredOn = (d: string | null) => d !== null && d < new Date(now).toISOString().slice(0, 10);
  if (row.expiresAt.getTime() <= now || !row.userActive || !row.accountActive || expiredOn(row.userExpires) || expiredOn(row.accountExpires)) {
    await deleteSession(db, sessionId);
    return null;
  }
  let expiresAt = row.expiresAt;
  let refreshed = false;
  const life = lifetime(row.remember);
  if (expiresAt.getTime() - now < life / 2) {
    expiresAt = new Date(now + life);
    refreshed = true;
    await extendSession(db, sessionId, expiresAt);
  }
  return {
    sessionId,
    expiresAt,
    remember: row.remember,
    refreshed,
    user: {
      id: row.userId,
      accountId: row.accountId,
      username: row.username,
      profileType: row.profileType,
      teamCode: row.teamCode,
      languageCode: row.languageCode,
      accountName: row.accountName,
      resourceUnits: row.resourceUnits,
      defaultResource: row.defaultResource,
      lockDefaultResource: row.lockDefaultResource,
      defaultDescription: row.defaultDescription,
    },
  };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** Ends every session of a user except `keepSessionId` (password/role change, deactivation). */
export async function invalidateUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  await deleteUserSessions(db, userId, keepSessionId);
}
