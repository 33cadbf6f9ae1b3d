import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/database';
import type { DB } from '../../../db/types';
import type { SqlExec } from '../../../db/queries/sql-text';
import {
  countEndpoints,
  deleteEndpoint,
  enqueueExported,
  enqueueToEndpoint,
  enqueueMessage,
  enqueueMessages,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  updateEndpoint,
} from '../../../db/queries/webhooks';
import { ERR } from '../../shared/errors';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  WH_ERR,
  DELIVERIES_PAGE_DEFAULT,
  type TWebhookDeliveriesInput,
  type TWebhookDeliveryPage,
  type TWebhookEndpoint,
  type WebhookEvent,
  ZCreateWebhookInput,
  ZUpdateWebhookInput,
} from '../../shared/schemas/webhooks';
import { decrypt, encrypt } from '../auth/secret';
import type { Actor } from '../context';
import { AppError, fieldError } from '../errors';
import { EgressRefused, systemResolver, vetHost, type HostResolver } from '../webhooks/egress';
import type { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Events: one-line calls from the worksheet and export services, inside their transactions.

/** worksheet.created/updated/deleted/approved/unapproved: a thin event (id + who); the record is at GET /api/worksheet/{id}. */
export async function emitWorksheetEvent(trx: Transaction<DB>, actor: Actor, type: Exclude<WebhookEvent, 'worksheet.exported'>, worksheetId: number): Promise<void> {
  await enqueueMessage(trx, actor.accountId, type, { id: worksheetId, by: actor.username });
}

/** The same event for many entries (issue 23 §2 bulk approve): one message per entry, one statement. */
export async function emitWorksheetEvents(trx: Transaction<DB>, actor: Actor, type: Exclude<WebhookEvent, 'worksheet.exported'>, worksheetIds: readonly number[]): Promise<void> {
  await enqueueMessages(
    trx,
    actor.accountId,
    type,
    worksheetIds.map((id) => ({ id, by: actor.username })),
  );
}

/** worksheet.exported: one event per export listing the ids this transaction marked (`exec` of the export's ExportStore). */
export async function emitExportedEvent(exec: SqlExec, accountId: number, by: string, batchId: number | null = null): Promise<void> {
  await enqueueExported(exec, accountId, by, batchId);
}

// ---------------------------------------------------------------------------------------------
// SSRF guard

/**
 * Refuses URLs whose host resolves to an address outside public unicast (src/server/webhooks/egress.ts,
 * decision 0190). This is the check on save, so the admin hears about it at once; the one that
 * protects is the worker's, made on the address it connects to.
 */
export async function assertPublicUrl(url: string, resolve: HostResolver = systemResolver, field = 'url'): Promise<void> {
  try {
    await vetHost(new URL(url).hostname, resolve);
  } catch (error) {
    if (error instanceof EgressRefused) throw fieldError(field, error.kind === 'unresolvable' ? WH_ERR.unresolvable : WH_ERR.privateAddress);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Endpoints (admin or the API key)

/** Standard Webhooks secrets: `whsec_` + base64 of 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

type EndpointRow = Awaited<ReturnType<typeof listEndpoints>>[number];
const toEndpoint = (r: EndpointRow): TWebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  failingSince: r.failingSince?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', ERR.notFound);

export async function listWebhookEndpoints(db: Database, actor: Actor): Promise<TWebhookEndpoint[]> {
  return (await listEndpoints(db, actor.accountId)).map(toEndpoint);
}

export async function createWebhookEndpoint(db: Database, appSecret: string, actor: Actor, input: z.output<typeof ZCreateWebhookInput>, resolve?: HostResolver) {
  await assertPublicUrl(input.url, resolve);
  if (Number((await countEndpoints(db, actor.accountId)).n) >= WEBHOOK_MAX_ENDPOINTS) throw new AppError('CONFLICT', WH_ERR.tooMany);
  const secret = newSecret();
  const row = await insertEndpoint(db, {
    accountId: actor.accountId,
    url: input.url,
    description: input.description,
    events: [...new Set(input.events)],
    secretEnc: encrypt(appSecret, secret),
  });
  return { ...toEndpoint(row), secret };
}

export async function updateWebhookEndpoint(db: Database, actor: Actor, input: z.output<typeof ZUpdateWebhookInput>, resolve?: HostResolver): Promise<TWebhookEndpoint> {
  if (input.url !== undefined) await assertPublicUrl(input.url, resolve);
  const row = await updateEndpoint(db, actor.accountId, input.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  });
  if (!row) throw notFound();
  return toEndpoint(row);
}

export async function deleteWebhookEndpoint(db: Database, actor: Actor, id: number): Promise<void> {
  if (!(await deleteEndpoint(db, actor.accountId, id))) throw notFound();
}

/** A new secret at once (the old one stops signing); shown this once. */
export async function rotateWebhookSecret(db: Database, appSecret: string, actor: Actor, id: number) {
  const secret = newSecret();
  const row = await updateEndpoint(db, actor.accountId, id, { secretEnc: encrypt(appSecret, secret) });
  if (!row) throw notFound();
  return { ...toEndpoint(row), secret };
}

export async function webhookDeliveries(db: Database, actor: Actor, input: TWebhookDeliveriesInput): Promise<TWebhookDeliveryPage> {
  // A list: an unknown endpointId answers [] like every other list filter (the account filter keeps others' rows out).
  const limit = input.limit ?? DELIVERIES_PAGE_DEFAULT;
  const rows = await listDeliveries(
    db,
    actor.accountId,
    { endpointId: input.endpointId, eventType: input.eventType, status: input.status, beforeId: input.cursor ? Number(input.cursor) : undefined },
    limit + 1,
  );
  const page = rows
    .slice(0, limit)
    .map((r) => ({ ...r, nextAttemptAt: r.nextAttemptAt.toISOString(), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
  return { rows: page, nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

export async function resendWebhookDelivery(db: Database, actor: Actor, id: number): Promise<void> {
  if (!(await resendDelivery(db, actor.accountId, id))) throw notFound();
}

/** "Send test event": a webhook.test message to this endpoint only (even if disabled it is not sent). */
export async function sendTestWebhook(db: Database, actor: Actor, id: number): Promise<{ messageId: string }> {
  const endpoint = await findEndpoint(db, actor.accountId, id);
  if (!endpoint) throw notFound();
  if (!endpoint.enabled) throw new AppError('CONFLICT', { code: 'WEBHOOK_DISABLED', params: {} });
  // The test event is not subscribable, so it is enqueued for this endpoint directly.
  const messageId = await enqueueToEndpoint(db, actor.accountId, id, WEBHOOK_TEST_EVENT, { test: true, endpointId: id, by: actor.username });
  if (!messageId) throw notFound();
  return { messageId };
}

/** The plain secret of an endpoint, for signing. */
export function endpointSecret(appSecret: string, secretEnc: string): string | null {
  return decrypt(appSecret, secretEnc);
}
