import type { Database } from '../../../db/database';
import { findAccountSettings, findAccountSettingsForUpdate, updateAccountSettings } from '../../../db/queries/account';
import { ERR } from '../../shared/errors';
import { normaliseFlags, type TAccount, type TUpdateAccount } from '../../shared/schemas/account';
import { generateApiKey, readApiKey } from '../auth/api-key';
import type { Actor } from '../context';
import { AppError } from '../errors';

type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountSettings>>>;

const toAccount = (row: AccountRow): TAccount => ({ ...row, createdDate: row.createdDate.toISOString() });

/** The caller's account settings (spec §3 Account, without the API key). */
export async function getAccount(db: Database, actor: Actor): Promise<TAccount> {
  const row = await findAccountSettings(db, actor.accountId);
  if (!row) throw new AppError('NOT_FOUND', ERR.notFound);
  return toAccount(row);
}

/**
 * Saves the settings. The id must be the caller's own account (another id answers 404 like a
 * missing one). Flags left out keep their value; a hidden field is never mandatory (spec §4).
 */
export async function updateAccount(db: Database, actor: Actor, input: TUpdateAccount): Promise<TAccount> {
  if (input.id !== actor.accountId) throw new AppError('NOT_FOUND', ERR.notFound);
  return db.transaction().execute(async (trx) => {
    const current = await findAccountSettingsForUpdate(trx, actor.accountId);
    if (!current) throw new AppError('NOT_FOUND', ERR.notFound);
    const flags = normaliseFlags({
      showCustomer: input.showCustomer ?? current.showCustomer,
      showJobTask: input.showJobTask ?? current.showJobTask,
      showLocation: input.showLocation ?? current.showLocation,
      showWorkType: input.showWorkType ?? current.showWorkType,
      mandatoryJobTask: input.mandatoryJobTask ?? current.mandatoryJobTask,
      mandatoryLocation: input.mandatoryLocation ?? current.mandatoryLocation,
      mandatoryWorkType: input.mandatoryWorkType ?? current.mandatoryWorkType,
    });
    const row = await updateAccountSettings(trx, actor.accountId, {
      ...flags,
      defaultUnitType: input.defaultUnitType,
      resourceUnits: input.resourceUnits,
      bcDocumentPrefix: input.bcDocumentPrefix ?? current.bcDocumentPrefix,
      submitWeeks: input.submitWeeks ?? current.submitWeeks,
    });
    return toAccount(row);
  });
}

/** The current key in clear text (admins may view it, DESIGN §4), or null if none was made yet. */
export async function getApiKey(db: Database, secret: string, actor: Actor): Promise<{ apiKey: string | null }> {
  return { apiKey: await readApiKey(db, secret, actor.accountId) };
}

/**
 * A new key; the old one stops working with this statement. The API key may rotate itself
 * (docs/decisions/0010-account-settings-and-api-key.md): the answer carries the new key.
 */
export async function regenerateApiKey(db: Database, secret: string, actor: Actor): Promise<{ apiKey: string }> {
  return { apiKey: await generateApiKey(db, secret, actor.accountId) };
}
