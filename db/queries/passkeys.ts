import { sql } from 'kysely';
import type { Database } from '../database';

/*
 * Issue 41 §3 (decision 0400): passkeys and the WebAuthn challenges. Every read of a user's
 * passkey is by its owner (user id); a sign-in finds the credential by its id and joins the user.
 */

const listColumns = ['id', 'name', 'transports', 'createdAt', 'lastUsedAt'] as const;

export function listPasskeys(db: Database, userId: number) {
  return db.selectFrom('userPasskey').select(listColumns).where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
}

/** The credential ids (and transports) of a user: excluded from a new registration, allowed in a second step. */
export function passkeyCredentials(db: Database, userId: number) {
  return db.selectFrom('userPasskey').select(['credentialId', 'transports']).where('userId', '=', userId).execute();
}

export async function countPasskeys(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('userPasskey')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A credential with its owner, for a sign-in: the user's and the account's state too. */
export function findPasskeyByCredential(db: Database, credentialId: string) {
  return db
    .selectFrom('userPasskey as p')
    .innerJoin('appUser as u', 'u.id', 'p.userId')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .select([
      'p.id',
      'p.accountId',
      'p.userId',
      'p.credentialId',
      'p.publicKey',
      'p.counter',
      'p.transports',
      'u.active',
      'u.expirationDate',
      'u.username',
      'a.active as accountActive',
      'a.expirationDate as accountExpires',
    ])
    .where('p.credentialId', '=', credentialId)
    .executeTakeFirst();
}

export async function credentialOwner(db: Database, credentialId: string): Promise<number | undefined> {
  const row = await db.selectFrom('userPasskey').select('userId').where('credentialId', '=', credentialId).executeTakeFirst();
  return row?.userId;
}

export function insertPasskey(
  db: Database,
  row: { accountId: number; userId: number; credentialId: string; publicKey: string; counter: number; transports: string; name: string },
) {
  return db.insertInto('userPasskey').values(row).returning(listColumns).executeTakeFirstOrThrow();
}

/**
 * Records a use: the new counter, only when it is higher than the stored one (or both are 0: an
 * authenticator without a counter) — one statement, so two answers with the same counter cannot
 * both win. False when the counter went back (a cloned authenticator?).
 */
export async function usePasskey(db: Database, id: number, counter: number): Promise<boolean> {
  const row = await db
    .updateTable('userPasskey')
    .set({ counter, lastUsedAt: sql`now()` })
    .where('id', '=', id)
    .where('counter', counter === 0 ? '=' : '<', String(counter))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function renamePasskey(db: Database, userId: number, id: number, name: string) {
  return db.updateTable('userPasskey').set({ name }).where('id', '=', id).where('userId', '=', userId).returning(listColumns).executeTakeFirst();
}

export async function deletePasskey(db: Database, userId: number, id: number): Promise<boolean> {
  const row = await db.deleteFrom('userPasskey').where('id', '=', id).where('userId', '=', userId).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function insertWebauthnChallenge(db: Database, row: { id: string; purpose: 'register' | 'login' | 'second'; userId: number | null; expiresAt: Date }): Promise<void> {
  // Old ones of anybody go with each new one: the table stays as small as the ceremonies in flight.
  await db
    .deleteFrom('webauthnChallenge')
    .where('expiresAt', '<', sql<Date>`now()`)
    .execute();
  await db.insertInto('webauthnChallenge').values(row).execute();
}

/** Takes a live challenge once: deleted in the same statement, so a replay finds nothing. */
export function takeWebauthnChallenge(db: Database, id: string, purpose: 'register' | 'login' | 'second') {
  return db
    .deleteFrom('webauthnChallenge')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['userId'])
    .executeTakeFirst();
}
