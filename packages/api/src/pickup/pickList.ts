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
import { workbookAnswer } from '../exports/service.ts';
import { type ExportCell, type ExportSheet, num, text } from '../exports/workbook.ts';
import { answerOnItsThread } from '../exports/workbookThread.ts';
import type { FileAnswer } from '../input.ts';
import type { FreshJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';

type PickLine = PickList['orders'][number]['lines'][number];

/** The pick list's day: its heading, and which orders are on it; a day that does not exist is refused. */
function pickListDay(
  shop: Shop,
  input: PickListInput,
): { title: string; note: string | null; pickUpDate: string | null; dayCondition: SQL | undefined } {
  if (input.pickUpDay === 'none') {
    const season = currentSeason(shop);
    return {
      title: `Orders without a pick-up day, ${seasonLabel(season)}`,
      note: null,
      pickUpDate: null,
      dayCondition: and(isNull(orders.pickUpDayId), eq(orders.seasonPurchased, season)),
    };
  }
  const day = shop.db.select().from(pickUpDays).where(eq(pickUpDays.pickUpDayId, input.pickUpDay)).get();
  if (!day) throw new ShopError({ kind: 'not_found', message: PICK_UP_DAY_NOT_FOUND });
  return {
    title: displayPickUpDay(day),
    note: day.note,
    pickUpDate: day.date,
    dayCondition: eq(orders.pickUpDayId, day.pickUpDayId),
  };
}

/**
 * A day's pick list: every order of the pick-up day that is not deleted and not picked up yet, each with its
 * lines in the order the yard is walked (product type, then name), and each product's total for the day so the
 * crew pulls it once. 'none' lists the current season's orders without a day (a shop that has no days).
 */
export function pickList(shop: Shop, input: PickListInput): PickList {
  const tz = shop.config.shop.timeZone;
  const { title, note, pickUpDate, dayCondition } = pickListDay(shop, input);
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

/**
 * A day's pick list as the procedure answers it, read on a thread of its own: a day of thousands of orders
 * took the server's thread a quarter of a second.
 */
export function pickListAnswer(
  shop: Shop,
  input: PickListInput,
  signal?: AbortSignal,
): Promise<FreshJson<PickList>> {
  return answerOnItsThread(shop, { kind: 'pickList', input }, () => pickList(shop, input), signal);
}

/** The pick list's sheets: the day's totals to pull on one sheet, each order's lines on the next. */
export function pickListSheets(list: PickList): ExportSheet[] {
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
  return [totals, lines];
}

/** The pick list as a workbook, written on a thread of its own as the other exports are. */
export function pickListExport(shop: Shop, input: PickListInput, signal?: AbortSignal): Promise<FileAnswer> {
  // The day is looked up here, for the file's name (and a day that does not exist is refused at once).
  const { pickUpDate } = pickListDay(shop, input);
  return workbookAnswer(
    shop,
    `PickList ${pickUpDate ?? 'no day'}`,
    () => pickListSheets(pickList(shop, input)),
    {
      kind: 'pickList',
      input,
    },
    signal,
  );
}
