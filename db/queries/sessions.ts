import type { CompiledQuery, InferResult } from 'kysely';
import type { Database, PgPool } from '../database';

/*
 * Sessions (Lucia guide): rows keyed by the SHA-256 of the token (src/server/auth/sessions.ts
 * makes and checks the tokens; this file only stores and reads rows).
 */

export async function insertSession(db: Database, row: { id: string; userId: number; expiresAt: Date; remember: boolean }): Promise<void> {
  await db.insertInto('session').values(row).execute();
}

/** The session with its user and account (whether they are still active). */
function sessionQuery(db: Database, sessionId: string) {
  return db
    .selectFrom('session as s')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .select([
      's.expiresAt',
      's.remember',
      'u.id as userId',
      'u.accountId',
      'u.username',
      'u.profileType',
      'u.teamCode',
      'u.languageCode',
      'u.active as userActive',
      'u.expirationDate as userExpires',
      'a.active as accountActive',
      'a.expirationDate as accountExpires',
      'a.name as accountName',
      'a.resourceUnits',
      'u.defaultResource',
      'u.lockDefaultResource',
      'u.defaultDescription',
    ])
    .where('s.id', '=', sessionId);
}
export type SessionRow = InferResult<ReturnType<typeof sessionQuery>>[number];

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
 * per-query work (connection provider, result plugin) is skipped. pg answers the columns as an
 * array (`rowMode: 'array'`) and the row is built as one literal in the select list's order
 * (decision 0277): no keyed stores per column, neither pg's nor a snake_case → camelCase copy.
 * The order is checked against the columns PostgreSQL names, once per process.
 */
const SESSION_COLUMNS = [
  'expires_at',
  'remember',
  'user_id',
  'account_id',
  'username',
  'profile_type',
  'team_code',
  'language_code',
  'user_active',
  'user_expires',
  'account_active',
  'account_expires',
  'account_name',
  'resource_units',
  'default_resource',
  'lock_default_resource',
  'default_description',
] as const;
let columnsChecked = false;

function sessionRowOf(c: unknown[]): SessionRow {
  return {
    expiresAt: c[0],
    remember: c[1],
    userId: c[2],
    accountId: c[3],
    username: c[4],
    profileType: c[5],
    teamCode: c[6],
    languageCode: c[7],
    userActive: c[8],
    userExpires: c[9],
    accountActive: c[10],
    accountExpires: c[11],
    accountName: c[12],
    resourceUnits: c[13],
    defaultResource: c[14],
    lockDefaultResource: c[15],
    defaultDescription: c[16],
  } as SessionRow;
}

function sessionRowByPreparedStatement(pg: PgPool, text: string, sessionId: string): Promise<SessionRow | undefined> {
  return pg.pool.query<unknown[]>({ name: 'webtid_session_lookup', text, values: [sessionId], rowMode: 'array' }).then(({ rows, fields }) => {
    if (!columnsChecked) {
      const names = fields.map((f) => f.name).join(',');
      if (names !== SESSION_COLUMNS.join(',')) throw new Error(`the session look-up's columns changed: ${names}`);
      columnsChecked = true;
    }
    const raw = rows[0];
    return raw ? sessionRowOf(raw) : undefined;
  });
}

/** The session row of `sessionId` (the hashed token); `pg`: the PostgreSQL pool when there is one (DbHandle.pg). */
export function findSessionRow(db: Database, sessionId: string, pg?: PgPool): Promise<SessionRow | undefined> {
  let compiled = compiledSessionQuery.get(db);
  if (!compiled) {
    compiled = sessionQuery(db, '').compile();
    if (compiled.parameters.length !== 1) throw new Error('the session query must have exactly one parameter');
    compiledSessionQuery.set(db, compiled);
  }
  return pg ? sessionRowByPreparedStatement(pg, compiled.sql, sessionId) : db.executeQuery<SessionRow>({ ...compiled, parameters: [sessionId] }).then((r) => r.rows[0]);
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

export async function extendSession(db: Database, sessionId: string, expiresAt: Date): Promise<void> {
  await db.updateTable('session').set({ expiresAt }).where('id', '=', sessionId).execute();
}

/** Deletes every session of a user except `keepSessionId`. */
export async function deleteUserSessions(db: Database, userId: number, keepSessionId?: string): Promise<void> {
  let q = db.deleteFrom('session').where('userId', '=', userId);
  if (keepSessionId) q = q.where('id', '<>', keepSessionId);
  await q.execute();
}
