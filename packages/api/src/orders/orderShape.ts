import type { Order, OrderLine } from '@nursery/domain';

export type { Order, OrderProductXref } from '@nursery/domain';

import { idList, inIdList, orderLines, orders, perConnection, products, type ShopDb } from '@nursery/db';
import { formatDate, formatDateTime, formatMoney, productTypeName, toDollars } from '@nursery/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { type OrderPickUpDayFields, orderPickUpDay } from '../pickUpDays/service.ts';
import { type PickupRow, pickupColumns, toOrderPickup } from '../pickup/shape.ts';
import type { ShopRecords } from '../shop.ts';
import type { PricedOrderLine } from './pricing.ts';

/** The order columns every order answer is built from; listed so no internal column leaks. */
export const orderColumns = {
  orderId: orders.orderId,
  firstName: orders.firstName,
  lastName: orders.lastName,
  name: orders.name,
  email: orders.email,
  phoneNumber: orders.phoneNumber,
  phoneDigits: orders.phoneDigits,
  workPhoneNumber: orders.workPhoneNumber,
  comments: orders.comments,
  isTaxExempt: orders.isTaxExempt,
  seasonPurchased: orders.seasonPurchased,
  subtotalCents: orders.subtotalCents,
  taxCents: orders.taxCents,
  totalCents: orders.totalCents,
  totalQuantity: orders.totalQuantity,
  numItems: orders.numItems,
  version: orders.version,
  pickUpDayId: orders.pickUpDayId,
  createdAt: orders.createdAt,
  deletedAt: orders.deletedAt,
  ...pickupColumns,
};

export interface OrderRow extends PickupRow {
  orderId: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  phoneNumber: string;
  phoneDigits: string;
  workPhoneNumber: string | null;
  comments: string | null;
  isTaxExempt: boolean;
  seasonPurchased: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  totalQuantity: number;
  numItems: number;
  version: number;
  pickUpDayId: number | null;
  createdAt: number;
  deletedAt: number | null;
}

const lineColumns = {
  orderProductXrefId: orderLines.orderProductXrefId,
  orderId: orderLines.orderId,
  productId: orderLines.productId,
  quantity: orderLines.quantity,
  unitPriceCents: orderLines.unitPriceCents,
  isStatic: orderLines.isStatic,
  subtotalCents: orderLines.subtotalCents,
  taxCents: orderLines.taxCents,
  totalCents: orderLines.totalCents,
  name: products.name,
  productSize: products.productSize,
  productTypeId: products.productTypeId,
};

/** A stored line is a priced line (its unit price as used at the time) with its ids and product. */
export interface OrderLineRow extends PricedOrderLine {
  orderProductXrefId: number;
  orderId: number;
  name: string;
  productSize: string;
  productTypeId: number;
}

export type OrderProduct = OrderLine;

export function toOrderProduct(line: OrderLineRow): OrderProduct {
  return {
    orderProductXrefId: line.orderProductXrefId,
    productId: line.productId,
    name: line.name,
    productSize: line.productSize,
    productTypeId: line.productTypeId,
    productType: productTypeName(line.productTypeId),
    quantity: line.quantity,
    unitPrice: toDollars(line.unitPriceCents),
    displayUnitPrice: formatMoney(line.unitPriceCents),
    price: toDollars(line.subtotalCents),
    displayPrice: formatMoney(line.subtotalCents),
    tax: toDollars(line.taxCents),
    displayTax: formatMoney(line.taxCents),
    total: toDollars(line.totalCents),
    displayTotal: formatMoney(line.totalCents),
    isStatic: line.isStatic,
  };
}

export function toOrder(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  timeZone: string,
  pickUp: OrderPickUpDayFields,
): Order {
  return {
    orderId: row.orderId,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    workPhoneNumber: row.workPhoneNumber,
    email: row.email,
    comments: row.comments,
    isTaxExempt: row.isTaxExempt,
    createdTimestamp: new Date(row.createdAt).toISOString(),
    displayCreatedTimestamp: formatDateTime(row.createdAt, timeZone),
    displayCreatedTimestampDate: formatDate(row.createdAt, timeZone),
    seasonPurchased: row.seasonPurchased,
    version: row.version,
    numItems: row.numItems,
    totalQuantity: row.totalQuantity,
    subtotal: toDollars(row.subtotalCents),
    displaySubtotal: formatMoney(row.subtotalCents),
    tax: toDollars(row.taxCents),
    displayTax: formatMoney(row.taxCents),
    total: toDollars(row.totalCents),
    displayTotal: formatMoney(row.totalCents),
    ...pickUp,
    products: lines.map(toOrderProduct),
    orderProductXrefs: lines.map((l) => ({
      orderProductXrefId: l.orderProductXrefId,
      productId: l.productId,
      quantity: l.quantity,
      price: toDollars(l.unitPriceCents),
      isStatic: l.isStatic,
    })),
    ...toOrderPickup(row, timeZone),
  };
}

/** The reads of one order and of lines, prepared once per connection. */
const orderStatements = perConnection((db: ShopDb) => ({
  row: db
    .select(orderColumns)
    .from(orders)
    .where(eq(orders.orderId, sql.placeholder('orderId')))
    .prepare(),
  lines: db
    .select(lineColumns)
    .from(orderLines)
    .innerJoin(products, eq(products.productId, orderLines.productId))
    .where(inIdList(orderLines.orderId, 'orderIds'))
    .orderBy(asc(orderLines.orderId), asc(orderLines.orderProductXrefId))
    .prepare(),
}));

/** Lines of the given orders with their product's name, size and type, in the order they were added. */
export function loadOrderLines(shop: ShopRecords, orderIds: readonly number[]): Map<number, OrderLineRow[]> {
  const byOrder = new Map<number, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows: OrderLineRow[] = orderStatements(shop.db).lines.all({ orderIds: idList(orderIds) });
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

export function loadOrderRow(shop: ShopRecords, orderId: number): OrderRow | undefined {
  return orderStatements(shop.db).row.get({ orderId });
}

/** One order in the spec's shape, deleted or not; callers decide who may see a deleted one. */
export function loadOrder(shop: ShopRecords, orderId: number): Order | null {
  const row = loadOrderRow(shop, orderId);
  if (!row) return null;
  const lines = loadOrderLines(shop, [orderId]).get(orderId) ?? [];
  return toOrder(row, lines, shop.config.shop.timeZone, orderPickUpDay(shop, row.pickUpDayId));
}
