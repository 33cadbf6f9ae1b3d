import { z } from 'zod';
import type { Database } from '../../../db/database';
import { insertAccountWithAdmin } from '../../../db/queries/account';
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
  const r = await insertAccountWithAdmin(db, { code: input.code, name: input.name, admin: input.admin, passwordHash });
  if ('taken' in r) throw r.taken === 'code' ? new AppError('CONFLICT', coded('ACCOUNT_CODE_TAKEN', { code: input.code })) : new AppError('CONFLICT', ERR.usernameTaken);
  return { accountId: r.accountId, username: input.admin };
}
