import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 §2 (decision 0190): the worker claims due deliveries per endpoint (a few in flight per
 * endpoint, round robin across accounts), so it reads each enabled endpoint's oldest pending
 * deliveries; this index serves that look-up instead of the global due index.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS webhook_delivery_endpoint_due ON webhook_delivery (endpoint_id, next_attempt_at, id) WHERE status = 'pending'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS webhook_delivery_endpoint_due`.execute(db);
}
