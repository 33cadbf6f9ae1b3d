import { z } from 'zod';
import { errorToken } from '../error-tokens';
import { bool, id } from '../fields';
import { ZIgnoredAccountId } from './master-data';

/** Events a webhook endpoint can subscribe to (issue 13 point 6). */
export const WEBHOOK_EVENTS = [
  'worksheet.created',
  'worksheet.updated',
  'worksheet.deleted',
  'worksheet.approved',
  'worksheet.unapproved',
  'worksheet.returned',
  'worksheet.submitted',
  'worksheet.exported',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "send test event"; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_MAX_ENDPOINTS = 10;

export const WH_ERR = {
  url: errorToken('WEBHOOK_URL'),
  privateAddress: errorToken('WEBHOOK_PRIVATE_ADDRESS'),
  unresolvable: errorToken('WEBHOOK_UNRESOLVABLE'),
  tooMany: errorToken('WEBHOOK_TOO_MANY', { max: WEBHOOK_MAX_ENDPOINTS }),
  events: errorToken('WEBHOOK_EVENTS'),
} as const;

const url = () =>
  z
    .string({ error: errorToken('REQUIRED') })
    .trim()
    .min(1, errorToken('REQUIRED'))
    .max(2000)
    .refine((u) => {
      try {
        const p = new URL(u);
        return (p.protocol === 'https:' || p.protocol === 'http:') && !p.username && !p.password;
      } catch {
        return false;
      }
    }, WH_ERR.url)
    .meta({ format: 'uri' });

const events = () => z.array(z.enum(WEBHOOK_EVENTS)).min(1, WH_ERR.events).max(WEBHOOK_EVENTS.length);
const description = () =>
  z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZWebhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** Answer of create and rotate: the signing secret, shown this once. */
export const ZWebhookEndpointWithSecret = ZWebhookEndpoint.extend({ secret: z.string() });
/**
 * Answer of create: the signing secret, shown this once. A replay of the create (same
 * Idempotency-Key) answers the endpoint without it: secrets are never stored for replays (decision 0191).
 */
export const ZWebhookEndpointCreated = ZWebhookEndpoint.extend({
  secret: z
    .string()
    .optional()
    .describe('The signing secret (whsec_…), shown this once. Absent when the answer is an Idempotency-Key replay: rotate the secret if the first answer was lost.'),
});

export const ZCreateWebhookInput = z.object({ accountId: ZIgnoredAccountId, url: url(), description: description(), events: events() });
export type TCreateWebhookInput = z.input<typeof ZCreateWebhookInput>;
export const ZUpdateWebhookInput = z.object({
  id: id(),
  accountId: ZIgnoredAccountId,
  url: url().optional(),
  description: description(),
  events: events().optional(),
  enabled: bool().optional(),
});
export type TUpdateWebhookInput = z.input<typeof ZUpdateWebhookInput>;
export const ZWebhookIdInput = z.object({ id: id(), accountId: ZIgnoredAccountId });
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const DELIVERIES_PAGE_DEFAULT = 50;
export const DELIVERIES_PAGE_MAX = 200;

/** GET /api/webhooks/deliveries: newest first, paged like the other lists (issue 19 point 3). */
export const ZWebhookDeliveriesInput = z.object({
  endpointId: id().optional().describe('Only the deliveries of this endpoint'),
  eventType: z
    .enum([...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT])
    .optional()
    .describe('Only deliveries of this event type'),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional().describe('Only deliveries in this state'),
  cursor: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, errorToken('INVALID_CURSOR'))
    .refine((v) => Number(v) <= 2147483647, errorToken('INVALID_CURSOR'))
    .optional()
    .describe('Opaque cursor of the next page, as given by the previous page (Link header rel="next")'),
  limit: z
    .preprocess((v) => (v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().min(1).max(DELIVERIES_PAGE_MAX).optional())
    .describe(`Deliveries per page, ${DELIVERIES_PAGE_DEFAULT} by default, at most ${DELIVERIES_PAGE_MAX}`),
});
export type TWebhookDeliveriesInput = z.output<typeof ZWebhookDeliveriesInput>;

export const ZWebhookDelivery = z.object({
  id: z.number(),
  messageId: z.string(),
  endpointId: z.number(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** One page of deliveries (tRPC); REST sends `rows` as the body and the next page as a Link header. */
export const ZWebhookDeliveryPage = z.object({ rows: z.array(ZWebhookDelivery), nextCursor: z.string().nullable() });
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;

// ---------------------------------------------------------------------------------------------
// What a receiver gets (issue 19 point 3): the worker builds every delivery body from these, and
// /api/openapi.json documents them under `webhooks` — one schema, two readers.

/** worksheet.created / updated / deleted / approved / unapproved: thin, re-read the record. */
export const ZWorksheetEventData = z.object({
  id: z.number().int().describe('The worksheet record; GET /api/worksheet/{id}'),
  by: z.string().describe('Username of who made the change (or "api" for the API key)'),
});
/** worksheet.exported: one per export, listing the ids that export marked. */
export const ZExportedEventData = z.object({
  ids: z.array(z.number().int()).describe('The records this export marked as exported'),
  count: z.number().int().describe('How many ids'),
  by: z.string().describe('Username of who exported'),
  batchId: z.number().int().nullable().describe('The export batch (GET /api/export/batch/{id}); null for an export that marked nothing into a batch'),
});
/** webhook.test: sent only by "Send test event" to one endpoint. */
export const ZTestEventData = z.object({ test: z.literal(true), endpointId: z.number().int(), by: z.string() });

export const WEBHOOK_EVENT_DATA = {
  'worksheet.created': ZWorksheetEventData,
  'worksheet.updated': ZWorksheetEventData,
  'worksheet.deleted': ZWorksheetEventData,
  'worksheet.approved': ZWorksheetEventData,
  'worksheet.unapproved': ZWorksheetEventData,
  'worksheet.returned': ZWorksheetEventData,
  'worksheet.submitted': ZWorksheetEventData,
  'worksheet.exported': ZExportedEventData,
  [WEBHOOK_TEST_EVENT]: ZTestEventData,
} as const;

/** The JSON body of every delivery: `{ type, timestamp, data }`, signed per Standard Webhooks. */
export function webhookBodySchema<T extends keyof typeof WEBHOOK_EVENT_DATA>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: z.string().describe('When the event happened (ISO 8601, UTC)'),
    data: WEBHOOK_EVENT_DATA[type],
  });
}
export interface TWebhookBody {
  type: string;
  timestamp: string;
  data: unknown;
}
