import { sql } from 'kysely';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { runFileEndCleanups, TEST_DATABASE_URL } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/server';

/**
 * The promise other test files rely on (decision 0090): startTestApp() gives a fresh, empty,
 * migrated database of the file's own, even though the files of one worker share one PGlite (a
 * schema each) or one PostgreSQL template. User names are unique across an installation, so any
 * leak from one database into another shows up as a conflict here.
 */
// The tests open databases themselves (the first may open the worker's PGlite): hook-sized limit.
describe('startTestApp: every app has a database of its own', { timeout: 180_000 }, () => {
  const setUp = async (app: TestApp) => {
    const accountId = await app.createAccount('ISO', 'isoadmin');
    await app.addUser(accountId, { username: 'IsoUser' });
    return accountId;
  };
  const accounts = (app: TestApp) => app.db.selectFrom('account').select('code').execute();

  it('starts empty and migrated after another app used the same names', async () => {
    const first = await startTestApp();
    await setUp(first);
    await first.close();
    await first.close(); // idempotent

    const second = await startTestApp();
    try {
      expect(await accounts(second)).toEqual([]);
      await setUp(second);
      expect((await second.login('isouser')).cookie).toBeTruthy();
    } finally {
      await second.close();
    }
  });

  it('keeps two apps that are open at once apart', async () => {
    const [x, y] = await Promise.all([startTestApp(), startTestApp()]);
    try {
      await setUp(x);
      expect(await accounts(y)).toEqual([]);
      await setUp(y);
      await x.db.updateTable('account').set({ name: 'Only X' }).execute();
      expect((await y.db.selectFrom('account').select('name').executeTakeFirstOrThrow()).name).toBe('ISO A/S');
      expect((await x.login('isoadmin')).cookie).toBeTruthy();
      expect((await y.login('isoadmin')).cookie).toBeTruthy();
    } finally {
      await Promise.all([x.close(), y.close()]);
    }
  });

  it('closes an app the file left open, and drops its database, at the end of the file', async () => {
    const app = await startTestApp();
    await setUp(app);
    await runFileEndCleanups(); // what tests/helpers/setup-file.ts runs after the file's afterAll hooks
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
    if (app.database.schema) {
      // the worker's PGlite lives on; the schema is gone
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = ${app.database.schema}`.execute(app.db);
      expect(rows[0]!.n).toBe(0);
    } else {
      const name = new URL(app.database.url!).pathname.slice(1);
      const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      try {
        expect(await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`).toHaveLength(0);
      } finally {
        await admin.end();
      }
    }
    await app.close(); // a later close by the file is harmless
  });
});
