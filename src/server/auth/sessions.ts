import type { CompiledQuery, InferResult } from 'kysely';
import type { Database, PgPool } from '../../../db/database';
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
  await db.insertInto('session').values({ id: hashToken(token), userId, expiresAt, remember }).execute();
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
 */
function sessionQuery(db: Database, sessionId: string) {
  return db
    .selectFrom('session as s')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .select([
      's.expiresAt', 's.remember', 'u.id as userId', 'u.accountId', 'u.username', 'u.profileType', 'u.teamCode', 'u.languageCode',
      'u.active as userActive', 'u.expirationDate as userExpires', 'a.active as accountActive', 'a.expirationDate as accountExpires',
      'a.name as accountName', 'a.resourceUnits', 'u.defaultResource', 'u.lockDefaultResource', 'u.defaultDescription',
    ])
    .where('s.id', '=', sessionId);
}
type SessionRow = InferResult<ReturnType<typeof sessionQuery>>[number];

/** The look-up's SQL text ($1 = the token's hash), for the node + pg limit process of the benches (bench/limits.ts). */
export const sessionLookupSql = (db: Database): string => sessionQuery(db, '').compile().sql;

/**
 * The session look-up runs on every request. Building and compiling it with Kysely cost about
 * twice as much as executing it (measured: ~65 µs of ~100 µs), so it is compiled once per
 * database and only its parameter changes.
 */
const compiledSessionQuery = new WeakMap<Database, CompiledQuery<SessionRow>>();

/**
 * On PostgreSQL the look-up runs as a named prepared statement straight on the pool (decision
 * 0175): each connection parses and plans it once instead of on every request, and Kysely's
 * per-query work (connection provider, result plugin) is skipped. Kysely's CamelCasePlugin wrote
 * the SQL's snake_case names; the row's keys are mapped back here.
 */
const camelKeys = new Map<string, string>();
async function sessionRowByPreparedStatement(pg: PgPool, text: string, sessionId: string): Promise<SessionRow | undefined> {
  const { rows } = await pg.pool.query<Record<string, unknown>>({ name: 'webtid_session_lookup', text, values: [sessionId] });
  const raw = rows[0];
  if (!raw) return undefined;
  const row: Record<string, unknown> = {};
  for (const key in raw) {
    let camel = camelKeys.get(key);
    if (camel === undefined) camelKeys.set(key, (camel = key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())));
    row[camel] = raw[key];
  }
  return row as SessionRow;
}

/** `pg`: the PostgreSQL pool when there is one (DbHandle.pg), for the prepared statement above. */
export async function validateSession(db: Database, token: string, pg?: PgPool): Promise<SessionUser | null> {
  const sessionId = hashToken(token);
  let compiled = compiledSessionQuery.get(db);
  if (!compiled) {
    compiled = sessionQuery(db, '').compile();
    if (compiled.parameters.length !== 1) throw new Error('the session query must have exactly one parameter');
    compiledSessionQuery.set(db, compiled);
  }
  const row = pg ? await sessionRowByPreparedStatement(pg, compiled.sql, sessionId) : (await db.executeQuery<SessionRow>({ ...compiled, parameters: [sessionId] })).rows[0];
  if (!row) return null;
  const now = Date.now();
  const today = new Date().toISOString().slice(0, 10);
  const expiredOn = (d: string | null) => d !== null && d < today;
  if (row.expiresAt.getTime() <= now || !row.userActive || !row.accountActive || expiredOn(row.userExpires) || expiredOn(row.accountExpires)) {
    await db.deleteFrom('session').where('id', '=', sessionId).execute();
    return null;
  }
  let expiresAt = row.expiresAt;
  let refreshed = false;
  const life = lifetime(row.remember);
  if (expiresAt.getTime() - now < life / 2) {
    expiresAt = new Date(now + life);
    refreshed = true;
    await db.updateTable('session').set({ expiresAt }).where('id', '=', sessionId).execute();
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
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

/** Ends every session of a user except `keepSessionId` (password/role change, deactivation). */
export async function invalidateUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  let q = db.deleteFrom('session').where('userId', '=', userId);
  if (keepSessionId) q = q.where('id', '<>', keepSessionId);
  await q.execute();
}
