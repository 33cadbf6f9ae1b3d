import { sql } from 'kysely';
import type { Database } from '../database';

/**
 * The webhook outbox for /metrics (decision 0195), read at scrape time from the partial index on
 * pending deliveries: how many are waiting, how many are due now, and how long the oldest due one
 * has waited past its time (the worker's lag; 0 when nothing is due).
 */
export async function webhookOutbox(db: Database): Promise<{ pending: number; due: number; oldestDueSeconds: number }> {
  const { rows } = await sql<{ pending: number; due: number; oldestDueSeconds: number | null }>`
    SELECT count(*)::int AS pending,
           (count(*) FILTER (WHERE next_attempt_at <= now()))::int AS due,
           extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS oldest_due_seconds
      FROM webhook_delivery
     WHERE status = 'pending'`.execute(db);
  const r = rows[0];
  return { pending: r?.pending ?? 0, due: r?.due ?? 0, oldestDueSeconds: Math.max(0, r?.oldestDueSeconds ?? 0) };
}
