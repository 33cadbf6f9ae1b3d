/**
 * The server Playwright runs against: the built client, a fresh embedded database in a temp dir,
 * one account "Test A/S" with fixed users (password Test-pass-1) and the demo master data.
 *   admin (Admin, ENU), leader (Teamleader, team A), basic (Basic, team A), dansk (Basic, DAN),
 *   other (Basic, team B)
 * E2E_DATA_DIR (tests/e2e/worksheet-restart.spec.ts): that data directory instead of a fresh one;
 * a second start on it keeps what is there (the account is made once), as a restarted server does.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedMasterData } from '../../db/seed/demo';
import { hashPassword } from '../../src/server/auth/passwords';
import { parseEnv } from '../../src/server/env';
import { startServer } from '../../src/server/server';
import { createAccount } from '../../src/server/services/accounts';

const PASSWORD = 'Test-pass-1';
// The browser tests add webhook endpoints on public addresses (the only ones the egress rules
// allow) but must never send traffic off this machine: the worker looks for due deliveries once
// a day here, so a delivery is recorded and shown, never attempted.
process.env.WEBHOOKS_POLL_MS ??= '86400000';
const env = parseEnv({
  ...process.env,
  // playwright.config.ts always sets E2E_PORT (a free port); 0 picks one when run by hand.
  PORT: process.env.E2E_PORT ?? '0',
  HOST: '127.0.0.1',
  DATA_DIR: process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'webtid-e2e-')),
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
});
const app = await startServer(env, { seedDemo: false });
const db = app.services.db;
const restarted = await db.selectFrom('account').select('id').where('code', '=', 'TEST').executeTakeFirst();
if (!restarted) await seed();
if (!(await db.selectFrom('account').select('id').where('code', '=', 'SUBMIT').executeTakeFirst())) await seedSubmit();

async function seed(): Promise<void> {
  const { accountId } = await createAccount(db, { code: 'TEST', name: 'Test A/S', admin: 'admin', password: PASSWORD });
  const hash = await hashPassword(PASSWORD);
  await db.updateTable('appUser').set({ teamCode: 'A' }).where('accountId', '=', accountId).execute();
  await db
    .insertInto('appUser')
    .values([
      { accountId, username: 'leader', passwordHash: hash, profileType: 'Teamleader', teamCode: 'A', defaultResource: 'R01' },
      { accountId, username: 'basic', passwordHash: hash, profileType: 'Basic', teamCode: 'A', defaultResource: 'R03' },
      { accountId, username: 'dansk', passwordHash: hash, profileType: 'Basic', teamCode: 'A', languageCode: 'DAN' },
      { accountId, username: 'other', passwordHash: hash, profileType: 'Basic', teamCode: 'B' },
    ])
    .execute();
  await seedMasterData(db, accountId);
}
/**
 * Issue 40 §2 (worksheet-submit.spec.ts): an account of its own with "Workers submit their weeks"
 * on, so that the setting changes nothing for the specs of account TEST. sw-admin (Admin),
 * sw-leder (Teamleader S, DAN), sw-lead (Teamleader S, ENU), sw-worker (Basic S, DAN).
 */
async function seedSubmit(): Promise<void> {
  const { accountId } = await createAccount(db, { code: 'SUBMIT', name: 'Submit A/S', admin: 'sw-admin', password: PASSWORD });
  const hash = await hashPassword(PASSWORD);
  await db.updateTable('account').set({ submitWeeks: true }).where('id', '=', accountId).execute();
  await db.updateTable('appUser').set({ teamCode: 'S' }).where('accountId', '=', accountId).execute();
  await db
    .insertInto('appUser')
    .values([
      { accountId, username: 'sw-leder', passwordHash: hash, profileType: 'Teamleader', teamCode: 'S', languageCode: 'DAN' },
      { accountId, username: 'sw-lead', passwordHash: hash, profileType: 'Teamleader', teamCode: 'S' },
      { accountId, username: 'sw-worker', passwordHash: hash, profileType: 'Basic', teamCode: 'S', languageCode: 'DAN', defaultResource: 'R03' },
    ])
    .execute();
  await seedMasterData(db, accountId);
}
console.log(`e2e server ready at ${app.url}`);
const stop = () => void app.close(2000).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
