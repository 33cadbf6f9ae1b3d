import { sql } from 'kysely';
import type { Database } from '../database';

export interface IdempotencyScope {
  accountId: number;
  /** 'apiKey' or 'user:<id>' — callers of one account never share keys. */
  scope: string;
  key: string;
}

export interface IdempotencyRow {
  fingerprint: string;
  state: 'running' | 'done';
  responseStatus: number | null;
  responseBody: string | null;
}

/**
 * Reserves the key for this request: inserts it as 'running', or takes over a row that has
 * expired, or one left 'running' longer than `staleSeconds` by an instance that died mid-request
 * (only for the same fingerprint). Returns true when this request now owns the key.
 */
export async function reserveIdempotencyKey(db: Database, k: IdempotencyScope, fingerprint: string, ttlSeconds: number, staleSeconds: number): Promise<boolean> {
  const row = await db
    .insertInto('idempotencyKey')
    .values({ ...k, fingerprint, state: 'running', expiresAt: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .onConflict((oc) =>
      oc
        .columns(['accountId', 'scope', 'key'])
        .doUpdateSet({
          fingerprint: (eb) => eb.ref('excluded.fingerprint'),
          state: 'running',
          responseStatus: null,
          responseBody: null,
          createdAt: sql<Date>`now()`,
          expiresAt: (eb) => eb.ref('excluded.expiresAt'),
        })
        .where((eb) =>
          eb.or([
            eb('idempotencyKey.expiresAt', '<', sql<Date>`now()`),
            eb.and([
              eb('idempotencyKey.state', '=', 'running'),
              eb('idempotencyKey.fingerprint', '=', eb.ref('excluded.fingerprint')),
              eb('idempotencyKey.createdAt', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`),
            ]),
          ]),
        ),
    )
    .returning('state')
    .executeTakeFirst();
  return row !== undefined;
}

export function findIdempotencyKey(db: Database, k: IdempotencyScope): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotencyKey')
    .select(['fingerprint', 'state', 'responseStatus', 'responseBody'])
    .where('accountId', '=', k.accountId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('expiresAt', '>=', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function completeIdempotencyKey(db: Database, k: IdempotencyScope, fingerprint: string, status: number, body: string): Promise<void> {
  await db
    .updateTable('idempotencyKey')
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where('accountId', '=', k.accountId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('fingerprint', '=', fingerprint)
    .execute();
}

/** Frees a key whose request failed, so that a retry runs again (a failed create created nothing). */
export async function releaseIdempotencyKey(db: Database, k: IdempotencyScope, fingerprint: string): Promise<void> {
  await db
    .deleteFrom('idempotencyKey')
    .where('accountId', '=', k.accountId)
    .where('scope', '=', k.scope)
    .where('key', '=', k.key)
    .where('fingerprint', '=', fingerprint)
    .where('state', '=', 'running')
    .execute();
}

/** Lazy purge: at most `limit` expired keys of one account per call (indexed, bounded). */
export async function purgeExpiredIdempotencyKeys(db: Database, accountId: number, limit: number): Promise<number> {
  const res = await db
    .deleteFrom('idempotencyKey')
    .where('accountId', '=', accountId)
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('scope', 'key'),
        'in',
        selectFrom('idempotencyKey as old')
          .select(['old.scope', 'old.key'])
          .where('old.accountId', '=', accountId)
          .where('old.expiresAt', '<', sql<Date>`now()`)
          .limit(limit)
          .$asTuple('scope', 'key'),
      ),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
