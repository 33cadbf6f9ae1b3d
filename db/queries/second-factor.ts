import { sql } from 'kysely';
import type { Database } from '../database';

/*
 * Issue 41: authenticator apps (TOTP), recovery codes and the login step between password and
 * second factor. Secrets arrive encrypted and codes hashed (src/server/auth/second-factor.ts).
 */

export function findTotp(db: Database, userId: number) {
  return db.selectFrom('userTotp').select(['secretEncrypted', 'confirmedAt']).where('userId', '=', userId).executeTakeFirst();
}

/** Starts (or restarts) enrolment: a new unconfirmed secret replaces an unconfirmed one, never a confirmed one. */
export async function startTotp(db: Database, userId: number, secretEncrypted: string): Promise<boolean> {
  const row = await db
    .insertInto('userTotp')
    .values({ userId, secretEncrypted, confirmedAt: null, lastStep: 0 })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ secretEncrypted, lastStep: 0, createdAt: sql`now()` })
        .where('userTotp.confirmedAt', 'is', null),
    )
    .returning('userId')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes a code's 30-second step: only when it is newer than every step taken before, in one
 * statement, so one code (or an older one) is never good twice, not even in two parallel requests.
 */
export async function takeTotpStep(db: Database, userId: number, step: number): Promise<boolean> {
  const row = await db.updateTable('userTotp').set({ lastStep: step }).where('userId', '=', userId).where('lastStep', '<', String(step)).returning('userId').executeTakeFirst();
  return row !== undefined;
}

export async function confirmTotp(db: Database, userId: number, codeHashes: string[]): Promise<void> {
  await db
    .updateTable('userTotp')
    .set({ confirmedAt: sql`now()` })
    .where('userId', '=', userId)
    .execute();
  await replaceRecoveryCodes(db, userId, codeHashes);
}

export async function replaceRecoveryCodes(db: Database, userId: number, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('userRecoveryCode').where('userId', '=', userId).execute();
  if (codeHashes.length > 0)
    await db
      .insertInto('userRecoveryCode')
      .values(codeHashes.map((codeHash) => ({ userId, codeHash })))
      .execute();
}

export async function deleteTotp(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('userTotp').where('userId', '=', userId).execute();
  await db.deleteFrom('userRecoveryCode').where('userId', '=', userId).execute();
}

/** Spends a recovery code: true once per code. */
export async function useRecoveryCode(db: Database, userId: number, codeHash: string): Promise<boolean> {
  const row = await db
    .updateTable('userRecoveryCode')
    .set({ usedAt: sql`now()` })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .returning('userId')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const row = await db
    .selectFrom('userRecoveryCode')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertLoginChallenge(db: Database, row: { id: string; userId: number; remember: boolean; expiresAt: Date }): Promise<void> {
  // Old ones of anybody go with each new one: the table stays as small as the logins in flight.
  await db
    .deleteFrom('loginChallenge')
    .where('expiresAt', '<', sql<Date>`now()`)
    .execute();
  await db.insertInto('loginChallenge').values(row).execute();
}

/** A live challenge with its user's second-factor state and the account's rule. */
export function findLoginChallenge(db: Database, id: string) {
  return db
    .selectFrom('loginChallenge as c')
    .innerJoin('appUser as u', 'u.id', 'c.userId')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .leftJoin('userTotp as t', 't.userId', 'u.id')
    .select(['c.userId', 'c.remember', 'u.username', 'u.accountId', 't.secretEncrypted', 't.confirmedAt'])
    .where('c.id', '=', id)
    .where('c.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function deleteLoginChallenge(db: Database, id: string): Promise<void> {
  await db.deleteFrom('loginChallenge').where('id', '=', id).execute();
}

/** What the login needs to know after a right password: is a second factor on, or required? */
export async function secondFactorState(db: Database, userId: number) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .leftJoin('userTotp as t', 't.userId', 'u.id')
    .select(['u.profileType', 'a.secondFactorRequired', 't.confirmedAt'])
    .select((eb) =>
      eb
        .selectFrom('userPasskey as p')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('p.userId', '=', 'u.id')
        .as('passkeys'),
    )
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function findSecondFactorRequired(db: Database, accountId: number) {
  const row = await db.selectFrom('account').select('secondFactorRequired').where('id', '=', accountId).executeTakeFirstOrThrow();
  return row.secondFactorRequired;
}

export async function setSecondFactorRequired(db: Database, accountId: number, value: 'none' | 'privileged' | 'everyone'): Promise<void> {
  await db.updateTable('account').set({ secondFactorRequired: value }).where('id', '=', accountId).execute();
}
