import type { Database } from '../../../db/database';
import { findAccountByApiKeyHash, findApiKeyEncrypted, setApiKey } from '../../../db/queries/account';
import { decrypt, encrypt } from './secret';
import { generateToken, hashToken } from './tokens';

const PREFIX = 'wt_';

/** Creates a new key for the account; the old one stops working at once. */
export async function generateApiKey(db: Database, secret: string, accountId: number): Promise<string> {
  const key = PREFIX + generateToken(32);
  await setApiKey(db, accountId, { apiKeyHash: hashToken(key), apiKeyEncrypted: encrypt(secret, key) });
  return key;
}

export async function readApiKey(db: Database, secret: string, accountId: number): Promise<string | null> {
  const encrypted = await findApiKeyEncrypted(db, accountId);
  return encrypted ? decrypt(secret, encrypted) : null;
}

/** The active, unexpired account a key belongs to, or null. */
export async function accountForApiKey(db: Database, key: string): Promise<{ id: number; name: string; resourceUnits: 'Time' | 'Quantity' } | null> {
  if (!key.startsWith(PREFIX) || key.length > 200) return null;
  const today = new Date().toISOString().slice(0, 10);
  const row = await findAccountByApiKeyHash(db, hashToken(key));
  if (!row || !row.active || (row.expirationDate !== null && row.expirationDate < today)) return null;
  return { id: row.id, name: row.name, resourceUnits: row.resourceUnits };
}
