import { WEBHOOK_EVENT_DATA, webhookBodySchema } from '../../shared/schemas/webhooks';
import { toJsonSchema } from './openapi-schema';

/* The webhooks section of the OpenAPI document: one operation per event, with the Standard Webhooks signing headers (split from openapi.ts, issue 39 §1). */
export const SIGNING_HEADERS = [
  {
    name: 'webhook-id',
    description: 'The message id; the same on every retry of one message — de-duplicate on it (delivery is at least once)',
    schema: { type: 'string', pattern: '^msg_' },
  },
  { name: 'webhook-timestamp', description: 'Unix seconds of this attempt; refuse values far from your clock (replay protection)', schema: { type: 'string', pattern: '^\\d+$' } },
  {
    name: 'webhook-signature',
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (Standard Webhooks)',
    schema: { type: 'string', pattern: '^v1,' },
  },
];

/**
 * OpenAPI 3.1 `webhooks` (issue 19 point 3): what each event POSTs to a registered endpoint, from
 * the same zod schemas (src/shared/schemas/webhooks.ts) that tests/api/webhooks.test.ts holds the
 * real deliveries to.
 */
export function webhookOperations(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const type of Object.keys(WEBHOOK_EVENT_DATA) as Array<keyof typeof WEBHOOK_EVENT_DATA>) {
    out[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        summary: `The ${type} event`,
        tags: ['webhooks'],
        security: [],
        parameters: SIGNING_HEADERS.map((h) => ({ ...h, in: 'header', required: true })),
        requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(webhookBodySchema(type), 'output') } } },
        responses: {
          '2XX': { description: 'Received. Answer within 10 s; anything else (or no answer) is retried with the same webhook-id.' },
        },
      },
    };
  }
  return out;
}
