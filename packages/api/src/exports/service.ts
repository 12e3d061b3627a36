import type { YearOverYear } from '@nursery/domain';

export type { YearOverYear, YearOverYearSeason } from '@nursery/domain';

import { orderLines, orders, perConnection, products, productTypes, type ShopDb } from '@nursery/db';
import {
  EXCEL_CONTENT_TYPE,
  formatMoney,
  ProductStatus,
  paidMethodName,
  productStatusName,
  seasonLabel,
  seasonOf,
  toDollars,
  zonedParts,
  zonedTimeToInstant,
} from '@nursery/domain';
import { and, asc, eq, gt, gte, isNull, max, min, ne, sql } from 'drizzle-orm';
import type { FileAnswer } from '../input.ts';
import { orderPickUpDays } from '../pickUpDays/service.ts';
import { pickupColumns } from '../pickup/shape.ts';
import type { Shop } from '../shop.ts';
import { currentSeason, figuresFor, stockLevels } from '../stock/levels.ts';
import { inPieces, pieces } from '../turns.ts';
import { readInPieces } from './readInPieces.ts';
import {
  bool,
  date,
  type ExportCell,
  type ExportSheet,
  money,
  num,
  text,
  workbookFileBase64,
  writeWorkbookFileInPieces,
} from './workbook.ts';

export { EXCEL_CONTENT_TYPE } from '@nursery/domain';

/** The spec's download name: the shop's date today, then the export's name. */
export function exportFileName(shop: Shop, name: string): string {
  const p = zonedParts(shop.now(), shop.config.shop.timeZone);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return `${day} ${name}.xls`;
}

/**
 * The workbook as base64 text written out as it is read from a file in the data folder (never whole in memory).
 * The sheets are made (`sheets`, given the shop as its own read sees it) and written to that file a row at a
 * time on the server's thread, in one read transaction held across the loop's turns (readInPieces.ts): every
 * sheet shows the same moment of the shop while orders keep arriving (an order placed between two sheets' reads
 * is in neither), and visitors are answered between the pieces. The file is written whole before the first
 * byte is read out.
 */
export async function workbookAnswer(
  shop: Shop,
  name: string,
  sheets: (shop: Shop, pause: () => Promise<void>) => ExportSheet[] | Promise<ExportSheet[]>,
  signal?: AbortSignal,
): Promise<FileAnswer> {
  const file = await readInPieces(
    shop,
    async (seen, pause) =>
      writeWorkbookFileInPieces(
        await sheets(seen, pause),
        seen.config.shop.timeZone,
        seen.config.dataDir,
        pause,
      ),
    signal,
  );
  return {
    contentType: EXCEL_CONTENT_TYPE,
    fileName: exportFileName(shop, name),
    body: workbookFileBase64(file),
  };
}

/** ProductStock: one row per product (deleted ones left out) with this season's stock and sales. */
export function stockSheet(shop: Shop): ExportSheet {
  const season = currentSeason(shop);
  const rows = shop.db
    .select({
      productId: products.productId,
      name: products.name,
      productSize: products.productSize,
      productType: productTypes.name,
      species: products.species,
      productStatus: products.productStatus,
    })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.productTypeId, products.productTypeId))
    .where(and(isNull(products.deletedAt), ne(products.productStatus, ProductStatus.Deleted)))
    .orderBy(asc(productTypes.name), asc(products.name), asc(products.productSize), asc(products.productId))
    .all();
  const levels = stockLevels(shop, { season });
  let sold = 0;
  let revenue = 0;
  const body: ExportCell[][] = rows.map((p) => {
    const f = figuresFor(levels, p.productId);
    sold += f.numSold;
    revenue += f.revenueCents;
    return [
      num(p.productId),
      text(p.name),
      text(p.productSize),
      text(p.productType),
      text(p.species),
      text(productStatusName(p.productStatus)),
      // An untracked product has no stock figure at all, which is not the same as none left.
      f.isStockTracked ? num(f.currentStock) : null,
      num(f.numSold),
      f.isStockTracked ? num(f.calculatedStock) : null,
      money(f.revenueCents),
    ];
  });
  body.push([null, text('Total'), null, null, null, null, null, num(sold), null, money(revenue)]);
  return {
    name: `Stock ${seasonLabel(season)}`,
    headers: [
      'Product Id',
      'Name',
      'Size',
      'Product Type',
      'Species',
      'Status',
      'Current Stock',
      'Num Sold',
      'Calculated Stock',
      'Revenue',
    ],
    rows: body,
    widths: [10, 36, 14, 22, 28, 20, 13, 10, 16, 12],
  };
}

export function stockExport(shop: Shop, signal?: AbortSignal): Promise<FileAnswer> {
  return workbookAnswer(shop, 'ProductStock', (seen) => [stockSheet(seen)], signal);
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

interface YearOverYearCents {
  months: YearOverYear['months'];
  seasons: { season: number; label: string; orders: number[]; cents: number[] }[];
}

/**
 * Orders and revenue (in integer cents) per month for every season with orders, oldest season first,
 * months in season order: the workbook's money cells take the cents, the chart's JSON the dollars. Revenue
 * is the order subtotal before tax, as on the Stock screen; deleted orders do not count.
 *
 * Summed by SQLite, month by month: the shop's time zone is worked out once per month boundary (a dozen a
 * season) instead of once per order, and each month is a range of the created-date index. A season's months
 * at a time, yielding between them: ten seasons in one query held the server's thread 60-80 ms.
 */
function* yearOverYearCents(shop: Shop): Generator<undefined, YearOverYearCents> {
  const { timeZone } = shop.config.shop;
  const start = shop.config.seasonStartMonth;
  const monthOrder = Array.from({ length: 12 }, (_, i) => ((start - 1 + i) % 12) + 1);
  const current = currentSeason(shop);
  const span = yearOverYearStatements(shop.db).span.get();
  const firstSeason =
    span?.first === null || span?.first === undefined
      ? current
      : Math.min(current, seasonOf(new Date(span.first), timeZone, start));
  const lastSeason =
    span?.last === null || span?.last === undefined
      ? current
      : Math.max(current, seasonOf(new Date(span.last), timeZone, start));
  const bySeason = new Map<number, { orders: number[]; cents: number[] }>();
  const empty = () => ({ orders: Array<number>(12).fill(0), cents: Array<number>(12).fill(0) });
  bySeason.set(current, empty());
  for (let season = firstSeason; season <= lastSeason; season += 1) {
    yield;
    // [start, end, slot] of the season's months, July to June.
    const months: [number, number, number][] = [];
    for (let slot = 0; slot < 12; slot += 1) {
      const month = start + slot;
      const from = zonedTimeToInstant(
        timeZone,
        season + Math.floor((month - 1) / 12),
        ((month - 1) % 12) + 1,
        1,
      );
      const next = month + 1;
      const to = zonedTimeToInstant(timeZone, season + Math.floor((next - 1) / 12), ((next - 1) % 12) + 1, 1);
      months.push([from.getTime(), to.getTime(), slot]);
    }
    for (const row of yearOverYearStatements(shop.db).byMonth.all({ months: JSON.stringify(months) })) {
      let s = bySeason.get(row.season);
      if (!s) {
        s = empty();
        bySeason.set(row.season, s);
      }
      s.orders[row.slot] = (s.orders[row.slot] ?? 0) + row.orders;
      s.cents[row.slot] = (s.cents[row.slot] ?? 0) + row.cents;
    }
  }
  const seasons = [...bySeason.entries()]
    .sort(([a], [b]) => a - b)
    .map(([season, s]) => ({ season, label: seasonLabel(season), orders: s.orders, cents: s.cents }));
  return {
    months: monthOrder.map((month) => ({ month, label: MONTH_NAMES[month - 1] ?? String(month) })),
    seasons,
  };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Orders and revenue per month for every season with orders, oldest season first, months in season
 * order, as the Orders list's chart reads them (dollars at the API's edge). Read a season at a time, the loop
 * turning between them when the turn's time is spent.
 */
export async function yearOverYearData(shop: Shop): Promise<YearOverYear> {
  const { months, seasons } = await inPieces(yearOverYearCents(shop));
  return {
    months,
    seasons: seasons.map((s) => ({
      season: s.season,
      label: s.label,
      orders: s.orders,
      revenue: s.cents.map(toDollars),
      totalOrders: sum(s.orders),
      totalRevenue: toDollars(sum(s.cents)),
      displayTotalRevenue: formatMoney(sum(s.cents)),
    })),
  };
}

const yearOverYearStatements = perConnection((db: ShopDb) => ({
  span: db
    .select({ first: min(orders.createdAt), last: max(orders.createdAt) })
    .from(orders)
    .prepare(),
  // Each month's [start, end) is a range of orders_created_idx; the row's own season is kept, as an order
  // staff entered for another season counts there.
  byMonth: db
    .select({
      season: orders.seasonPurchased,
      slot: sql<number>`${sql.raw('m.value')} ->> 2`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${orders.subtotalCents}), 0)`.mapWith(Number),
    })
    .from(sql`json_each(${sql.placeholder('months')}) as m`)
    .crossJoin(orders)
    .where(
      and(
        sql`${orders.createdAt} >= (${sql.raw('m.value')} ->> 0)`,
        sql`${orders.createdAt} < (${sql.raw('m.value')} ->> 1)`,
        // Not through the deleted_at index, which would walk every order for every month.
        sql`+${orders.deletedAt} is null`,
      ),
    )
    .groupBy(orders.seasonPurchased, sql`2`)
    .prepare(),
}));

export async function yearOverYearSheet(
  shop: Shop,
  pause: () => Promise<void> = pieces(),
): Promise<ExportSheet> {
  // Integer cents straight into the money cells: no trip through dollars and back.
  const data = await inPieces(yearOverYearCents(shop), pause);
  const headers = ['Month'];
  for (const s of data.seasons) headers.push(`${s.label} Orders`, `${s.label} Revenue`);
  const rows: ExportCell[][] = data.months.map((m, i) => {
    const row: ExportCell[] = [text(m.label)];
    for (const s of data.seasons) row.push(num(s.orders[i] ?? 0), money(s.cents[i] ?? 0));
    return row;
  });
  const total: ExportCell[] = [text('Total')];
  for (const s of data.seasons) total.push(num(sum(s.orders)), money(sum(s.cents)));
  rows.push(total);
  return {
    name: 'YearOverYearByMonth',
    headers,
    rows,
    widths: [8, ...data.seasons.flatMap(() => [15, 16])],
  };
}

export function yearOverYearExport(shop: Shop, signal?: AbortSignal): Promise<FileAnswer> {
  return workbookAnswer(
    shop,
    'YearOverYearByMonth',
    async (seen, pause) => [await yearOverYearSheet(seen, pause)],
    signal,
  );
}

/**
 * Rows read at a time for a season's sheets. What is alive when V8's young collection runs is counted towards
 * growing its young generation, and written in pieces one runs at every turn of the loop: at 200 rows it grew
 * from 1 to 32 MB over a ten-season shop's export (the server's RSS 40 MB up), at 20 to 8 MB (10 MB up), in
 * the same time.
 */
const LINES_PER_READ = 20;

/**
 * The season's order lines as sheet rows, then their totals, read LINES_PER_READ at a time in order (a keyset
 * on order and line) as the workbook is written: a season's lines are never all in memory at once.
 */
function* seasonLineRows(shop: Shop, season: number): Generator<ExportCell[]> {
  const sum = { quantity: 0, subtotal: 0, tax: 0, total: 0 };
  const pickUpDayOf = orderPickUpDays(shop);
  // One statement for every read, from the start (ids begin at 1) and then after the last line read.
  const read = shop.db
    .select({
      orderId: orders.orderId,
      lineId: orderLines.orderProductXrefId,
      createdAt: orders.createdAt,
      name: orders.name,
      email: orders.email,
      phoneNumber: orders.phoneNumber,
      workPhoneNumber: orders.workPhoneNumber,
      isTaxExempt: orders.isTaxExempt,
      comments: orders.comments,
      pickUpDayId: orders.pickUpDayId,
      productId: orderLines.productId,
      productName: products.name,
      productSize: products.productSize,
      productType: productTypes.name,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      subtotalCents: orderLines.subtotalCents,
      taxCents: orderLines.taxCents,
      totalCents: orderLines.totalCents,
      pickedUpAt: orders.pickedUpAt,
      pickedUpBy: orders.pickedUpBy,
      paidMethod: orders.paidMethod,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
    .innerJoin(products, eq(products.productId, orderLines.productId))
    .innerJoin(productTypes, eq(productTypes.productTypeId, products.productTypeId))
    .where(
      and(
        eq(orders.seasonPurchased, season),
        isNull(orders.deletedAt),
        gte(orders.orderId, sql.placeholder('orderId')),
        sql`(${orders.orderId}, ${orderLines.orderProductXrefId}) > (${sql.placeholder('orderId')}, ${sql.placeholder('lineId')})`,
      ),
    )
    .orderBy(asc(orders.orderId), asc(orderLines.orderProductXrefId))
    .limit(LINES_PER_READ)
    .prepare();
  let after = { orderId: 0, lineId: 0 };
  for (;;) {
    const lines = read.all(after);
    for (const l of lines) {
      sum.quantity += l.quantity;
      sum.subtotal += l.subtotalCents;
      sum.tax += l.taxCents;
      sum.total += l.totalCents;
      yield [
        num(l.orderId),
        date(l.createdAt),
        text(l.name),
        text(l.email),
        text(l.phoneNumber),
        text(l.workPhoneNumber),
        bool(l.isTaxExempt),
        num(l.productId),
        text(l.productName),
        text(l.productSize),
        text(l.productType),
        num(l.quantity),
        money(l.unitPriceCents),
        money(l.subtotalCents),
        money(l.taxCents),
        money(l.totalCents),
        text(l.comments),
        // The order's state on each of its lines; what was paid is per order, on the Pick-up sheet.
        l.pickedUpAt === null ? null : date(l.pickedUpAt),
        l.pickedUpAt === null ? null : text(l.pickedUpBy),
        l.paidMethod === null ? null : text(paidMethodName(l.paidMethod)),
        // The local date as YYYY-MM-DD: a spreadsheet sorts and filters it as written.
        text(pickUpDayOf(l.pickUpDayId).pickUpDate),
      ];
    }
    const last = lines.at(-1);
    if (lines.length < LINES_PER_READ || last === undefined) break;
    after = { orderId: last.orderId, lineId: last.lineId };
  }
  yield [
    null,
    null,
    text('Total'),
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    num(sum.quantity),
    null,
    money(sum.subtotal),
    money(sum.tax),
    money(sum.total),
    null,
    null,
  ];
}

/**
 * CurrentSeasonOrdersWithProducts: one row per order line of the current season's orders that are not deleted.
 * The rows are read as the workbook is written (see seasonLineRows).
 */
export function currentSeasonOrdersSheet(shop: Shop): ExportSheet {
  const season = currentSeason(shop);
  const rows = seasonLineRows(shop, season);
  return {
    name: `Orders ${seasonLabel(season)}`,
    headers: [
      'Order Id',
      'Order Date',
      'Name',
      'Email',
      'Phone Number',
      'Work Phone Number',
      'Tax Exempt',
      'Product Id',
      'Product',
      'Size',
      'Product Type',
      'Quantity',
      'Unit Price',
      'Subtotal',
      'Tax',
      'Line Total',
      'Comments',
      'Picked Up',
      'Picked Up By',
      'Paid By',
      'Pick-up Day',
    ],
    rows,
    widths: [9, 17, 24, 30, 16, 16, 10, 10, 34, 14, 22, 9, 11, 11, 9, 11, 40, 17, 20, 9, 12],
  };
}

/**
 * The Pick-up sheet of CurrentSeasonOrdersWithProducts: one row per order of the current season that is not
 * deleted, with its check-in and what was paid at the counter, and the season's sums.
 */
export function seasonPickupSheet(shop: Shop): ExportSheet {
  const season = currentSeason(shop);
  // Read when the workbook is written, LINES_PER_READ orders at a time, each order's cells made as its row is.
  function* pickupRows(): Generator<ExportCell[]> {
    const read = shop.db
      .select({
        orderId: orders.orderId,
        name: orders.name,
        phoneNumber: orders.phoneNumber,
        totalCents: orders.totalCents,
        ...pickupColumns,
      })
      .from(orders)
      .where(
        and(
          eq(orders.seasonPurchased, season),
          isNull(orders.deletedAt),
          gt(orders.orderId, sql.placeholder('after')),
        ),
      )
      .orderBy(asc(orders.orderId))
      .limit(LINES_PER_READ)
      .prepare();
    const sum = { total: 0, paid: 0, pickedUp: 0, orders: 0 };
    for (let after = 0; ; ) {
      const list = read.all({ after });
      for (const o of list) {
        const paid = o.paidMethod !== null && o.paidCents !== null;
        sum.orders += 1;
        sum.total += o.totalCents;
        if (paid) sum.paid += o.paidCents ?? 0;
        if (o.pickedUpAt !== null) sum.pickedUp += 1;
        yield [
          num(o.orderId),
          text(o.name),
          text(o.phoneNumber),
          money(o.totalCents),
          o.pickedUpAt === null ? text('Waiting') : date(o.pickedUpAt),
          o.pickedUpAt === null ? null : text(o.pickedUpBy),
          paid ? text(paidMethodName(o.paidMethod ?? 'cash')) : null,
          paid ? money(o.paidCents ?? 0) : null,
          paid ? text(o.paidCheckNumber) : null,
          paid && o.paidAt !== null ? date(o.paidAt) : null,
          paid ? text(o.paidBy) : null,
        ];
      }
      const last = list.at(-1);
      if (list.length < LINES_PER_READ || last === undefined) break;
      after = last.orderId;
    }
    yield [
      null,
      text('Total'),
      null,
      money(sum.total),
      text(`${sum.pickedUp} of ${sum.orders} picked up`),
      null,
      null,
      money(sum.paid),
      null,
      null,
      null,
    ];
  }
  const rows = pickupRows();
  return {
    name: `Pick-up ${seasonLabel(season)}`,
    headers: [
      'Order Id',
      'Name',
      'Phone Number',
      'Order Total',
      'Picked Up',
      'Picked Up By',
      'Paid By',
      'Paid',
      'Check Number',
      'Paid On',
      'Payment Taken By',
    ],
    rows,
    widths: [9, 24, 16, 12, 22, 20, 9, 11, 14, 17, 20],
  };
}

export function currentSeasonOrdersExport(shop: Shop, signal?: AbortSignal): Promise<FileAnswer> {
  return workbookAnswer(
    shop,
    'CurrentSeasonOrdersWithProducts',
    (seen) => [currentSeasonOrdersSheet(seen), seasonPickupSheet(seen)],
    signal,
  );
}
