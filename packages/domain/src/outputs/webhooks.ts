import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../schemas/webhooks.ts';
import { productSchema } from './catalog.ts';
import { contactSchema } from './contacts.ts';
import { adminOrderSchema } from './orders.ts';
import { stockUpdateResultSchema } from './stock.ts';

/** An endpoint as staff see it: never its secret, which is shown once when it is added. */
export const webhookEndpointSchema = z
  .object({
    endpointId: z.string(),
    url: z.string().describe('Where the events are POSTed.'),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).describe('The event types it receives.'),
    createdAt: z.number().int().describe('Milliseconds since 1970-01-01 UTC.'),
    createdBy: z.string(),
    disabledAt: z
      .number()
      .int()
      .nullable()
      .describe('When it stopped receiving (milliseconds since 1970-01-01 UTC); null while it receives.'),
    disabledReason: z
      .string()
      .nullable()
      .describe('Why it stopped: failing for three days, or paused by staff.'),
    failingSince: z
      .number()
      .int()
      .nullable()
      .describe(
        'When its deliveries began to fail (milliseconds since 1970-01-01 UTC); null when the last one went through.',
      ),
    pendingDeliveries: z.number().int().describe('Deliveries waiting to be sent or retried.'),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** A new endpoint with its signing secret: the only time the secret is shown. */
export const newWebhookEndpointSchema = z
  .object({
    endpoint: webhookEndpointSchema,
    secret: z
      .string()
      .describe(
        "The signing secret (whsec_ and base64), for the receiver's Standard Webhooks library. Shown once.",
      ),
  })
  .meta({ id: 'NewWebhookEndpoint' });
export type NewWebhookEndpoint = z.infer<typeof newWebhookEndpointSchema>;

/** One event sent (or to be sent) to one endpoint, with the outcome of its last try. */
export const webhookDeliverySchema = z
  .object({
    deliveryId: z.number().int(),
    endpointId: z.string(),
    messageId: z.string().describe('The webhook-id header: the same on every try of this delivery.'),
    eventType: z.string(),
    orderId: z.number().int().nullable(),
    status: z
      .enum(['pending', 'delivered', 'failed'])
      .describe(
        'pending: waiting or being retried; delivered: answered 2xx; failed: given up after three days.',
      ),
    createdAt: z.number().int().describe('When the event happened (milliseconds since 1970-01-01 UTC).'),
    attempts: z.number().int(),
    nextAttemptAt: z
      .number()
      .int()
      .nullable()
      .describe('When it is tried next; null once delivered or failed.'),
    lastAttemptAt: z.number().int().nullable(),
    lastStatusCode: z
      .number()
      .int()
      .nullable()
      .describe('The HTTP status of the last answer; null when none came.'),
    lastAnswer: z
      .string()
      .nullable()
      .describe('The first bytes of the last answer, or why there was none (refused, timed out).'),
    deliveredAt: z.number().int().nullable(),
    payload: z.string().describe('The body sent, as signed.'),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What `data` holds in each event: the same schema as the REST answer that shows the same thing. */
export const WEBHOOK_EVENT_DATA: Readonly<Record<WebhookEventType, z.ZodType>> = {
  'order.placed': adminOrderSchema,
  'order.changed': adminOrderSchema,
  'order.deleted': adminOrderSchema,
  'order.restored': adminOrderSchema,
  'order.pickedUp': adminOrderSchema,
  'order.paid': adminOrderSchema,
  'stock.changed': stockUpdateResultSchema,
  'product.changed': productSchema,
  'contact.received': contactSchema,
};

/** The data of `webhook.test`, sent when staff press Send test event. */
export const webhookTestDataSchema = z
  .object({
    endpointId: z.string(),
    url: z.string(),
    sentBy: z.string().describe('The staff member or integration client who sent it.'),
    message: z.string(),
  })
  .meta({ id: 'WebhookTestData' });
