import type { Database } from '../database';

/** The settings columns of an account (never the API key material). */
const SETTINGS = [
  'id',
  'code',
  'name',
  'createdDate',
  'expirationDate',
  'active',
  'showCustomer',
  'showJobTask',
  'showLocation',
  'showWorkType',
  'mandatoryJobTask',
  'mandatoryLocation',
  'mandatoryWorkType',
  'defaultUnitType',
  'resourceUnits',
  'bcDocumentPrefix',
] as const;

export function findAccountSettings(db: Database, accountId: number) {
  return db.selectFrom('account').select(SETTINGS).where('id', '=', accountId).executeTakeFirst();
}

/** Same, locking the row for the rest of the transaction (read-modify-write of the flags). */
export function findAccountSettingsForUpdate(db: Database, accountId: number) {
  return db.selectFrom('account').select(SETTINGS).where('id', '=', accountId).forUpdate().executeTakeFirst();
}

export interface AccountSettingsPatch {
  showCustomer: boolean;
  showJobTask: boolean;
  showLocation: boolean;
  showWorkType: boolean;
  mandatoryJobTask: boolean;
  mandatoryLocation: boolean;
  mandatoryWorkType: boolean;
  defaultUnitType: 'Item' | 'Resource';
  resourceUnits: 'Time' | 'Quantity';
  bcDocumentPrefix: string;
}

export function updateAccountSettings(db: Database, accountId: number, patch: AccountSettingsPatch) {
  return db.updateTable('account').set(patch).where('id', '=', accountId).returning(SETTINGS).executeTakeFirstOrThrow();
}
