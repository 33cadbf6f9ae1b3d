import { sql } from 'kysely';
import type { Db } from './master-data/common';

/*
 * Set-password links (issue 42 §6, migration 2026-11-28T1630-master-data-sync): only the
 * token's SHA-256 is stored; a link is used once (used_at set in the same statement that checks it).
 */

export async function insertPasswordLink(db: Db, values: { accountId: number; userId: number; tokenHash: string; createdByUserId: number | null; expiresAt: Date }): Promise<void> {
  await db.insertInto('passwordLink').values(values).execute();
}

/** The link by its token's hash, with its user (active or not) and whether it is still usable. */
export function findPasswordLink(db: Db, tokenHash: string) {
  return db
    .selectFrom('passwordLink')
    .innerJoin('appUser', 'appUser.id', 'passwordLink.userId')
    .select([
      'passwordLink.id',
      'passwordLink.userId',
      'passwordLink.expiresAt',
      'passwordLink.usedAt',
      'appUser.username',
      'appUser.active',
      sql<boolean>`password_link.expires_at <= now()`.as('expired'),
    ])
    .where('passwordLink.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the link used if it still was usable; false when another request used it first or it expired meanwhile. */
export async function takePasswordLink(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('passwordLink')
    .set({ usedAt: sql`now()` })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** A new link replaces the user's unused ones: only the newest works. */
export async function retirePasswordLinks(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('passwordLink')
    .set({ usedAt: sql`now()` })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .execute();
}
