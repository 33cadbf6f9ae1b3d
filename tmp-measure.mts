import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import postgres from 'postgres';
import { migrateToLatest, openDatabase } from './db/database';

const N = Number(process.env.N ?? 3);
const t = async (label: string, fn: () => Promise<void>) => {
  const s = performance.now();
  await fn();
  const ms = performance.now() - s;
  console.log(`${label}: ${ms.toFixed(0)} ms`);
  return ms;
};
const which = process.argv[2] ?? 'pglite';
if (which === 'pglite') {
  for (let i = 0; i < N; i++) {
    await t('pglite open+migrate', async () => {
      const dbh = await openDatabase({ dataDir: ':memory:' });
      await migrateToLatest(dbh.db);
      await dbh.close();
    });
  }
  const dbh = await openDatabase({ dataDir: ':memory:' });
  const { rows } = await sql<{ n: string }>`SELECT name AS n FROM pg_available_extensions WHERE name = 'pg_trgm'`.execute(dbh.db);
  console.log('pg_trgm available in pglite:', rows.length > 0);
  for (let i = 0; i < N; i++) {
    const schema = `s${i}`;
    await t('schema create+migrate', async () => {
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(dbh.db);
      await sql`SET search_path TO ${sql.id(schema)}`.execute(dbh.db);
      await migrateToLatest(dbh.db);
    });
    await t('schema drop', async () => {
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(dbh.db);
    });
  }
  await dbh.close();
} else {
  const admin = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, onnotice: () => {} });
  const url = (n: string) => `postgres://postgres@127.0.0.1:5432/${n}`;
  const tpl = `webtid_measure_tpl_${process.pid}`;
  await admin.unsafe(`CREATE DATABASE ${tpl}`);
  { const d = await openDatabase({ databaseUrl: url(tpl), dataDir: '', poolSize: 1 }); await migrateToLatest(d.db); await d.close(); }
  for (let i = 0; i < N; i++) {
    const n = `webtid_measure_${process.pid}_${i}`;
    await t('pg create+migrate', async () => {
      await admin.unsafe(`CREATE DATABASE ${n}`);
      const d = await openDatabase({ databaseUrl: url(n), dataDir: '', poolSize: 5 });
      await migrateToLatest(d.db);
      await d.close();
    });
    await t('pg drop', async () => { await admin.unsafe(`DROP DATABASE ${n} WITH (FORCE)`); });
    await t('pg clone template (+migrate no-op)', async () => {
      await admin.unsafe(`CREATE DATABASE ${n} TEMPLATE ${tpl}`);
      const d = await openDatabase({ databaseUrl: url(n), dataDir: '', poolSize: 5 });
      await migrateToLatest(d.db);
      await d.close();
    });
    await admin.unsafe(`DROP DATABASE ${n} WITH (FORCE)`);
  }
  await admin.unsafe(`DROP DATABASE ${tpl} WITH (FORCE)`);
  await admin.end();
}
