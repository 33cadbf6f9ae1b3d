import { CamelCasePlugin, Kysely, Migrator, type Migration, type MigrationProvider } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PostgresJsDialect } from './postgres-js-dialect';
import type { DB } from './types';
import * as initial from './migrations/2026-11-22T1200-initial';
import * as masterDataSearch from './migrations/2026-11-22T1300-master-data-search';
import * as exportPreferences from './migrations/2026-11-23T1200-export-preferences';

export type Database = Kysely<DB>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** postgres.js client when kind = 'postgres' (for COPY and cursors). */
  pg?: import('postgres').Sql;
  /** PGlite instance when kind = 'pglite'. */
  pglite?: import('@electric-sql/pglite').PGlite;
  close(): Promise<void>;
}

/** The migrations, in order. Frozen files; add new ones at the end. */
const migrations: Record<string, Migration> = {
  '2026-11-22T1200-initial': initial,
  '2026-11-22T1300-master-data-search': masterDataSearch,
  '2026-11-23T1200-export-preferences': exportPreferences,
};

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

const OID = { numeric: 1700, date: 1082, int8: 20 } as const;

/** DATABASE_URL set → PostgreSQL via postgres.js; unset → embedded PGlite in dataDir. */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number }): Promise<DbHandle> {
  const plugins = [new CamelCasePlugin()];
  if (opts.databaseUrl) {
    const { default: postgres } = await import('postgres');
    const pg = postgres(opts.databaseUrl, {
      max: opts.poolSize ?? 10,
      onnotice: () => {},
      // Keep dates as 'YYYY-MM-DD' text (no time-zone shifts) and numerics as numbers.
      types: {
        date: { to: OID.date, from: [OID.date], serialize: (v: string) => v, parse: (v: string) => v },
        numeric: { to: OID.numeric, from: [OID.numeric], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
        bigint: { to: OID.int8, from: [OID.int8], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
      },
    });
    const db = new Kysely<DB>({ dialect: new PostgresJsDialect(pg), plugins });
    return { db, kind: 'postgres', pg, close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    ...(opts.dataDir === ':memory:' ? {} : { dataDir: opts.dataDir }),
    parsers: {
      [OID.date]: (v: string) => v,
      [OID.numeric]: (v: string) => Number(v),
      [OID.int8]: (v: string) => Number(v),
    },
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins });
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
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
