import { orders } from '@nursery/db';
import type { AdminOrder } from '@nursery/domain';
import { formatDateTime } from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { pickupColumns, toAdminOrderPickup } from '../pickup/shape.ts';
import type { ShopRecords } from '../shop.ts';
import { loadOrder } from './orderShape.ts';

// One order as staff see it, apart from the order lists (adminList.ts): an order placed sends it to the webhooks
// from the order writer's thread, which loads none of the lists' paging and query schemas.

export function orderNotFound(orderId: number): ShopError {
  return new ShopError({ kind: 'not_found', message: `There is no order number ${orderId}.` });
}

const auditColumns = {
  deletedAt: orders.deletedAt,
  deletedBy: orders.deletedBy,
  updatedAt: orders.updatedAt,
  updatedBy: orders.updatedBy,
  source: orders.source,
  ...pickupColumns,
};

/** One order for the details modal and the edit page, deleted or not (GetOrderDetailsById). */
export function adminOrderDetails(shop: ShopRecords, orderId: number): AdminOrder {
  const order = loadOrder(shop, orderId);
  const audit = shop.db.select(auditColumns).from(orders).where(eq(orders.orderId, orderId)).get();
  if (!order || !audit) throw orderNotFound(orderId);
  const tz = shop.config.shop.timeZone;
  return {
    ...order,
    deletedTimestamp: audit.deletedAt === null ? null : new Date(audit.deletedAt).toISOString(),
    displayDeletedTimestamp: audit.deletedAt === null ? null : formatDateTime(audit.deletedAt, tz),
    deletedUsername: audit.deletedBy,
    updatedTimestamp: audit.updatedAt === null ? null : new Date(audit.updatedAt).toISOString(),
    displayUpdatedTimestamp: audit.updatedAt === null ? null : formatDateTime(audit.updatedAt, tz),
    updatedUsername: audit.updatedBy,
    source: audit.source,
    ...toAdminOrderPickup(audit, tz),
  };
}
