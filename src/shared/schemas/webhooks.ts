import { z } from 'zod';
import { errorText } from '../error-codes';
import { bool, id } from '../fields';
import { ZIgnoredAccountId } from './master-data';

/** Events a webhook endpoint can subscribe to (issue 13 point 6). */
export const WEBHOOK_EVENTS = ['worksheet.created', 'worksheet.updated', 'worksheet.deleted', 'worksheet.approved', 'worksheet.unapproved', 'worksheet.exported'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "send test event"; not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const WEBHOOK_MAX_ENDPOINTS = 10;

export const WH_ERR = {
  url: errorText('WEBHOOK_URL'),
  privateAddress: errorText('WEBHOOK_PRIVATE_ADDRESS'),
  unresolvable: errorText('WEBHOOK_UNRESOLVABLE'),
  tooMany: errorText('WEBHOOK_TOO_MANY', { max: WEBHOOK_MAX_ENDPOINTS }),
  events: errorText('WEBHOOK_EVENTS'),
} as const;

const url = () =>
  z
    .string({ error: 'Field is required' })
    .trim()
    .min(1, 'Field is required')
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
const description = () => z.string().trim().max(100).nullish().transform((v) => (v ? v : null));

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
  secret: z.string().optional().describe('The signing secret (whsec_…), shown this once. Absent when the answer is an Idempotency-Key replay: rotate the secret if the first answer was lost.'),
});

export const ZCreateWebhookInput = z.object({ accountId: ZIgnoredAccountId, url: url(), description: description(), events: events() });
export type TCreateWebhookInput = z.input<typeof ZCreateWebhookInput>;
export const ZUpdateWebhookInput = z.object({ id: id(), accountId: ZIgnoredAccountId, url: url().optional(), description: description(), events: events().optional(), enabled: bool().optional() });
export type TUpdateWebhookInput = z.input<typeof ZUpdateWebhookInput>;
export const ZWebhookIdInput = z.object({ id: id(), accountId: ZIgnoredAccountId });
export const ZWebhookDeliveriesInput = z.object({ endpointId: id().optional() });

export const ZWebhookDelivery = z.object({
  id: z.number(),
  messageId: z.string(),
  endpointId: z.number(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number(),
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
