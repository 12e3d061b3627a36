import { perConnection, type ShopDatabase } from '@nursery/db';
import type { WebhookEventType } from '@nursery/domain';
import { loadProduct } from '../catalog/productShape.ts';
import { newPrefixedId } from '../integrations/service.ts';
import { adminOrderDetails } from '../orders/adminOrder.ts';
import type { ShopRecords } from '../shop.ts';

/** The body of every delivery, as the Standard Webhooks specification shapes it. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: unknown;
}

interface SubscribedEndpoint {
  endpoint_id: string;
  events: string;
}

/**
 * Raw statements (perConnection): an order's events are queued on the order writer's thread inside its group
 * commit, where drizzle's per-call work would cost as much as the insert.
 */
const statements = perConnection(({ sqlite }: ShopDatabase) => ({
  subscribed: sqlite.prepare<[], SubscribedEndpoint>(
    'select endpoint_id, events from webhook_endpoints where disabled_at is null',
  ),
  insert: sqlite.prepare(
    `insert into webhook_deliveries (endpoint_id, message_id, event_type, payload, order_id, created_at, next_attempt_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
  ),
}));

/** The endpoints that receive this event type now (an endpoint that stopped receives nothing new). */
function endpointsFor(shop: ShopRecords, type: string): string[] {
  const found: string[] = [];
  for (const row of statements(shop.database).subscribed.all()) {
    const events = JSON.parse(row.events) as unknown;
    if (Array.isArray(events) && events.includes(type)) found.push(row.endpoint_id);
  }
  return found;
}

/**
 * Writes one delivery of the event for every endpoint subscribed to it. Call inside the transaction that makes
 * the change, so the event is kept exactly when the change is (and lost with it when it rolls back); the shop
 * sends it after the commit (`shop.flushWebhooks()`), or the sender's timer does. `data` is only built when
 * some endpoint wants the event.
 */
export function queueWebhookEvent(
  shop: ShopRecords,
  type: WebhookEventType | 'webhook.test',
  data: () => unknown,
  options: { orderId?: number; endpointIds?: string[] } = {},
): number[] {
  const endpoints = options.endpointIds ?? endpointsFor(shop, type);
  if (endpoints.length === 0) return [];
  const now = shop.now().getTime();
  const payload: WebhookPayload = { type, timestamp: new Date(now).toISOString(), data: data() };
  const body = JSON.stringify(payload);
  const { insert } = statements(shop.database);
  // The new deliveries' ids: another connection (the order writer's) may add its own in between.
  return endpoints.map((endpointId) =>
    Number(
      insert.run(endpointId, newPrefixedId('msg_', 24), type, body, options.orderId ?? null, now, now)
        .lastInsertRowid,
    ),
  );
}

/** An order event: the order as Orders/GetOrderDetailsById answers it, read inside the same transaction. */
export function queueOrderEvent(
  shop: ShopRecords,
  type: WebhookEventType & `order.${string}`,
  orderId: number,
): void {
  queueWebhookEvent(shop, type, () => adminOrderDetails(shop, orderId), { orderId });
}

/**
 * product.changed: the product as GetAllProductsWithStats shows it (a deleted one with productStatus 4), read
 * inside the change's transaction.
 */
export function queueProductChanged(shop: ShopRecords, productId: number): void {
  queueWebhookEvent(shop, 'product.changed', () => loadProduct(shop, productId));
}
