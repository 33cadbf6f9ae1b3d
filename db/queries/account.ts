import { sql, type Selectable } from 'kysely';
import type { Database } from '../database';
import type { AccountTable } from '../types';
import { FORM_FLAGS } from '../../src/shared/account-flags';

/** The settings columns of an account (never the API key material). */
const SETTINGS = ['id', 'code', 'name', 'createdDate', 'expirationDate', 'active', ...FORM_FLAGS, 'bcDocumentPrefix', 'submitWeeks'] as const;

export function findAccountSettings(db: Database, accountId: number) {
  return db.selectFrom('account').select(SETTINGS).where('id', '=', accountId).executeTakeFirst();
}

/** Same, locking the row for the rest of the transaction (read-modify-write of the flags). */
export function findAccountSettingsForUpdate(db: Database, accountId: number) {
  return db.selectFrom('account').select(SETTINGS).where('id', '=', accountId).forUpdate().executeTakeFirst();
}

/** What an Admin changes of the settings: the form's flags, the BC document prefix and week submission, typed from db/types.ts. */
export type AccountSettingsPatch = Pick<Selectable<AccountTable>, (typeof FORM_FLAGS)[number] | 'bcDocumentPrefix' | 'submitWeeks'>;

export function updateAccountSettings(db: Database, accountId: number, patch: AccountSettingsPatch) {
  return db.updateTable('account').set(patch).where('id', '=', accountId).returning(SETTINGS).executeTakeFirstOrThrow();
}

// ---------------------------------------------------------------------------------------------
// Creating an account (operator CLI, demo seed, tests) and the account's API key.

/** Whether the database holds any account (the demo seed runs on an empty one). */
export async function hasAnyAccount(db: Database): Promise<boolean> {
  return (await db.selectFrom('account').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * An account and its first Admin user, in one transaction; or which name is already taken (account
 * codes and user names are unique case-insensitively).
 */
export async function insertAccountWithAdmin(
  db: Database,
  v: { code: string; name: string; admin: string; passwordHash: string },
): Promise<{ accountId: number } | { taken: 'code' | 'username' }> {
  return db.transaction().execute(async (trx) => {
    const codeTaken = await trx
      .selectFrom('account')
      .select('id')
      .where(sql<string>`lower(code)`, '=', v.code.toLowerCase())
      .executeTakeFirst();
    if (codeTaken) return { taken: 'code' as const };
    const userTaken = await trx
      .selectFrom('appUser')
      .select('id')
      .where(sql<string>`lower(username)`, '=', v.admin.toLowerCase())
      .executeTakeFirst();
    if (userTaken) return { taken: 'username' as const };
    const account = await trx.insertInto('account').values({ code: v.code, name: v.name }).returning('id').executeTakeFirstOrThrow();
    await trx.insertInto('appUser').values({ accountId: account.id, username: v.admin, passwordHash: v.passwordHash, profileType: 'Admin', languageCode: 'ENU' }).execute();
    return { accountId: account.id };
  });
}

export async function setApiKey(db: Database, accountId: number, key: { apiKeyHash: string; apiKeyEncrypted: string }): Promise<void> {
  await db
    .updateTable('account')
    .set({ ...key, apiKeyCreatedAt: new Date() })
    .where('id', '=', accountId)
    .execute();
}

export async function findApiKeyEncrypted(db: Database, accountId: number): Promise<string | null> {
  const row = await db.selectFrom('account').select('apiKeyEncrypted').where('id', '=', accountId).executeTakeFirst();
  return row?.apiKeyEncrypted ?? null;
}

export function findAccountByApiKeyHash(db: Database, apiKeyHash: string) {
  return db.selectFrom('account').select(['id', 'name', 'resourceUnits', 'active', 'expirationDate']).where('apiKeyHash', '=', apiKeyHash).executeTakeFirst();
}
