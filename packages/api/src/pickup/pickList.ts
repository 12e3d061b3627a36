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
import { and, asc, eq, gte, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { readInPieces } from '../exports/readInPieces.ts';
import { workbookAnswer } from '../exports/service.ts';
import { type ExportCell, type ExportSheet, num, text } from '../exports/workbook.ts';
import type { FileAnswer } from '../input.ts';
import { FreshJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';
import { inPieces } from '../turns.ts';

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

/** Lines read at a time: a day of thousands of orders is read a few milliseconds at a time. */
const LINES_PER_READ = 500;
/** Orders sorted, or written out as JSON, at a time (a few hundred KB of text). */
const ORDERS_PER_PIECE = 500;

/**
 * A day's pick list: every order of the pick-up day that is not deleted and not picked up yet, each with its
 * lines in the order the yard is walked (product type, then name), and each product's total for the day so the
 * crew pulls it once. 'none' lists the current season's orders without a day (a shop that has no days).
 *
 * Read by `seen`, a read of its own in one read transaction (exports/readInPieces.ts), LINES_PER_READ lines at
 * a time, the loop turning between them: a day of thousands of orders held the server's thread a quarter of a
 * second in one go.
 */
export function pickListInPieces(
  seen: Shop,
  input: PickListInput,
  pause: () => Promise<void>,
): Promise<PickList> {
  return inPieces(readPickList(seen, input), pause);
}

function* readPickList(shop: Shop, input: PickListInput): Generator<undefined, PickList> {
  const tz = shop.config.shop.timeZone;
  const { title, note, pickUpDate, dayCondition } = pickListDay(shop, input);
  const live = and(dayCondition, isNull(orders.deletedAt));
  const pickedUpCount = shop.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(live, isNotNull(orders.pickedUpAt)))
    .all().length;
  // One statement for every read, from the start (ids begin at 1) and then after the last line read.
  const read = shop.db
    .select({
      orderId: orders.orderId,
      lineId: orderLines.orderProductXrefId,
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
    .where(
      and(
        live,
        isNull(orders.pickedUpAt),
        gte(orders.orderId, sql.placeholder('orderId')),
        sql`(${orders.orderId}, ${orderLines.orderProductXrefId}) > (${sql.placeholder('orderId')}, ${sql.placeholder('lineId')})`,
      ),
    )
    .orderBy(asc(orders.orderId), asc(orderLines.orderProductXrefId))
    .limit(LINES_PER_READ)
    .prepare();

  const byOrder = new Map<number, PickList['orders'][number]>();
  const byProduct = new Map<number, PickList['products'][number]>();
  for (let after = { orderId: 0, lineId: 0 }; ; ) {
    yield;
    const rows = read.all(after);
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
    const last = rows.at(-1);
    if (rows.length < LINES_PER_READ || last === undefined) break;
    after = { orderId: last.orderId, lineId: last.lineId };
  }
  const listed = [...byOrder.values()];
  for (let at = 0; at < listed.length; at += ORDERS_PER_PIECE) {
    yield;
    for (const order of listed.slice(at, at + ORDERS_PER_PIECE)) order.lines.sort(byYardWalk);
  }
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

/** A day's pick list as the procedure answers it (see pickListInPieces), its text made in pieces too. */
export function pickListAnswer(
  shop: Shop,
  input: PickListInput,
  signal?: AbortSignal,
): Promise<FreshJson<PickList>> {
  return readInPieces(
    shop,
    async (seen, pause) =>
      FreshJson.fromJson<PickList>(
        await inPieces(pickListJson(await pickListInPieces(seen, input, pause)), pause),
      ),
    signal,
  );
}

/**
 * JSON.stringify(list), ORDERS_PER_PIECE orders at a time: the 3.7 MB of a ten-season shop's orders without a
 * day, serialized in one go, held a one-CPU server's thread about 100 ms. The orders are the list's last field.
 */
function* pickListJson(list: PickList): Generator<undefined, string> {
  const { orders: listed, ...rest } = list;
  // Ends with "orders":[]} : the orders' text goes between the brackets.
  const head = JSON.stringify({ ...rest, orders: [] });
  const parts: string[] = [];
  for (let at = 0; at < listed.length; at += ORDERS_PER_PIECE) {
    yield;
    parts.push(JSON.stringify(listed.slice(at, at + ORDERS_PER_PIECE)).slice(1, -1));
  }
  return `${head.slice(0, -'[]}'.length)}[${parts.join(',')}]}`;
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
    // Made as they are written: a day's thousands of lines are not copied into cells all at once.
    rows: (function* orderRows(): Generator<ExportCell[]> {
      for (const o of list.orders) {
        for (const [i, l] of o.lines.entries()) {
          yield [
            num(o.orderId),
            text(o.name),
            text(o.phoneNumber),
            text(l.productType),
            text(l.name),
            text(l.productSize),
            num(l.quantity),
            i === 0 ? text(o.comments) : null,
          ];
        }
      }
    })(),
    widths: [9, 24, 16, 22, 36, 14, 9, 40],
  };
  return [totals, lines];
}

/** The pick list as a workbook, written in pieces as the other exports are. */
export function pickListExport(shop: Shop, input: PickListInput, signal?: AbortSignal): Promise<FileAnswer> {
  // The day is looked up here, for the file's name (and a day that does not exist is refused at once).
  const { pickUpDate } = pickListDay(shop, input);
  return workbookAnswer(
    shop,
    `PickList ${pickUpDate ?? 'no day'}`,
    async (seen, pause) => pickListSheets(await pickListInPieces(seen, input, pause)),
    signal,
  );
}
