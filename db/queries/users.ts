import { sql } from 'kysely';
import type { Database } from '../database';
import { changedSince, updatedAtIso } from './master-data/common';

/** What the admin screens and REST answers show of a user: never the password hash. */
const USER_COLUMNS = [
  'id',
  'accountId',
  'username',
  'profileType',
  'teamCode',
  'languageCode',
  'defaultDescription',
  'defaultResource',
  'lockDefaultResource',
  'expirationDate',
  'active',
  'email',
] as const;

const lowerUsername = sql<string>`lower(username)`;

export function listUsers(db: Database, accountId: number, updatedSince?: string) {
  return db
    .selectFrom('appUser')
    .select(USER_COLUMNS)
    .select(updatedAtIso('appUser'))
    .where('accountId', '=', accountId)
    .where(changedSince('appUser', updatedSince))
    .orderBy(lowerUsername)
    .execute();
}

/** A user of the account by name, case-insensitively (names are unique that way, DESIGN §4). */
export function findUser(db: Database, accountId: number, username: string) {
  return db
    .selectFrom('appUser')
    .select(USER_COLUMNS)
    .select(updatedAtIso('appUser'))
    .where('accountId', '=', accountId)
    .where(lowerUsername, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** Same, locking the row for the rest of the transaction. */
export function findUserForUpdate(db: Database, accountId: number, username: string) {
  return db.selectFrom('appUser').select(USER_COLUMNS).where('accountId', '=', accountId).where(lowerUsername, '=', username.toLowerCase()).forUpdate().executeTakeFirst();
}

/** Is the name taken anywhere in the installation (login takes no account)? */
export async function usernameExists(db: Database, username: string): Promise<boolean> {
  const row = await db.selectFrom('appUser').select('id').where(lowerUsername, '=', username.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export interface NewUser {
  accountId: number;
  username: string;
  passwordHash: string;
  profileType: 'Basic' | 'Teamleader' | 'Admin';
  teamCode: string | null;
  languageCode: 'ENU' | 'DAN';
  defaultDescription: string | null;
  defaultResource: string | null;
  lockDefaultResource: boolean;
  expirationDate: string | null;
  active: boolean;
  /** issue 41: the address SSO links a pre-created user by */
  email?: string | null;
}

export function insertUser(db: Database, user: NewUser) {
  return db.insertInto('appUser').values(user).returning(USER_COLUMNS).returning(updatedAtIso('appUser')).executeTakeFirstOrThrow();
}

export type UserPatch = Partial<Omit<NewUser, 'accountId' | 'username' | 'passwordHash'>>;

export function updateUser(db: Database, userId: number, patch: UserPatch) {
  return db.updateTable('appUser').set(patch).where('id', '=', userId).returning(USER_COLUMNS).returning(updatedAtIso('appUser')).executeTakeFirstOrThrow();
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('appUser').set({ passwordHash }).where('id', '=', userId).execute();
}

export async function deleteUser(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('appUser').where('id', '=', userId).execute();
}

/** Does the user own any worksheet entry of the account, open or archived? */
export async function userHasEntries(db: Database, accountId: number, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('worksheetRecord')
    .select('id')
    // By the owner's id (worksheet_owner_idx), not by lower(username): see migration 2026-11-23T1300.
    .where('userId', '=', (eb) => eb.selectFrom('appUser').select('id').where('accountId', '=', accountId).where(lowerUsername, '=', username.toLowerCase()))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Is `no` an active resource of the account? */
export async function isActiveResource(db: Database, accountId: number, no: string): Promise<boolean> {
  const row = await db.selectFrom('resource').select('id').where('accountId', '=', accountId).where('no', '=', no).where('active', '=', true).executeTakeFirst();
  return row !== undefined;
}

/** A new password set by an admin also lifts a login lock-out of that name. */
export async function clearLoginThrottle(db: Database, username: string): Promise<void> {
  await db.deleteFrom('loginThrottle').where('usernameKey', '=', username.trim().toLowerCase()).execute();
}

/** The user a login names (case-insensitively), with what decides whether they may log in. */
export async function findLoginUser(db: Database, usernameKey: string) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .select(['u.id', 'u.passwordHash', 'u.active', 'u.expirationDate', 'a.active as accountActive', 'a.expirationDate as accountExpires'])
    .where(sql<string>`lower(u.username)`, '=', usernameKey)
    .executeTakeFirst();
}

/**
 * Locks the account's lasting Admins (active, no expiration date) in id order and returns their
 * ids. Taken first in every user update or delete, so that two admins demoting each other wait for
 * one another and the second sees the first's change (READ COMMITTED re-checks a locked row).
 */
export async function lockLastingAdmins(db: Database, accountId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('accountId', '=', accountId)
    .where('profileType', '=', 'Admin')
    .where('active', '=', true)
    .where('expirationDate', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}
