import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../../db/database';
import { databaseUrl, dropPostgresDatabase, TEST_DATABASE_URL } from './database';

/**
 * globalSetup of the api-postgres project: migrates one template database per run, from which
 * every test file's database is cloned (`CREATE DATABASE … TEMPLATE`), instead of migrating each
 * one (decision 0090). The teardown drops the template and any database of this run that a
 * crashed file left behind; other runs' databases (other people on the same server) are untouched.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const prefix = `webtid_t_${run}_`;
  const template = `webtid_tpl_${run}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${template}`);
  } catch (e) {
    await admin.end();
    throw new Error(`PostgreSQL is needed for these tests (TEST_DATABASE_URL=${TEST_DATABASE_URL}): ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    const dbh = await openDatabase({ databaseUrl: databaseUrl(template), dataDir: '', poolSize: 1 });
    try {
      await migrateToLatest(dbh.db);
    } finally {
      // No session may stay connected to a template while it is cloned.
      await dbh.close();
    }
    // Nothing needs to connect to it again; refusing connections guarantees that none is open
    // while it is cloned (CREATE DATABASE … TEMPLATE fails if one is).
    await admin.unsafe(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
  } catch (e) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => {});
    await admin.end();
    throw e;
  }
  await admin.end();
  project.provide('webtidPgTemplate', template);
  project.provide('webtidPgPrefix', prefix);

  return async () => {
    const a = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    try {
      const left = await a<Array<{ name: string }>>`SELECT datname AS name FROM pg_database WHERE starts_with(datname, ${prefix})`;
      for (const { name } of left) await dropPostgresDatabase(name);
    } finally {
      await a.end();
    }
    await dropPostgresDatabase(template);
  };
}
