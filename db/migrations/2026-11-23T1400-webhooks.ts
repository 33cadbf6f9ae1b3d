import { sql, type Kysely } from 'kysely';

/**
 * Webhooks (issue 13 point 6, decision 0133): endpoints per account, a transactional outbox of
 * messages written in the same transaction as the change, and one delivery row per (message,
 * endpoint) that the worker claims with FOR UPDATE SKIP LOCKED.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on today's DB type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE webhook_endpoint (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      url text NOT NULL CHECK (char_length(url) BETWEEN 8 AND 2000),
      description text CHECK (char_length(description) <= 100),
      events text[] NOT NULL,
      secret_enc text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      disabled_reason text,
      failing_since timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoint_account ON webhook_endpoint (account_id)`.execute(db);
  await sql`
    CREATE TABLE webhook_message (
      id text PRIMARY KEY,
      account_id integer NOT NULL REFERENCES account (id) ON DELETE CASCADE,
      event_type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_delivery (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      message_id text NOT NULL REFERENCES webhook_message (id) ON DELETE CASCADE,
      endpoint_id integer NOT NULL REFERENCES webhook_endpoint (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_status integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The worker's claim: due pending deliveries, oldest first.
  await sql`CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE status = 'pending'`.execute(db);
  await sql`CREATE INDEX webhook_delivery_endpoint ON webhook_delivery (endpoint_id, id DESC)`.execute(db);
  await sql`CREATE INDEX webhook_delivery_message ON webhook_delivery (message_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['webhook_delivery', 'webhook_message', 'webhook_endpoint']) await sql`DROP TABLE IF EXISTS ${sql.table(t)}`.execute(db);
}
