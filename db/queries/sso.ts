import { sql } from 'kysely';
import type { Database } from '../database';

/*
 * Issue 41 §1–§2 (decision 0390): an account's OpenID Connect provider, the identities linked to
 * users, and the sign-ins under way. The client secret arrives encrypted (src/server/auth/sso.ts).
 */

const SSO_COLUMNS = [
  'accountId',
  'enabled',
  'providerName',
  'issuer',
  'clientId',
  'clientSecretEncrypted',
  'allowedDomains',
  'tenantId',
  'jitCreate',
  'ssoRequired',
  'breakGlassUserId',
] as const;

export function findAccountSso(db: Database, accountId: number) {
  return db.selectFrom('accountSso').select(SSO_COLUMNS).where('accountId', '=', accountId).executeTakeFirst();
}

export type AccountSsoRow = NonNullable<Awaited<ReturnType<typeof findAccountSso>>>;

export interface AccountSsoValues {
  enabled: boolean;
  providerName: string;
  issuer: string;
  clientId: string;
  /** undefined keeps the stored one */
  clientSecretEncrypted?: string | null;
  allowedDomains: string;
  tenantId: string | null;
  jitCreate: boolean;
  ssoRequired: boolean;
  breakGlassUserId: number | null;
}

export async function upsertAccountSso(db: Database, accountId: number, v: AccountSsoValues): Promise<void> {
  const { clientSecretEncrypted, ...rest } = v;
  const set = { ...rest, ...(clientSecretEncrypted !== undefined ? { clientSecretEncrypted } : {}), updatedAt: sql<Date>`now()` };
  await db
    .insertInto('accountSso')
    .values({ accountId, ...rest, clientSecretEncrypted: clientSecretEncrypted ?? null })
    .onConflict((oc) => oc.column('accountId').doUpdateSet(set))
    .execute();
}

export async function deleteAccountSso(db: Database, accountId: number): Promise<void> {
  await db.deleteFrom('accountSso').where('accountId', '=', accountId).execute();
}

/** The accounts whose provider is on, with their codes (the login page's buttons, the start by domain). */
export function listEnabledSso(db: Database) {
  return db
    .selectFrom('accountSso as s')
    .innerJoin('account as a', 'a.id', 's.accountId')
    .select(['a.id as accountId', 'a.code', 's.providerName', 's.allowedDomains', 's.ssoRequired'])
    .where('s.enabled', '=', true)
    .where('a.active', '=', true)
    .orderBy('a.id')
    .limit(100)
    .execute();
}

export function findAccountByCode(db: Database, code: string) {
  return db
    .selectFrom('account')
    .select(['id', 'code', 'active'])
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
}

export async function countAccounts(db: Database): Promise<number> {
  const row = await db
    .selectFrom('account')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function firstAccount(db: Database) {
  return db.selectFrom('account').select(['id', 'code', 'active']).orderBy('id').limit(1).executeTakeFirst();
}

export async function insertLoginState(
  db: Database,
  row: { id: string; accountId: number; codeVerifier: string; nonce: string; mode: 'login' | 'test'; userId: number | null; expiresAt: Date },
): Promise<void> {
  await db
    .deleteFrom('ssoLoginState')
    .where('expiresAt', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db.insertInto('ssoLoginState').values(row).execute();
}

/**
 * Takes a sign-in under way, once: a login's row is deleted (a replayed state finds nothing); a
 * test's row stays for its result (marked taken by an empty result). Expired rows are not taken.
 */
export async function takeLoginState(db: Database, id: string) {
  const columns = ['accountId', 'codeVerifier', 'nonce', 'mode', 'userId'] as const;
  const login = await db
    .deleteFrom('ssoLoginState')
    .where('id', '=', id)
    .where('mode', '=', 'login')
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(columns)
    .executeTakeFirst();
  if (login) return login;
  return db
    .updateTable('ssoLoginState')
    .set({ result: '' })
    .where('id', '=', id)
    .where('mode', '=', 'test')
    .where('result', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(columns)
    .executeTakeFirst();
}

export async function setTestResult(db: Database, id: string, result: string): Promise<void> {
  await db.updateTable('ssoLoginState').set({ result }).where('id', '=', id).where('mode', '=', 'test').execute();
}

export async function findTestResult(db: Database, id: string, accountId: number, userId: number) {
  return db
    .selectFrom('ssoLoginState')
    .select(['result'])
    .where('id', '=', id)
    .where('mode', '=', 'test')
    .where('accountId', '=', accountId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export function findIdentity(db: Database, issuer: string, subject: string) {
  return db.selectFrom('userIdentity').select(['userId', 'accountId']).where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
}

export async function insertIdentity(
  db: Database,
  row: { issuer: string; subject: string; userId: number; accountId: number; email: string | null; endSessionUrl: string | null },
): Promise<void> {
  await db.insertInto('userIdentity').values(row).execute();
}

export async function touchIdentity(db: Database, issuer: string, subject: string, v: { email: string | null; endSessionUrl: string | null }): Promise<void> {
  await db
    .updateTable('userIdentity')
    .set({ ...v, lastLoginAt: sql<Date>`now()` })
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .execute();
}

/** The provider's logout of the user's newest SSO sign-in, if any. */
export async function findEndSessionUrl(db: Database, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('userIdentity')
    .select('endSessionUrl')
    .where('userId', '=', userId)
    .where('endSessionUrl', 'is not', null)
    .orderBy('lastLoginAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.endSessionUrl ?? null;
}

/** The user an SSO sign-in may stand for, by the pre-created user's e-mail in the account. */
export function findUserByEmail(db: Database, accountId: number, email: string) {
  return db
    .selectFrom('appUser')
    .select(['id', 'active', 'expirationDate'])
    .where('accountId', '=', accountId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Who a linked identity signs in as, with what decides whether they may. */
export function findSsoUser(db: Database, userId: number) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('account as a', 'a.id', 'u.accountId')
    .select(['u.id', 'u.accountId', 'u.active', 'u.expirationDate', 'a.active as accountActive', 'a.expirationDate as accountExpires'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Password login of an account that requires SSO: only its break-glass user. */
export async function passwordRefusedBySso(db: Database, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('appUser as u')
    .innerJoin('accountSso as s', 's.accountId', 'u.accountId')
    .select(['s.breakGlassUserId'])
    .where('u.id', '=', userId)
    .where('s.enabled', '=', true)
    .where('s.ssoRequired', '=', true)
    .executeTakeFirst();
  return row !== undefined && row.breakGlassUserId !== userId;
}

export function findUserIdByName(db: Database, accountId: number, username: string) {
  return db
    .selectFrom('appUser')
    .select(['id'])
    .where('accountId', '=', accountId)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function findAccountCode(db: Database, accountId: number): Promise<string> {
  const row = await db.selectFrom('account').select('code').where('id', '=', accountId).executeTakeFirstOrThrow();
  return row.code;
}

export async function findUsernameById(db: Database, userId: number): Promise<string | null> {
  const row = await db.selectFrom('appUser').select('username').where('id', '=', userId).executeTakeFirst();
  return row?.username ?? null;
}
