import type { Database } from '../../../db/database';
import { decrypt, encrypt } from './secret';
import { generateToken, hashToken } from './tokens';

const PREFIX = 'wt_';

/** Creates a new key for the account; the old one stops working at once. */
export async function generateApiKey(db: Database, secret: string, accountId: number): Promise<string> {
  const key = PREFIX + generateToken(32);
  await db
    .updateTable('account')
    .set({ apiKeyHash: hashToken(key), apiKeyEncrypted: encrypt(secret, key), apiKeyCreatedAt: new Date() })
    .where('id', '=', accountId)
    .execute();
  return key;
}

export async function readApiKey(db: Database, secret: string, accountId: number): Promise<string | null> {
  const row = await db.selectFrom('account').select('apiKeyEncrypted').where('id', '=', accountId).executeTakeFirst();
  return row?.apiKeyEncrypted ? decrypt(secret, row.apiKeyEncrypted) : null;
}

/** The active, unexpired account a key belongs to, or null. */
export async function accountForApiKey(db: Database, key: string): Promise<{ id: number; name: string; resourceUnits: 'Time' | 'Quantity' } | null> {
  if (!key.startsWith(PREFIX) || key.length > 200) return null;
  const today = new Date().toISOString().slice(0, 10);
  const row = await db
    .selectFrom('account')
    .select(['id', 'name', 'resourceUnits', 'active', 'expirationDate'])
    .where('apiKeyHash', '=', hashToken(key))
    .executeTakeFirst();
  if (!row || !row.active || (row.expirationDate !== null && row.expirationDate < today)) return null;
  return { id: row.id, name: row.name, resourceUnits: row.resourceUnits };
}
