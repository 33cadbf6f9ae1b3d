import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import postgres from 'postgres';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase, type DbHandle } from '../../db/database';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

export interface TestDatabase {
  dbh: DbHandle;
  /** the URL of the fresh PostgreSQL database, when kind = postgres */
  url?: string;
  /** the schema that holds this test database's tables, when it lives in the worker's shared PGlite */
  schema?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty, migrated database that the caller can treat as its own:
 * - PGlite: a new schema in the one in-memory PGlite of this vitest worker (decision 0090);
 * - PostgreSQL: a new database cloned from the run's migrated template (or migrated, without one).
 * drop() removes it; whatever a crashed file leaves behind is swept before the next one starts.
 */
export async function createTestDatabase(kind: TestDbKind = testDbKind()): Promise<TestDatabase> {
  const database = kind === 'pglite' ? await createPgliteDatabase() : await createPostgresDatabase();
  const drop = once(database.drop);
  const forget = onFileEnd(drop);
  return {
    ...database,
    drop: () => {
      forget();
      return drop();
    },
  };
}

/** fn, run at most once; later calls get the first call's promise. */
export function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

// ---------------------------------------------------------------------------------------------
// Leftovers: what a test file opened and did not close (it failed in beforeAll, or forgot).

const LEFTOVERS = Symbol.for('webtid.tests.leftovers');
type WithLeftovers = typeof globalThis & { [LEFTOVERS]?: Array<() => Promise<void>> };
const leftovers = () => ((globalThis as WithLeftovers)[LEFTOVERS] ??= []);

/** Registers a clean-up to run at the end of the current test file; returns a function that unregisters it. */
export function onFileEnd(cleanup: () => Promise<void>): () => void {
  leftovers().push(cleanup);
  return () => {
    const list = leftovers();
    const i = list.indexOf(cleanup);
    if (i >= 0) list.splice(i, 1);
  };
}

/**
 * Runs the clean-ups still registered, newest first (a server before its database). Called by
 * tests/helpers/setup-file.ts after each test file's own afterAll hooks, so that the next file in
 * the same worker starts clean however this one ended.
 */
export async function runFileEndCleanups(): Promise<void> {
  const list = leftovers();
  const errors: unknown[] = [];
  while (list.length > 0) {
    const cleanup = list.pop()!;
    await cleanup().catch((e: unknown) => errors.push(e));
  }
  if (errors.length > 0) throw new AggregateError(errors, 'cleaning up after the test file failed');
}

// ---------------------------------------------------------------------------------------------
// PGlite: one instance per worker process, one schema per test database.

/** Names of the test schemas; anything else in the worker's PGlite is left alone. */
const SCHEMA_PREFIX = 'webtid_t_';

interface SharedPglite {
  dbh: DbHandle;
  /** the schema of the test database that is open now; PGlite is one session, so one at a time */
  current?: string;
}

/**
 * Kept on globalThis, not in a module variable: the api projects run with `isolate: false`, where
 * this module is evaluated once per worker anyway, but a project that re-imports modules per file
 * still finds the instance its process already opened.
 */
const SHARED = Symbol.for('webtid.tests.sharedPglite');
type WithShared = typeof globalThis & { [SHARED]?: Promise<SharedPglite> };

function sharedPglite(): Promise<SharedPglite> {
  const g = globalThis as WithShared;
  const existing = g[SHARED];
  if (existing) {
    return existing.then((s) => {
      if (!s.dbh.pglite?.closed) return s;
      // someone closed it (a test calling db.destroy()): open a new one rather than fail every later file
      delete g[SHARED];
      return sharedPglite();
    });
  }
  const opened = openDatabase({ dataDir: ':memory:' }).then((dbh) => ({ dbh }) as SharedPglite);
  g[SHARED] = opened;
  // A failed open must not be cached for the rest of the worker's files.
  opened.catch(() => delete g[SHARED]);
  return opened;
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const shared = await sharedPglite();
  if (shared.current) {
    // A second database while one is open in this worker (one file starting two apps at once):
    // search_path is per session and PGlite has one, so this one gets a PGlite of its own.
    const dbh = await openDatabase({ dataDir: ':memory:' });
    await migrateToLatest(dbh.db);
    return { dbh, drop: () => dbh.close() };
  }
  const schema = `${SCHEMA_PREFIX}${randomBytes(6).toString('hex')}`;
  shared.current = schema;
  const db = shared.dbh.db;
  try {
    // Sweep what an earlier file left behind (it failed before drop(), or its worker was reused
    // after a crash): this PGlite belongs to this worker alone, so every test schema in it is stale.
    // Besides freeing memory, it keeps Kysely's migrator right: it looks for its table in any schema.
    const { rows } = await sql<{ name: string }>`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE ${SCHEMA_PREFIX + '%'}`.execute(db);
    for (const { name } of rows) await sql`DROP SCHEMA ${sql.id(name)} CASCADE`.execute(db);
    await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
    // Only the test schema: nothing can resolve to a table of another file's database.
    await sql`SET search_path TO ${sql.id(schema)}`.execute(db);
    await migrateToLatest(db);
  } catch (e) {
    shared.current = undefined;
    throw e;
  }
  const dbh: DbHandle = {
    db,
    kind: 'pglite',
    ...(shared.dbh.pglite ? { pglite: shared.dbh.pglite } : {}),
    // The server closes its handle on shutdown; the shared PGlite must outlive it.
    close: () => Promise.resolve(),
  };
  return {
    dbh,
    schema,
    drop: async () => {
      try {
        // Queued behind any query the app still had in flight (the driver serialises them).
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(db);
        await sql`SET search_path TO public`.execute(db);
      } finally {
        if (shared.current === schema) shared.current = undefined;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: one database per test database, cloned from a template migrated once per run.

declare module 'vitest' {
  export interface ProvidedContext {
    /** set by tests/helpers/postgres-template.ts (globalSetup of the api-postgres project) */
    webtidPgTemplate?: string;
    /** prefix of this run's test database names, so teardown can sweep what a crashed file left */
    webtidPgPrefix?: string;
  }
}

/** inject() throws outside a vitest worker; then there is simply no template. */
function provided<K extends 'webtidPgTemplate' | 'webtidPgPrefix'>(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

function adminClient() {
  return postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const template = provided('webtidPgTemplate');
  const name = `${provided('webtidPgPrefix') ?? `webtid_test_${process.pid}_`}${randomBytes(4).toString('hex')}`;
  const admin = adminClient();
  try {
    await admin.unsafe(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } catch (e) {
    throw new Error(`PostgreSQL is needed for these tests (TEST_DATABASE_URL=${TEST_DATABASE_URL}): ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(name);
  const dbh = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 5 });
  // With a template this finds every migration applied and does nothing (one query).
  await migrateToLatest(dbh.db);
  return {
    dbh,
    url,
    drop: async () => {
      await dbh.close();
      await dropPostgresDatabase(name);
    },
  };
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  const a = adminClient();
  try {
    await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await a.end();
  }
}
