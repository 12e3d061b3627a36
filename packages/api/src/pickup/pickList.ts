import { orderLines, orders, pickUpDays, products } from '@nursery/db';
import {
  byYardWalk,
  displayPickUpDay,
  formatDateTime,
  PICK_UP_DAY_NOT_FOUND,
  type PickList,
  type PickListInput,
  productTypeName,
  seasonLabel,
} from '@nursery/domain';
import { and, asc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { EXCEL_CONTENT_TYPE, exportFileName } from '../exports/service.ts';
import { type ExportCell, type ExportSheet, num, text, writeWorkbookBase64 } from '../exports/workbook.ts';
import type { FileAnswer } from '../input.ts';
import type { Shop } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';

type PickLine = PickList['orders'][number]['lines'][number];

/**
 * A day's pick list: every order of the pick-up day that is not deleted and not picked up yet, each with its
 * lines in the order the yard is walked (product type, then name), and each product's total for the day so the
 * crew pulls it once. 'none' lists the current season's orders without a day (a shop that has no days).
 */
export function pickList(shop: Shop, input: PickListInput): PickList {
  const tz = shop.config.shop.timeZone;
  let title: string;
  let note: string | null = null;
  let pickUpDate: string | null = null;
  let dayCondition: SQL | undefined;
  if (input.pickUpDay === 'none') {
    const season = currentSeason(shop);
    title = `Orders without a pick-up day, ${seasonLabel(season)}`;
    dayCondition = and(isNull(orders.pickUpDayId), eq(orders.seasonPurchased, season));
  } else {
    const day = shop.db.select().from(pickUpDays).where(eq(pickUpDays.pickUpDayId, input.pickUpDay)).get();
    if (!day) throw new ShopError({ kind: 'not_found', message: PICK_UP_DAY_NOT_FOUND });
    title = displayPickUpDay(day);
    note = day.note;
    pickUpDate = day.date;
    dayCondition = eq(orders.pickUpDayId, day.pickUpDayId);
  }
  const live = and(dayCondition, isNull(orders.deletedAt));
  const pickedUpCount = shop.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(live, isNotNull(orders.pickedUpAt)))
    .all().length;
  const rows = shop.db
    .select({
      orderId: orders.orderId,
      name: orders.name,
      phoneNumber: orders.phoneNumber,
      comments: orders.comments,
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      productName: products.name,
      productSize: products.productSize,
      productTypeId: products.productTypeId,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.orderId))
    .innerJoin(products, eq(products.productId, orderLines.productId))
    .where(and(live, isNull(orders.pickedUpAt)))
    .orderBy(asc(orders.orderId), asc(orderLines.orderProductXrefId))
    .all();

  const byOrder = new Map<number, PickList['orders'][number]>();
  const byProduct = new Map<number, PickList['products'][number]>();
  for (const r of rows) {
    const line: PickLine = {
      productId: r.productId,
      name: r.productName,
      productSize: r.productSize,
      productTypeId: r.productTypeId,
      productType: productTypeName(r.productTypeId),
      quantity: r.quantity,
    };
    let order = byOrder.get(r.orderId);
    if (!order) {
      order = {
        orderId: r.orderId,
        name: r.name,
        phoneNumber: r.phoneNumber,
        comments: r.comments,
        totalQuantity: 0,
        lines: [],
      };
      byOrder.set(r.orderId, order);
    }
    order.lines.push(line);
    order.totalQuantity += r.quantity;
    const total = byProduct.get(r.productId);
    if (total) {
      total.quantity += r.quantity;
      // One order may carry a product on two lines (staff entry); it is still one order to pull for.
      if (order.lines.filter((l) => l.productId === r.productId).length === 1) total.orderCount += 1;
    } else byProduct.set(r.productId, { ...line, orderCount: 1 });
  }
  const listed = [...byOrder.values()];
  for (const order of listed) order.lines.sort(byYardWalk);
  const productTotals = [...byProduct.values()].sort(byYardWalk);
  return {
    pickUpDayId: input.pickUpDay === 'none' ? null : input.pickUpDay,
    title,
    pickUpDate,
    note,
    displayPrintedTimestamp: formatDateTime(shop.now().getTime(), tz),
    orderCount: listed.length,
    pickedUpCount,
    totalQuantity: productTotals.reduce((sum, p) => sum + p.quantity, 0),
    products: productTotals,
    orders: listed,
  };
}

/** The pick list as a workbook: the day's totals to pull on one sheet, each order's lines on the next. */
export function pickListExport(shop: Shop, input: PickListInput): FileAnswer {
  const list = pickList(shop, input);
  const totals: ExportSheet = {
    name: 'Pull totals',
    headers: ['Product Type', 'Product', 'Size', 'Quantity', 'Orders', 'Product Id'],
    rows: [
      ...list.products.map((p): ExportCell[] => [
        text(p.productType),
        text(p.name),
        text(p.productSize),
        num(p.quantity),
        num(p.orderCount),
        num(p.productId),
      ]),
      [null, text('Total'), null, num(list.totalQuantity), num(list.orderCount), null],
    ],
    widths: [22, 36, 14, 10, 8, 10],
  };
  const lines: ExportSheet = {
    name: 'Orders',
    headers: ['Order Id', 'Name', 'Phone Number', 'Product Type', 'Product', 'Size', 'Quantity', 'Comments'],
    rows: list.orders.flatMap((o) =>
      o.lines.map((l, i): ExportCell[] => [
        num(o.orderId),
        text(o.name),
        text(o.phoneNumber),
        text(l.productType),
        text(l.name),
        text(l.productSize),
        num(l.quantity),
        i === 0 ? text(o.comments) : null,
      ]),
    ),
    widths: [9, 24, 16, 22, 36, 14, 9, 40],
  };
  return {
    contentType: EXCEL_CONTENT_TYPE,
    fileName: exportFileName(shop, `PickList ${list.pickUpDate ?? 'no day'}`),
    body: writeWorkbookBase64([totals, lines], shop.config.shop.timeZone),
  };
}
