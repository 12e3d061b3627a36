import { z } from 'zod';
import { asOneLine } from '../textLines.ts';

/**
 * The events an endpoint may subscribe to. Order events carry the order as Orders/GetOrderDetailsById
 * answers it; the others the shape their own REST answer has (see the OpenAPI document's `webhooks`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.placed',
  'order.changed',
  'order.deleted',
  'order.restored',
  'order.pickedUp',
  'order.paid',
  'stock.changed',
  'product.changed',
  'contact.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only when staff press Send test event; never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event means, for the screen and the OpenAPI document. */
export const WEBHOOK_EVENT_MEANINGS: Readonly<Record<WebhookEventType, string>> = {
  'order.placed': 'An order was placed: on the storefront, or entered by staff.',
  'order.changed': 'Staff changed an order: its lines, customer details, pick-up day or tax exemption.',
  'order.deleted': 'Staff deleted an order (it stays on file and can be restored).',
  'order.restored': 'Staff brought a deleted order back.',
  'order.pickedUp': 'An order was checked in at the counter as picked up (or the check-in was undone).',
  'order.paid': 'A payment was recorded on an order at the counter (or taken back).',
  'stock.changed': 'Staff recorded stock counts or changes for one or more products.',
  'product.changed': 'A product was added, changed, put on or off sale, or deleted.',
  'contact.received': 'A message arrived through the contact form (not ones flagged as spam).',
};

export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 120;
export const WEBHOOK_URL_MAX_LENGTH = 2000;

const EVENTS_MESSAGE = `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}.`;

export const addWebhookEndpointInputSchema = z.object({
  url: z
    .string({ error: 'Give the address that receives the events, like https://example.com/shop-events.' })
    .trim()
    .min(1, { error: 'Give the address that receives the events, like https://example.com/shop-events.' })
    .max(WEBHOOK_URL_MAX_LENGTH, {
      error: `The address can be at most ${WEBHOOK_URL_MAX_LENGTH} characters.`,
    })
    .meta({ examples: ['https://books.example.com/hooks/nursery'] }),
  description: z
    .string({ error: 'The description must be text.' })
    .transform(asOneLine)
    .pipe(
      z
        .string()
        .trim()
        .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, {
          error: `The description can be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters.`,
        }),
    )
    .default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
    .min(1, { error: EVENTS_MESSAGE })
    .transform((events) => [...new Set(events)]),
});
export type AddWebhookEndpointInput = z.infer<typeof addWebhookEndpointInputSchema>;

/** Endpoint ids the shop makes: `ep_` and 20 letters or digits. */
export const webhookEndpointIdSchema = z
  .string({ error: 'Send the endpointId of the webhook endpoint.' })
  .trim()
  .regex(/^ep_[A-Za-z0-9]{20}$/, {
    error: 'That is not a webhook endpoint id (they look like ep_ followed by 20 letters and digits).',
  })
  .meta({ examples: ['ep_4fKq9Zt2LmXa7RtPz0Hb'] });

export const webhookEndpointIdInputSchema = z.object({ endpointId: webhookEndpointIdSchema });

export const setWebhookEndpointEnabledInputSchema = z.object({
  endpointId: webhookEndpointIdSchema,
  enabled: z.boolean({ error: 'Send enabled: true to turn the endpoint on, false to pause it.' }),
});

export const webhookDeliveriesInputSchema = z.object({
  endpointId: webhookEndpointIdSchema,
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 200.' })
    .int({ error: 'limit must be a number from 1 to 200.' })
    .min(1, { error: 'limit must be a number from 1 to 200.' })
    .max(200, { error: 'limit must be a number from 1 to 200.' })
    .default(50),
});

export const webhookDeliveryIdInputSchema = z.object({
  deliveryId: z.coerce
    .number({ error: 'Send the deliveryId of the delivery.' })
    .int({ error: 'Send the deliveryId of the delivery.' })
    .positive({ error: 'Send the deliveryId of the delivery.' }),
});
