import {
  CamelCasePlugin,
  Kysely,
  type KyselyConfig,
  Migrator,
  PostgresDialect,
  sql,
  type Migration,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Pool, PoolClient } from 'pg';
import type { DB } from './types';
import { preparedName } from './prepared';
import { isEmptyDataDir, readTemplate, templateFile, writeTemplate } from './pglite-template';
import * as initial from './migrations/2026-11-22T1200-initial';
import * as masterDataSearch from './migrations/2026-11-22T1300-master-data-search';
import * as loginThrottleByIp from './migrations/2026-11-23T1100-login-throttle-by-ip';
import * as masterDataIntegrity from './migrations/2026-11-23T1600-master-data-integrity';
import * as worksheetOwnerId from './migrations/2026-11-23T1300-worksheet-owner-id';
import * as idempotency from './migrations/2026-11-23T1400-idempotency';
import * as webhooks from './migrations/2026-11-23T1400-webhooks';
import * as exportPreferences from './migrations/2026-11-23T1200-export-preferences';
import * as adminListKeyset from './migrations/2026-11-23T2000-admin-list-keyset';
import * as webhookFairQueue from './migrations/2026-11-26T1100-webhook-fair-queue';
import * as exportBatches from './migrations/2026-11-26T1200-export-batches';
import * as worksheetReviewFilters from './migrations/2026-11-26T1300-worksheet-review-filters';
import * as secondFactorAndSso from './migrations/2026-11-28T0941-second-factor-and-sso';
import * as returnAndClosedPeriod from './migrations/2026-11-28T1300-return-and-closed-period';
import * as imports from './migrations/2026-11-28T1310-imports';
import * as sso from './migrations/2026-11-28T1320-sso';
import * as passkeys from './migrations/2026-11-28T1600-passkeys';
import * as weekSubmission from './migrations/2026-11-28T1610-week-submission';
import * as masterDataSync from './migrations/2026-11-28T1630-master-data-sync';
import * as importProgress from './migrations/2026-11-29T0110-import-progress';

export type Database = Kysely<DB>;

/** node-postgres' `ssl`: false (no TLS) or the TLS options. */
export type PgSsl = false | { rejectUnauthorized: boolean; ca?: string };

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool when kind = 'postgres' (for COPY); decision 0060. */
  pg?: PgPool;
  /** PGlite instance when kind = 'pglite'. */
  pglite?: import('@electric-sql/pglite').PGlite;
  close(): Promise<void>;
}

/** The migrations, in order. Frozen files; add new ones at the end. */
const migrations: Record<string, Migration> = {
  '2026-11-22T1200-initial': initial,
  '2026-11-22T1300-master-data-search': masterDataSearch,
  '2026-11-23T1100-login-throttle-by-ip': loginThrottleByIp,
  '2026-11-23T1200-export-preferences': exportPreferences,
  '2026-11-23T1300-worksheet-owner-id': worksheetOwnerId,
  '2026-11-23T1400-idempotency': idempotency,
  '2026-11-23T1400-webhooks': webhooks,
  '2026-11-23T1600-master-data-integrity': masterDataIntegrity,
  '2026-11-23T2000-admin-list-keyset': adminListKeyset,
  '2026-11-26T1100-webhook-fair-queue': webhookFairQueue,
  '2026-11-26T1200-export-batches': exportBatches,
  '2026-11-26T1300-worksheet-review-filters': worksheetReviewFilters,
  '2026-11-28T0941-second-factor-and-sso': secondFactorAndSso,
  '2026-11-28T1300-return-and-closed-period': returnAndClosedPeriod,
  '2026-11-28T1310-imports': imports,
  '2026-11-28T1320-sso': sso,
  '2026-11-28T1600-passkeys': passkeys,
  '2026-11-28T1610-week-submission': weekSubmission,
  '2026-11-28T1630-master-data-sync': masterDataSync,
  '2026-11-29T0110-import-progress': importProgress,
};

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

const OID = { numeric: 1700, date: 1082, int8: 20 } as const;

/**
 * The pool as Kysely sees it: a statement whose text is registered in db/prepared.ts runs as a
 * named prepared statement on its connection (decision 0263); everything else as before. One
 * wrapper per pg client, so that Kysely's per-connection bookkeeping sees the same object.
 */
function preparingPool(pool: Pool): PostgresPool {
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();
  const wrap = (client: PoolClient): PostgresPoolClient => ({
    // Kysely's two overloads (text + parameters, or a cursor) in one function: the cast joins them.
    query: ((textOrCursor: unknown, parameters?: readonly unknown[]): unknown => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never);
      const name = preparedName(textOrCursor);
      const values = parameters as unknown[];
      return name === undefined ? client.query(textOrCursor, values) : client.query({ name, text: textOrCursor, values });
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** The pool, plus one transaction on one client (the COPY of the CSV export runs in it). */
export interface PgPool {
  pool: Pool;
  /** BEGIN … COMMIT around `fn`; ROLLBACK when it throws (and a broken client is not reused). */
  begin<T>(fn: (client: PoolClient) => Promise<T>): Promise<T>;
}

/** How long a query waits for a connection before it fails (→ 503), e.g. while PostgreSQL is down. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * DATABASE_URL set → PostgreSQL via node-postgres (`pg`, Kysely's own PostgresDialect); unset →
 * embedded PGlite in dataDir. Decision 0060: postgres.js 3.4.9 crashes the process when PostgreSQL
 * terminates its connections under load.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
  /** PostgreSQL statement_timeout in ms for every connection (0: none). */
  statementTimeoutMs?: number;
  /** The password when the URL has none. */
  password?: string;
  /** TLS to PostgreSQL (PGSSLMODE); undefined: as the URL says. */
  ssl?: PgSsl;
  /** Every statement with its duration (LOG_LEVEL=debug). */
  onQuery?: (q: { sql: string; ms: number; error?: unknown }) => void;
}): Promise<DbHandle> {
  const plugins = [new CamelCasePlugin()];
  const log: KyselyConfig['log'] = opts.onQuery
    ? (event) => opts.onQuery!({ sql: event.query.sql, ms: Math.round(event.queryDurationMillis * 10) / 10, ...(event.level === 'error' ? { error: event.error } : {}) })
    : undefined;
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    // Keep dates as 'YYYY-MM-DD' text (no time-zone shifts) and numerics/bigints as numbers.
    const parsers = new Map<number, (v: string) => unknown>([
      [OID.date, (v) => v],
      [OID.numeric, Number],
      [OID.int8, Number],
    ]);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
      ...(opts.password ? { password: opts.password } : {}),
      ...(opts.ssl !== undefined ? { ssl: opts.ssl } : {}),
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => parsers.get(oid) ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client whose connection dies (pg_terminate_backend, restart) emits 'error' on the
    // pool; without a listener that would end the process. The pool drops the client by itself.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins, ...(log ? { log } : {}) });
    const begin = async <T>(fn: (client: PoolClient) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      let broken: Error | undefined;
      // a connection lost while checked out also emits 'error' on the client
      const onError = (err: Error) => (broken = err);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((err: Error) => (broken ??= err));
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    };
    let closed = false;
    return {
      db,
      kind: 'postgres',
      pg: { pool, begin },
      close: async () => {
        if (closed) return;
        closed = true;
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // A new data directory starts from a migrated template (db/pglite-template.ts) when there is one.
  const template = opts.dataDir !== ':memory:' && isEmptyDataDir(opts.dataDir) ? templateFile(Object.keys(migrations)) : undefined;
  const templateData = template ? readTemplate(template) : undefined;
  const pglite = await PGlite.create({
    ...(opts.dataDir === ':memory:' ? {} : { dataDir: opts.dataDir }),
    ...(templateData ? { loadDataDir: templateData } : {}),
    parsers: {
      [OID.date]: (v: string) => v,
      [OID.numeric]: (v: string) => Number(v),
      [OID.int8]: (v: string) => Number(v),
    },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins, ...(log ? { log } : {}) });
  if (template && !templateData) {
    // No template yet: migrate now and keep the result for the next new data directory.
    await migrateToLatest(db);
    await writeTemplate(template, () => pglite.dumpDataDir('none'));
  }
  return {
    db,
    kind: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

export async function migrateToLatest(db: Database): Promise<string[]> {
  if (await isMigrated(db)) return [];
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const done = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  // Fresh statistics after a schema change, so that plans never start from guesses (issue 9).
  if (done.length > 0) await analyze(db);
  return done;
}

/**
 * ANALYZE the application's tables: after migrations and after seeds (PGlite has no autovacuum).
 * Only the tables of the `public` schema, not the system catalogs: a bare `ANALYZE` spent 1.7–3.8 s
 * of a busy machine's cold start on the catalogs, the app's tables 0.2 s (issue 25 §5).
 */
export async function analyze(db: Database): Promise<void> {
  const { rows } = await sql<{ name: string }>`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(db.withoutPlugins());
  if (rows.length > 0) await sql.raw(`ANALYZE ${rows.map((r) => r.name).join(', ')}`).execute(db);
}

/**
 * Whether every migration is already applied, in one read-only query: Kysely's Migrator creates
 * its tables and takes its lock first (DDL, ~0.4 s of CPU on PGlite), which a start on an
 * up-to-date database (the usual case, and the cold start from the template) does not need.
 */
async function isMigrated(db: Database): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const done = new Set(rows.map((r) => r.name));
    return Object.keys(migrations).every((name) => done.has(name));
  } catch {
    return false; // no migration table yet
  }
}

/** The names of the migrations in order (the PGlite template's key). */
export const migrationNames = (): string[] => Object.keys(migrations);
