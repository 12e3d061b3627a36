import {
  addWebhookEndpointInputSchema,
  newWebhookEndpointSchema,
  setWebhookEndpointEnabledInputSchema,
  webhookDeliveriesInputSchema,
  webhookDeliveryIdInputSchema,
  webhookDeliverySchema,
  webhookEndpointIdInputSchema,
  webhookEndpointSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { staffName } from '../orders/adminUpdate.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import {
  addWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  removeWebhookEndpoint,
  sendTestWebhook,
  setWebhookEndpointEnabled,
} from './service.ts';

// Staff-only (not in PUBLIC_PROCEDURES): people, and integration clients (read: the lists; write: the rest).
export const webhooksRouter = router({
  endpoints: procedure
    .output(z.array(webhookEndpointSchema))
    .query(({ ctx }) => listWebhookEndpoints(ctx.shop)),
  add: procedure
    .input(addWebhookEndpointInputSchema)
    .output(newWebhookEndpointSchema)
    .mutation(async ({ ctx, input }) => {
      const by = staffName(requireStaff(ctx));
      const added = await addWebhookEndpoint(ctx.shop, input, by);
      ctx.shop.log.info(
        { endpointId: added.endpoint.endpointId, url: added.endpoint.url, events: added.endpoint.events, by },
        'webhook endpoint added',
      );
      return added;
    }),
  remove: procedure
    .input(webhookEndpointIdInputSchema)
    .output(webhookEndpointSchema)
    .mutation(({ ctx, input }) => {
      const by = staffName(requireStaff(ctx));
      const removed = removeWebhookEndpoint(ctx.shop, input.endpointId);
      ctx.shop.log.info({ endpointId: removed.endpointId, url: removed.url, by }, 'webhook endpoint removed');
      return removed;
    }),
  setEnabled: procedure
    .input(setWebhookEndpointEnabledInputSchema)
    .output(webhookEndpointSchema)
    .mutation(({ ctx, input }) =>
      setWebhookEndpointEnabled(ctx.shop, input.endpointId, input.enabled, staffName(requireStaff(ctx))),
    ),
  deliveries: procedure
    .input(webhookDeliveriesInputSchema)
    .output(z.array(webhookDeliverySchema))
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.shop, input.endpointId, input.limit)),
  redeliver: procedure
    .input(webhookDeliveryIdInputSchema)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => redeliverWebhook(ctx.shop, input.deliveryId)),
  sendTest: procedure
    .input(webhookEndpointIdInputSchema)
    .output(webhookDeliverySchema)
    .mutation(({ ctx, input }) => sendTestWebhook(ctx.shop, input.endpointId, staffName(requireStaff(ctx)))),
});
