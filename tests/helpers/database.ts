import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { migrateToLatest, openDatabase, type DbHandle } from '../../db/database';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export interface TestDatabase {
  dbh: DbHandle;
  /** the URL of the fresh PostgreSQL database, when kind = postgres */
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dbh = await openDatabase({ dataDir: ':memory:' });
    await migrateToLatest(dbh.db);
    return { dbh, drop: () => dbh.close() };
  }
  const name = `webtid_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } catch (e) {
    await admin.end();
    throw new Error(`PostgreSQL is needed for these tests (TEST_DATABASE_URL=${TEST_DATABASE_URL}): ${e instanceof Error ? e.message : String(e)}`);
  }
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const dbh = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 5 });
  await migrateToLatest(dbh.db);
  return {
    dbh,
    url: url.toString(),
    drop: async () => {
      await dbh.close();
      const a = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
