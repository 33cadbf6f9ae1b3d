import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/database';
import { coded } from '../../shared/error-codes';
import { ERR } from '../../shared/errors';
import { code, requiredText } from '../../shared/fields';
import { MAX } from '../../shared/limits';
import { hashPassword } from '../auth/passwords';
import { AppError } from '../errors';

export const ZCreateAccount = z.object({
  code: code(MAX.accountCode),
  name: requiredText(MAX.name),
  admin: code(MAX.username),
  password: requiredText(MAX.password).refine((p) => p.length >= 8, 'Password must be at least 8 characters'),
});
export type TCreateAccount = z.input<typeof ZCreateAccount>;

/** Creates an account and its first Admin user (operator CLI, demo seed, tests). */
export async function createAccount(db: Database, raw: TCreateAccount): Promise<{ accountId: number; username: string }> {
  const input = ZCreateAccount.parse(raw);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const codeTaken = await trx.selectFrom('account').select('id').where(sql<string>`lower(code)`, '=', input.code.toLowerCase()).executeTakeFirst();
    if (codeTaken) throw new AppError('CONFLICT', coded('ACCOUNT_CODE_TAKEN', { code: input.code }));
    const userTaken = await trx.selectFrom('appUser').select('id').where(sql<string>`lower(username)`, '=', input.admin.toLowerCase()).executeTakeFirst();
    if (userTaken) throw new AppError('CONFLICT', ERR.usernameTaken);
    const account = await trx.insertInto('account').values({ code: input.code, name: input.name }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('appUser')
      .values({ accountId: account.id, username: input.admin, passwordHash, profileType: 'Admin', languageCode: 'ENU' })
      .execute();
    return { accountId: account.id, username: input.admin };
  });
}
