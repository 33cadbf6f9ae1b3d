import { sql } from 'kysely';
import type { Database } from '../database';

/** The health check's round trip: resolves when the database answers. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
