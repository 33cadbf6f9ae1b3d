import { sql, type Kysely } from 'kysely';

/**
 * Substring search for the entry form's autocompletes (GET /api/<x>/search?q=): `ILIKE '%q%'` on
 * the code/number and the description/name. A B-tree cannot serve a pattern that starts with a
 * wildcard; pg_trgm's GIN indexes can (20 000 items: a sequential ILIKE scan ~15–70 ms, the
 * trigram bitmap scan < 1 ms for selective queries). pg_trgm is a trusted extension of every
 * PostgreSQL ≥ 13. Where it is not available (PGlite without the extension loaded, or a role
 * without CREATE on the database) the migration leaves the indexes out and search still works,
 * by a sequential scan.
 * fastupdate is off: with GIN's pending list, rows inserted by a sync burst sit unindexed until the
 * next (auto)vacuum, and the planner then falls back to the sequential scan (measured: 20 000
 * fresh items, 20–30 ms instead of 0.1 ms). Inserting directly costs a little more per row.
 */
const TRIGRAM_COLUMNS: Array<[table: string, column: string]> = [
  ['item', 'no'],
  ['item', 'description'],
  ['resource', 'no'],
  ['resource', 'description'],
  ['customer', 'no'],
  ['customer', 'name'],
  ['job', 'code'],
  ['job', 'description'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  // In a plpgsql block, so a refusal is caught in a subtransaction and the migration goes on.
  await sql`
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
      END IF;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not installed: %', SQLERRM;
    END
    $$`.execute(db);
  const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok FROM pg_extension WHERE extname = 'pg_trgm'`.execute(db);
  if (rows.length === 0) return;
  for (const [table, column] of TRIGRAM_COLUMNS) {
    await sql`CREATE INDEX IF NOT EXISTS ${sql.raw(`${table}_${column}_trgm_idx`)} ON ${sql.table(table)} USING gin (${sql.ref(column)} gin_trgm_ops) WITH (fastupdate = off)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of TRIGRAM_COLUMNS) {
    await sql`DROP INDEX IF EXISTS ${sql.raw(`${table}_${column}_trgm_idx`)}`.execute(db);
  }
}
