import { sql } from 'kysely';
import type { Database } from '../database';

/** Every account with its user counts, for `webtid list-accounts`. */
export function listAccountsForOperator(db: Database) {
  return db
    .selectFrom('account')
    .leftJoin('appUser', 'appUser.accountId', 'account.id')
    .select([
      'account.id',
      'account.code',
      'account.name',
      'account.active',
      'account.expirationDate',
      sql<number>`count(app_user.id)::int`.as('users'),
      sql<string[]>`coalesce(array_agg(app_user.username order by lower(app_user.username)) filter (where app_user.profile_type = 'Admin'), '{}')`.as('admins'),
    ])
    .groupBy('account.id')
    .orderBy('account.id')
    .execute();
}

/** An account's id by its code, case-insensitively (codes are unique that way). */
export async function accountIdByCode(db: Database, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('account')
    .select('id')
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** The account of a user: usernames are unique across the installation (DESIGN §4). */
export async function accountIdOfUsername(db: Database, username: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('appUser')
    .select('accountId')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.accountId;
}
