import type { AdminOrder, OrderListItem, SeasonChoices } from '@nursery/domain';

export type { AdminOrder, OrderListItem, SeasonChoices } from '@nursery/domain';

import { orders, products } from '@nursery/db';
import {
  ALL_SEASONS,
  ALL_SEASONS_LABEL,
  formatDateTime,
  formatMoney,
  ProductStatus,
  seasonList,
  toDollars,
} from '@nursery/domain';
import { and, desc, eq, isNotNull, isNull, min, ne, type SQL } from 'drizzle-orm';
import { loadProducts, type Product } from '../catalog/productShape.ts';
import { ShopError } from '../errors.ts';
import type { Shop } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';
import { loadOrder } from './orderShape.ts';

// Only the columns a list row needs: the totals are kept on the order row, so a season of
// hundreds of orders is one indexed query with no join and no per-order work in SQL.
const listColumns = {
  orderId: orders.orderId,
  createdAt: orders.createdAt,
  name: orders.name,
  email: orders.email,
  phoneNumber: orders.phoneNumber,
  numItems: orders.numItems,
  totalQuantity: orders.totalQuantity,
  totalCents: orders.totalCents,
  isTaxExempt: orders.isTaxExempt,
  seasonPurchased: orders.seasonPurchased,
  deletedAt: orders.deletedAt,
  deletedBy: orders.deletedBy,
  version: orders.version,
};

type ListRow = {
  orderId: number;
  createdAt: number;
  name: string;
  email: string;
  phoneNumber: string;
  numItems: number;
  totalQuantity: number;
  totalCents: number;
  isTaxExempt: boolean;
  seasonPurchased: number;
  deletedAt: number | null;
  deletedBy: string | null;
  version: number;
};

const count = new Intl.NumberFormat('en-US');

export function toOrderListItem(row: ListRow, timeZone: string): OrderListItem {
  return {
    orderId: row.orderId,
    createdTimestamp: new Date(row.createdAt).toISOString(),
    displayCreatedTimestamp: formatDateTime(row.createdAt, timeZone),
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    numItems: row.numItems,
    displayNumItems: count.format(row.numItems),
    totalQuantity: row.totalQuantity,
    totalPrice: toDollars(row.totalCents),
    displayTotalPrice: formatMoney(row.totalCents),
    isTaxExempt: row.isTaxExempt,
    seasonPurchased: row.seasonPurchased,
    deletedTimestamp: row.deletedAt === null ? null : new Date(row.deletedAt).toISOString(),
    displayDeletedTimestamp: row.deletedAt === null ? null : formatDateTime(row.deletedAt, timeZone),
    deletedUsername: row.deletedBy,
    version: row.version,
  };
}

function listOrders(
  shop: Shop,
  where: SQL | undefined,
  newestFirstBy: 'created' | 'deleted',
): OrderListItem[] {
  const order = newestFirstBy === 'created' ? desc(orders.createdAt) : desc(orders.deletedAt);
  const rows = shop.db
    .select(listColumns)
    .from(orders)
    .where(where)
    .orderBy(order, desc(orders.orderId))
    .all();
  const tz = shop.config.shop.timeZone;
  return rows.map((r) => toOrderListItem(r, tz));
}

/** Every order that is not deleted, newest first (GetAllOrders). */
export function allOrders(shop: Shop): OrderListItem[] {
  return listOrders(shop, isNull(orders.deletedAt), 'created');
}

/** The orders of one season that are not deleted; -1 means every season (GetAllOrdersForSeason). */
export function ordersForSeason(shop: Shop, season: number): OrderListItem[] {
  if (season === ALL_SEASONS) return allOrders(shop);
  return listOrders(shop, and(eq(orders.seasonPurchased, season), isNull(orders.deletedAt)), 'created');
}

/** Deleted orders of every season, most recently deleted first (GetAllDeletedOrders). */
export function deletedOrders(shop: Shop): OrderListItem[] {
  return listOrders(shop, isNotNull(orders.deletedAt), 'deleted');
}

export function orderListItem(shop: Shop, orderId: number): OrderListItem | null {
  const row = shop.db.select(listColumns).from(orders).where(eq(orders.orderId, orderId)).get();
  return row ? toOrderListItem(row, shop.config.shop.timeZone) : null;
}

/** The season dropdown: derived from the orders on file, never a hard-coded year (DECISIONS.md). */
export function seasonChoices(shop: Shop): SeasonChoices {
  const oldest =
    shop.db
      .select({ oldest: min(orders.seasonPurchased) })
      .from(orders)
      .get()?.oldest ?? null;
  const current = currentSeason(shop);
  return {
    currentSeason: current,
    seasons: [...seasonList(oldest, current), { value: ALL_SEASONS, label: ALL_SEASONS_LABEL }],
  };
}

export function orderNotFound(orderId: number): ShopError {
  return new ShopError({ kind: 'not_found', message: `There is no order number ${orderId}.` });
}

const auditColumns = {
  deletedAt: orders.deletedAt,
  deletedBy: orders.deletedBy,
  updatedAt: orders.updatedAt,
  updatedBy: orders.updatedBy,
  source: orders.source,
};

/** One order for the details modal and the edit page, deleted or not (GetOrderDetailsById). */
export function adminOrderDetails(shop: Shop, orderId: number): AdminOrder {
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
  };
}

/**
 * Every product staff may put on an order, with tiers for the price preview and this season's
 * stock: also special-order and inactive ones, never deleted ones.
 */
export function orderProductChoices(shop: Shop): Product[] {
  return loadProducts(
    shop,
    and(isNull(products.deletedAt), ne(products.productStatus, ProductStatus.Deleted)),
  );
}
