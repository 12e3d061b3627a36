import { randomBytes } from 'node:crypto';
import { webhookDeliveries, webhookEndpoints } from '@nursery/db';
import {
  type AddWebhookEndpointInput,
  type NewWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@nursery/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { newPrefixedId } from '../integrations/service.ts';
import type { Shop } from '../shop.ts';
import { checkWebhookHost, checkWebhookUrl } from './address.ts';
import { queueWebhookEvent } from './events.ts';

const endpointColumns = {
  endpointId: webhookEndpoints.endpointId,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  createdAt: webhookEndpoints.createdAt,
  createdBy: webhookEndpoints.createdBy,
  disabledAt: webhookEndpoints.disabledAt,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  pendingDeliveries: sql<number>`(select count(*) from ${webhookDeliveries} d where d.endpoint_id = ${webhookEndpoints.endpointId} and d.status = 'pending')`,
};

type EndpointRow = { events: string } & Omit<WebhookEndpoint, 'events'>;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  const stored = JSON.parse(row.events) as unknown;
  const events = Array.isArray(stored)
    ? WEBHOOK_EVENT_TYPES.filter((type) => stored.includes(type))
    : ([] as WebhookEventType[]);
  return { ...row, events };
}

function endpointNotFound(endpointId: string): ShopError {
  return new ShopError({ kind: 'not_found', message: `There is no webhook endpoint ${endpointId}.` });
}

function loadEndpoint(shop: Shop, endpointId: string): WebhookEndpoint {
  const row = shop.db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.endpointId, endpointId))
    .get();
  if (!row) throw endpointNotFound(endpointId);
  return toEndpoint(row);
}

/** Every endpoint, oldest first. */
export function listWebhookEndpoints(shop: Shop): WebhookEndpoint[] {
  return shop.db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.endpointId))
    .all()
    .map(toEndpoint);
}

/**
 * Subscribes an address to events and answers its signing secret, once. The address is checked against the
 * shop's outbound rules now (address.ts), so staff hear at once of one that will never be sent to.
 */
export async function addWebhookEndpoint(
  shop: Shop,
  input: AddWebhookEndpointInput,
  createdBy: string,
): Promise<NewWebhookEndpoint> {
  const allowPrivate = shop.config.webhooks.allowPrivateAddresses;
  const url = checkWebhookUrl(input.url, allowPrivate);
  await checkWebhookHost(url, allowPrivate);
  // The Standard Webhooks secret: whsec_ and 32 random bytes in base64, as its libraries read it.
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const endpointId = newPrefixedId('ep_');
  shop.db
    .insert(webhookEndpoints)
    .values({
      endpointId,
      url: url.toString(),
      description: input.description,
      secret,
      events: JSON.stringify(input.events),
      createdAt: shop.now().getTime(),
      createdBy,
    })
    .run();
  return { endpoint: loadEndpoint(shop, endpointId), secret };
}

/** Removes an endpoint and its deliveries: nothing more is sent to it. */
export function removeWebhookEndpoint(shop: Shop, endpointId: string): WebhookEndpoint {
  const endpoint = loadEndpoint(shop, endpointId);
  shop.db.delete(webhookEndpoints).where(eq(webhookEndpoints.endpointId, endpointId)).run();
  return { ...endpoint, pendingDeliveries: 0 };
}

/**
 * Pauses an endpoint, or turns one back on (also one the shop disabled after three days of failures): its
 * waiting deliveries are tried again at once with a fresh schedule, in order, so nothing queued is lost.
 */
export function setWebhookEndpointEnabled(
  shop: Shop,
  endpointId: string,
  enabled: boolean,
  by: string,
): WebhookEndpoint {
  const endpoint = loadEndpoint(shop, endpointId);
  const now = shop.now().getTime();
  if (enabled && endpoint.disabledAt !== null) {
    shop.database.sqlite
      .transaction(() => {
        shop.db
          .update(webhookEndpoints)
          .set({ disabledAt: null, disabledReason: null, failingSince: null })
          .where(eq(webhookEndpoints.endpointId, endpointId))
          .run();
        shop.db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: now, scheduleStep: 0 })
          .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')))
          .run();
      })
      .immediate();
    shop.webhooks.flush();
  } else if (!enabled && endpoint.disabledAt === null) {
    shop.db
      .update(webhookEndpoints)
      .set({ disabledAt: now, disabledReason: `Paused by ${by}.` })
      .where(eq(webhookEndpoints.endpointId, endpointId))
      .run();
  }
  return loadEndpoint(shop, endpointId);
}

const deliveryColumns = {
  deliveryId: webhookDeliveries.deliveryId,
  endpointId: webhookDeliveries.endpointId,
  messageId: webhookDeliveries.messageId,
  eventType: webhookDeliveries.eventType,
  orderId: webhookDeliveries.orderId,
  status: webhookDeliveries.status,
  createdAt: webhookDeliveries.createdAt,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastAnswer: webhookDeliveries.lastAnswer,
  deliveredAt: webhookDeliveries.deliveredAt,
  payload: webhookDeliveries.payload,
};

function toDelivery(row: WebhookDelivery): WebhookDelivery {
  return { ...row, nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null };
}

/** An endpoint's deliveries, newest first. */
export function listWebhookDeliveries(shop: Shop, endpointId: string, limit: number): WebhookDelivery[] {
  loadEndpoint(shop, endpointId);
  return shop.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.deliveryId))
    .limit(limit)
    .all()
    .map(toDelivery);
}

function loadDelivery(shop: Shop, deliveryId: number): WebhookDelivery {
  const row = shop.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.deliveryId, deliveryId))
    .get();
  if (!row)
    throw new ShopError({ kind: 'not_found', message: `There is no webhook delivery ${deliveryId}.` });
  return toDelivery(row);
}

/** Sends a delivery again now, with its own webhook-id (a receiver that has it already drops it); answers the outcome. */
export async function redeliverWebhook(shop: Shop, deliveryId: number): Promise<WebhookDelivery> {
  loadDelivery(shop, deliveryId);
  await shop.webhooks.redeliver(deliveryId);
  return loadDelivery(shop, deliveryId);
}

/** Sends a `webhook.test` event to one endpoint now, whatever it subscribed to; answers the outcome. */
export async function sendTestWebhook(shop: Shop, endpointId: string, by: string): Promise<WebhookDelivery> {
  const endpoint = loadEndpoint(shop, endpointId);
  const [deliveryId] = queueWebhookEvent(
    shop,
    WEBHOOK_TEST_EVENT,
    () => ({ endpointId, url: endpoint.url, sentBy: by, message: 'A test event from the shop.' }),
    { endpointIds: [endpointId] },
  );
  if (deliveryId === undefined) throw new Error('the test delivery was not stored');
  await shop.webhooks.redeliver(deliveryId);
  return loadDelivery(shop, deliveryId);
}
