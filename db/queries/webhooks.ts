import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import type { SqlExec } from './sql-text';
import type { DB } from '../types';

type Db = Database | Transaction<DB>;

export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`;

/**
 * The outbox write (decision 0133): one message and one delivery per enabled endpoint of the
 * account that subscribed to the event — in the caller's transaction, so a rolled-back change
 * sends nothing. Without a subscribed endpoint nothing is written (one indexed look-up).
 */
export async function enqueueMessage(trx: Db, accountId: number, eventType: string, payload: unknown, onlyEndpointId?: number): Promise<string | null> {
  const id = newMessageId();
  const r = await sql<{ id: string }>`
    WITH e AS (
      SELECT id FROM webhook_endpoint
      WHERE account_id = ${accountId} AND enabled AND ${eventType} = ANY (events)
        AND (${onlyEndpointId ?? null}::integer IS NULL OR id = ${onlyEndpointId ?? null}::integer)
    ), m AS (
      INSERT INTO webhook_message (id, account_id, event_type, payload)
      SELECT ${id}, ${accountId}, ${eventType}, ${JSON.stringify(payload)}::text::jsonb WHERE EXISTS (SELECT 1 FROM e)
      RETURNING id
    )
    INSERT INTO webhook_delivery (message_id, endpoint_id) SELECT m.id, e.id FROM m CROSS JOIN e
    RETURNING message_id AS id`.execute(trx);
  return r.rows[0]?.id ?? null;
}

/**
 * A message of an event the endpoint need not have subscribed (the "send test event"): the event
 * is added to the endpoint's list for the enqueue and removed again, in one transaction.
 */
export async function enqueueToEndpoint(db: Database, accountId: number, endpointId: number, eventType: string, payload: unknown): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhookEndpoint')
      .set((eb) => ({ events: eb.fn<string[]>('array_append', [eb.ref('events'), eb.val(eventType)]) }))
      .where('id', '=', endpointId)
      .execute();
    const id = await enqueueMessage(trx, accountId, eventType, payload, endpointId);
    await trx
      .updateTable('webhookEndpoint')
      .set((eb) => ({ events: eb.fn<string[]>('array_remove', [eb.ref('events'), eb.val(eventType)]) }))
      .where('id', '=', endpointId)
      .execute();
    return id;
  });
}

/**
 * enqueueMessage for many payloads of one event type in one statement (issue 23 §2: a bulk approve
 * sends one `worksheet.approved` per entry, as the single toggle does). Nothing is written without a
 * subscribed endpoint.
 */
export async function enqueueMessages(trx: Db, accountId: number, eventType: string, payloads: readonly unknown[]): Promise<void> {
  if (payloads.length === 0) return;
  const ids = payloads.map(() => newMessageId());
  const bodies = payloads.map((p) => JSON.stringify(p));
  await sql`
    WITH e AS (
      SELECT id FROM webhook_endpoint
      WHERE account_id = ${accountId} AND enabled AND ${eventType} = ANY (events)
    ), m AS (
      INSERT INTO webhook_message (id, account_id, event_type, payload)
      SELECT x.id, ${accountId}, ${eventType}, x.body::jsonb
      FROM unnest(${ids}::text[], ${bodies}::text[]) WITH ORDINALITY AS x(id, body, n)
      WHERE EXISTS (SELECT 1 FROM e)
      ORDER BY x.n
      RETURNING id
    )
    INSERT INTO webhook_delivery (message_id, endpoint_id) SELECT m.id, e.id FROM m CROSS JOIN e`.execute(trx);
}

/**
 * worksheet.exported, one message per export listing the ids this transaction marked: the export
 * writes one history row per marked record, all stamped with the transaction's now(). `batchId`
 * is the export batch of the marking (issue 24), null for none.
 */
const EXPORTED_SQL = `
  WITH e AS (
    SELECT id FROM webhook_endpoint WHERE account_id = $1 AND enabled AND 'worksheet.exported' = ANY (events)
  ), ids AS (
    SELECT array_agg(worksheet_id ORDER BY worksheet_id) AS ids FROM worksheet_history
    WHERE account_id = $1 AND action = 'export' AND at = now() AND EXISTS (SELECT 1 FROM e)
  ), m AS (
    INSERT INTO webhook_message (id, account_id, event_type, payload)
    SELECT $2, $1, 'worksheet.exported', jsonb_build_object('ids', to_jsonb(ids), 'count', cardinality(ids), 'by', $3::text, 'batchId', $4::integer)
    FROM ids WHERE ids IS NOT NULL
    RETURNING id
  )
  INSERT INTO webhook_delivery (message_id, endpoint_id) SELECT m.id, e.id FROM m CROSS JOIN e`;

/** Runs in the export's transaction (db/export-store.ts `exec`), whichever driver it is on; parameters bound. */
export async function enqueueExported(exec: SqlExec, accountId: number, by: string, batchId: number | null = null): Promise<void> {
  await exec(EXPORTED_SQL, [accountId, newMessageId(), by, batchId]);
}

// ---------------------------------------------------------------------------------------------
// Endpoints

const ENDPOINT_COLUMNS = ['id', 'url', 'description', 'events', 'enabled', 'disabledReason', 'failingSince', 'createdAt', 'updatedAt'] as const;

export function listEndpoints(db: Db, accountId: number) {
  return db.selectFrom('webhookEndpoint').select(ENDPOINT_COLUMNS).where('accountId', '=', accountId).orderBy('id').execute();
}

export function findEndpoint(db: Db, accountId: number, id: number) {
  return db
    .selectFrom('webhookEndpoint')
    .select([...ENDPOINT_COLUMNS, 'secretEnc'])
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function countEndpoints(db: Db, accountId: number) {
  return db
    .selectFrom('webhookEndpoint')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('accountId', '=', accountId)
    .executeTakeFirstOrThrow();
}

export function insertEndpoint(db: Db, row: { accountId: number; url: string; description: string | null; events: string[]; secretEnc: string }) {
  return db.insertInto('webhookEndpoint').values(row).returning(ENDPOINT_COLUMNS).executeTakeFirstOrThrow();
}

export function updateEndpoint(
  db: Db,
  accountId: number,
  id: number,
  set: { url?: string; description?: string | null; events?: string[]; enabled?: boolean; secretEnc?: string },
) {
  const enabling = set.enabled === true ? { disabledReason: null, failingSince: null } : {};
  return db
    .updateTable('webhookEndpoint')
    .set({ ...set, ...enabling, updatedAt: sql<Date>`now()` })
    .where('accountId', '=', accountId)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

/**
 * Its deliveries first, then the endpoint, in one transaction. A delivery's outcome
 * (recordSuccess/recordFailure) locks the delivery and then its endpoint; the cascade alone would
 * lock the endpoint and then the deliveries, and a delete during an attempt in flight could
 * deadlock with it (seen in CI). In the same order the delete waits for that attempt instead.
 */
export async function deleteEndpoint(db: Database, accountId: number, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const own = trx.selectFrom('webhookEndpoint').select('id').where('accountId', '=', accountId).where('id', '=', id);
    await trx.deleteFrom('webhookDelivery').where('endpointId', 'in', own).execute();
    const r = await trx.deleteFrom('webhookEndpoint').where('accountId', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  });
}

// ---------------------------------------------------------------------------------------------
// Deliveries

/** A page of an account's deliveries, newest first (keyset on id); `limit + 1` rows tell whether more follow. */
export function listDeliveries(db: Db, accountId: number, filter: { endpointId?: number; eventType?: string; status?: string; beforeId?: number }, limit: number) {
  let q = db
    .selectFrom('webhookDelivery as d')
    .innerJoin('webhookMessage as m', 'm.id', 'd.messageId')
    .select(['d.id', 'd.messageId', 'd.endpointId', 'm.eventType', 'd.status', 'd.attempts', 'd.lastStatus', 'd.lastError', 'd.nextAttemptAt', 'd.createdAt', 'd.updatedAt'])
    .where('m.accountId', '=', accountId)
    .orderBy('d.id', 'desc')
    .limit(limit);
  if (filter.endpointId !== undefined) q = q.where('d.endpointId', '=', filter.endpointId);
  if (filter.eventType !== undefined) q = q.where('m.eventType', '=', filter.eventType);
  if (filter.status !== undefined) q = q.where('d.status', '=', filter.status as 'pending');
  if (filter.beforeId !== undefined) q = q.where('d.id', '<', filter.beforeId);
  return q.execute();
}

/** Resend: the same message (same webhook-id) is due again now. */
export async function resendDelivery(db: Db, accountId: number, id: number): Promise<boolean> {
  const r = await db
    .updateTable('webhookDelivery')
    .set({ status: 'pending', nextAttemptAt: sql<Date>`now()`, lockedUntil: null, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('messageId', 'in', (eb) => eb.selectFrom('webhookMessage').select('webhookMessage.id').where('webhookMessage.accountId', '=', accountId))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface ClaimedDelivery {
  id: number;
  attempts: number;
  messageId: string;
  eventType: string;
  payload: unknown;
  messageCreatedAt: Date;
  endpointId: number;
  accountId: number;
  url: string;
  secretEnc: string;
  failingSince: Date | null;
}

export interface ClaimLimits {
  /** At most this many deliveries in all (the caller's free slots). */
  limit: number;
  /** Deliveries in flight per endpoint, across every instance (leased rows count). */
  perEndpoint: number;
  /** Deliveries in flight per account, across every instance. */
  perAccount: number;
  /** Lease: the row is this instance's for this long. */
  lockSeconds: number;
}

/**
 * Claims due deliveries fairly (issue 21 §2, decision 0190), for `lockSeconds` (a lease in
 * `locked_until`; FOR UPDATE SKIP LOCKED: several instances never take the same row). An
 * endpoint gets at most `perEndpoint` deliveries in flight and an account at most `perAccount`,
 * counting the leases every instance holds (claims of one endpoint are serialised across
 * instances, see below), so a receiver that never answers ties up its own slots only. Among the candidates each account gets its first delivery before any account its
 * second (round robin by rank within the account), oldest first. The HTTP calls then run outside
 * any transaction.
 */
export async function claimDue(db: Database, l: ClaimLimits): Promise<ClaimedDelivery[]> {
  // Two statements in one transaction: first lock the enabled endpoints (SKIP LOCKED: another
  // instance's claim in progress holds them, and this one takes none of theirs), then count the
  // leases and claim in a statement whose snapshot comes after that lock — so every lease an
  // earlier claim of these endpoints took is committed and counted. One statement alone would
  // count from a snapshot taken before a concurrent claim committed, and two instances could each
  // take an endpoint's two slots. NO KEY UPDATE does not block the outbox's inserts (their foreign
  // key check takes KEY SHARE).
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ id: number }>`SELECT id FROM webhook_endpoint WHERE enabled FOR NO KEY UPDATE SKIP LOCKED`.execute(trx);
    if (locked.rows.length === 0) return [];
    const ids = sql.join(locked.rows.map((r) => sql`${r.id}::int`));
    const r = await sql<ClaimedDelivery>`
      WITH busy AS (
        SELECT endpoint_id, count(*)::int AS n FROM webhook_delivery
        WHERE status = 'pending' AND locked_until > now()
        GROUP BY endpoint_id
      ), account_busy AS (
        SELECT e.account_id, sum(b.n)::int AS n FROM busy b JOIN webhook_endpoint e ON e.id = b.endpoint_id GROUP BY e.account_id
      ), open_endpoint AS (
        SELECT e.id, e.account_id, ${l.perEndpoint}::int - coalesce(b.n, 0) AS free, ${l.perAccount}::int - coalesce(ab.n, 0) AS account_free
        FROM webhook_endpoint e LEFT JOIN busy b ON b.endpoint_id = e.id LEFT JOIN account_busy ab ON ab.account_id = e.account_id
        WHERE e.id IN (${ids})
      ), candidate AS (
        SELECT x.id, x.next_attempt_at, o.account_id, o.account_free
        FROM open_endpoint o
        CROSS JOIN LATERAL (
          SELECT d.id, d.next_attempt_at FROM webhook_delivery d
          WHERE d.endpoint_id = o.id AND d.status = 'pending' AND d.next_attempt_at <= now()
            AND (d.locked_until IS NULL OR d.locked_until < now())
          ORDER BY d.next_attempt_at, d.id
          LIMIT greatest(o.free, 0)
          FOR UPDATE SKIP LOCKED
        ) x
        WHERE o.free > 0 AND o.account_free > 0
      ), ranked AS (
        SELECT id, next_attempt_at, account_free, row_number() OVER (PARTITION BY account_id ORDER BY next_attempt_at, id) AS turn
        FROM candidate
      ), pick AS (
        SELECT id FROM ranked WHERE turn <= account_free ORDER BY turn, next_attempt_at, id LIMIT ${l.limit}
      ), c AS (
        UPDATE webhook_delivery d SET locked_until = now() + make_interval(secs => ${l.lockSeconds})
        FROM pick WHERE d.id = pick.id
        RETURNING d.id, d.attempts, d.message_id, d.endpoint_id
      )
      SELECT c.id, c.attempts, c.message_id, m.event_type, m.payload, m.created_at AS message_created_at,
             e.id AS endpoint_id, e.account_id, e.url, e.secret_enc, e.failing_since
      FROM c JOIN webhook_message m ON m.id = c.message_id JOIN webhook_endpoint e ON e.id = c.endpoint_id
      ORDER BY c.id`.execute(trx);
    return r.rows;
  });
}

export async function recordSuccess(db: Database, d: ClaimedDelivery, status: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhookDelivery')
      .set({ status: 'succeeded', attempts: d.attempts + 1, lastStatus: status, lastError: null, lockedUntil: null, updatedAt: sql<Date>`now()` })
      .where('id', '=', d.id)
      .execute();
    await trx.updateTable('webhookEndpoint').set({ failingSince: null }).where('id', '=', d.endpointId).where('failingSince', 'is not', null).execute();
  });
}

/**
 * A failed attempt: due again at `retryAt`, or 'failed' when the schedule is used up. An endpoint
 * that has been failing for `disableAfterSeconds` is disabled (its pending deliveries stay, and go
 * out if an admin enables it again).
 */
export async function recordFailure(db: Database, d: ClaimedDelivery, status: number | null, error: string, retryAt: Date | null, disableAfterSeconds: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('webhookDelivery')
      .set({
        status: retryAt ? 'pending' : 'failed',
        attempts: d.attempts + 1,
        lastStatus: status,
        lastError: error.slice(0, 500),
        nextAttemptAt: retryAt ?? sql<Date>`now()`,
        lockedUntil: null,
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', d.id)
      .execute();
    await trx
      .updateTable('webhookEndpoint')
      .set({ failingSince: sql<Date>`now()` })
      .where('id', '=', d.endpointId)
      .where('failingSince', 'is', null)
      .execute();
    await trx
      .updateTable('webhookEndpoint')
      .set({ enabled: false, disabledReason: 'Failing for more than 24 hours' })
      .where('id', '=', d.endpointId)
      .where('enabled', '=', true)
      .where('failingSince', '<', sql<Date>`now() - make_interval(secs => ${disableAfterSeconds})`)
      .execute();
  });
}
