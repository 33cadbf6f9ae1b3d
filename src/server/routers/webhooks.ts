import { z } from 'zod';
import {
  ZCreateWebhookInput,
  ZUpdateWebhookInput,
  ZWebhookDeliveriesInput,
  ZWebhookDeliveryPage,
  ZWebhookEndpoint,
  ZWebhookEndpointCreated,
  ZWebhookEndpointWithSecret,
  ZWebhookIdInput,
} from '../../shared/schemas/webhooks';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
  webhookDeliveries,
} from '../services/webhooks';
import { adminProcedure, router } from '../trpc';

const tags = ['webhooks'];

/** Webhook endpoints and their deliveries (issue 13 point 6). Admin or the API key. */
export const webhooksRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/webhooks' }, summary: 'The account’s webhook endpoints (never their secrets)', tags })
    .output(z.array(ZWebhookEndpoint))
    .query(({ ctx }) => listWebhookEndpoints(ctx.db, ctx.actor)),

  create: adminProcedure
    .meta({
      rest: { method: 'POST', path: '/api/webhooks', status: 201, secretFields: ['secret'] },
      summary: 'Add an endpoint; answers its signing secret, shown this once',
      description:
        'A replay of this create with the same `Idempotency-Key` answers the endpoint without `secret`: secrets are never kept for replays. Rotate the secret if the first answer was lost.',
      tags,
    })
    .input(ZCreateWebhookInput)
    .output(ZWebhookEndpointCreated)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.db, ctx.secret, ctx.actor, input, ctx.resolveHost)),

  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/webhooks' }, summary: 'Change URL, description, events, or enable/disable', tags })
    .input(ZUpdateWebhookInput)
    .output(ZWebhookEndpoint)
    .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx.db, ctx.actor, input, ctx.resolveHost)),

  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/webhooks', status: 204 }, summary: 'Delete an endpoint and its deliveries', tags })
    .input(ZWebhookIdInput)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.db, ctx.actor, input.id)),

  rotateSecret: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/webhooks/rotate-secret' }, summary: 'A new signing secret at once; answers it, shown this once', tags })
    .input(ZWebhookIdInput)
    .output(ZWebhookEndpointWithSecret)
    .mutation(({ ctx, input }) => rotateWebhookSecret(ctx.db, ctx.secret, ctx.actor, input.id)),

  deliveries: adminProcedure
    .meta({
      rest: { method: 'GET', path: '/api/webhooks/deliveries', paged: true },
      summary: 'Deliveries, newest first, one page at a time; filter by endpoint, event type and status',
      description: [
        'Paged with a keyset cursor like the other lists: the body is an array of deliveries, newest first;',
        'when more follow, the answer has an RFC 8288 header `Link: </api/webhooks/deliveries?…&cursor=…>; rel="next"`.',
        'Request that URI for the next page until an answer has no `Link` header. The filters of the first request are kept in the link.',
      ].join('\n'),
      tags,
    })
    .input(ZWebhookDeliveriesInput)
    .output(ZWebhookDeliveryPage)
    .query(({ ctx, input }) => webhookDeliveries(ctx.db, ctx.actor, input)),

  resend: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/webhooks/resend', status: 204 }, summary: 'Send a delivery again now (same webhook-id)', tags })
    .input(ZWebhookIdInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await resendWebhookDelivery(ctx.db, ctx.actor, input.id);
    }),

  test: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/webhooks/test' }, summary: 'Send a webhook.test event to one endpoint', tags })
    .input(ZWebhookIdInput)
    .output(z.object({ messageId: z.string() }))
    .mutation(({ ctx, input }) => sendTestWebhook(ctx.db, ctx.actor, input.id)),
});
