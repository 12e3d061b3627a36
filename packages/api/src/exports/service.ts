import type { YearOverYear } from '@nursery/domain';

export type { YearOverYear, YearOverYearSeason } from '@nursery/domain';

import { orderLines, orders, products, productTypes } from '@nursery/db';
import {
  formatMoney,
  ProductStatus,
  productStatusName,
  seasonLabel,
  toDollars,
  zonedParts,
} from '@nursery/domain';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { FileAnswer } from '../input.ts';
import type { Shop } from '../shop.ts';
import { currentSeason, figuresFor, stockLevels } from '../stock/levels.ts';
import {
  bool,
  date,
  type ExportCell,
  type ExportSheet,
  money,
  num,
  text,
  writeWorkbookBase64,
} from './workbook.ts';

export const EXCEL_CONTENT_TYPE = 'application/vnd.ms-excel';

/** The spec's download name: the shop's date today, then the export's name. */
export function exportFileName(shop: Shop, name: string): string {
  const p = zonedParts(shop.now(), shop.config.shop.timeZone);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return `${day} ${name}.xls`;
}

async function answer(shop: Shop, name: string, sheets: ExportSheet[]): Promise<FileAnswer> {
  return {
    contentType: EXCEL_CONTENT_TYPE,
    fileName: exportFileName(shop, name),
    body: await writeWorkbookBase64(sheets, shop.config.shop.timeZone),
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

export function stockExport(shop: Shop): Promise<FileAnswer> {
  return answer(shop, 'ProductStock', [stockSheet(shop)]);
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Orders and revenue per month for every season with orders, oldest season first, months in season
 * order. Revenue is the order subtotal before tax, as on the Stock screen; deleted orders do not count.
 */
export function yearOverYearData(shop: Shop): YearOverYear {
  const { timeZone } = shop.config.shop;
  const start = shop.config.seasonStartMonth;
  const monthOrder = Array.from({ length: 12 }, (_, i) => ((start - 1 + i) % 12) + 1);
  const slot = new Map(monthOrder.map((m, i) => [m, i]));
  const rows = shop.db
    .select({
      season: orders.seasonPurchased,
      createdAt: orders.createdAt,
      subtotalCents: orders.subtotalCents,
    })
    .from(orders)
    .where(isNull(orders.deletedAt))
    .all();
  const bySeason = new Map<number, { orders: number[]; cents: number[] }>();
  const current = currentSeason(shop);
  bySeason.set(current, { orders: Array(12).fill(0), cents: Array(12).fill(0) });
  for (const row of rows) {
    let s = bySeason.get(row.season);
    if (!s) {
      s = { orders: Array(12).fill(0), cents: Array(12).fill(0) };
      bySeason.set(row.season, s);
    }
    const i = slot.get(zonedParts(row.createdAt, timeZone).month) ?? 0;
    s.orders[i] = (s.orders[i] ?? 0) + 1;
    s.cents[i] = (s.cents[i] ?? 0) + row.subtotalCents;
  }
  const seasons = [...bySeason.entries()]
    .sort(([a], [b]) => a - b)
    .map(([season, s]) => {
      const totalCents = s.cents.reduce((a, b) => a + b, 0);
      return {
        season,
        label: seasonLabel(season),
        orders: s.orders,
        revenue: s.cents.map(toDollars),
        totalOrders: s.orders.reduce((a, b) => a + b, 0),
        totalRevenue: toDollars(totalCents),
        displayTotalRevenue: formatMoney(totalCents),
      };
    });
  return {
    months: monthOrder.map((month) => ({ month, label: MONTH_NAMES[month - 1] ?? String(month) })),
    seasons,
  };
}

export function yearOverYearSheet(shop: Shop): ExportSheet {
  const data = yearOverYearData(shop);
  const headers = ['Month'];
  for (const s of data.seasons) headers.push(`${s.label} Orders`, `${s.label} Revenue`);
  const rows: ExportCell[][] = data.months.map((m, i) => {
    const row: ExportCell[] = [text(m.label)];
    for (const s of data.seasons)
      row.push(num(s.orders[i] ?? 0), money(Math.round((s.revenue[i] ?? 0) * 100)));
    return row;
  });
  const total: ExportCell[] = [text('Total')];
  for (const s of data.seasons) total.push(num(s.totalOrders), money(Math.round(s.totalRevenue * 100)));
  rows.push(total);
  return {
    name: 'YearOverYearByMonth',
    headers,
    rows,
    widths: [8, ...data.seasons.flatMap(() => [15, 16])],
  };
}

export function yearOverYearExport(shop: Shop): Promise<FileAnswer> {
  return answer(shop, 'YearOverYearByMonth', [yearOverYearSheet(shop)]);
}

/** CurrentSeasonOrdersWithProducts: one row per order line of the current season's orders that are not deleted. */
export function currentSeasonOrdersSheet(shop: Shop): ExportSheet {
  const season = currentSeason(shop);
  const lines = shop.db
    .select({
      orderId: orders.orderId,
      createdAt: orders.createdAt,
      name: orders.name,
      email: orders.email,
      phoneNumber: orders.phoneNumber,
      workPhoneNumber: orders.workPhoneNumber,
      isTaxExempt: orders.isTaxExempt,
      comments: orders.comments,
      productId: orderLines.productId,
      productName: products.name,
      productSize: products.productSize,
      productType: productTypes.name,
      quantity: orderLines.quantity,
      unitPriceCents: orderLines.unitPriceCents,
      subtotalCents: orderLines.subtotalCents,
      taxCents: orderLines.taxCents,
      totalCents: orderLines.totalCents,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
    .innerJoin(products, eq(products.productId, orderLines.productId))
    .innerJoin(productTypes, eq(productTypes.productTypeId, products.productTypeId))
    .where(and(eq(orders.seasonPurchased, season), isNull(orders.deletedAt)))
    .orderBy(asc(orders.orderId), asc(orderLines.orderProductXrefId))
    .all();
  const sum = { quantity: 0, subtotal: 0, tax: 0, total: 0 };
  const rows: ExportCell[][] = lines.map((l) => {
    sum.quantity += l.quantity;
    sum.subtotal += l.subtotalCents;
    sum.tax += l.taxCents;
    sum.total += l.totalCents;
    return [
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
    ];
  });
  rows.push([
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
  ]);
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
    ],
    rows,
    widths: [9, 17, 24, 30, 16, 16, 10, 10, 34, 14, 22, 9, 11, 11, 9, 11, 40],
  };
}

export function currentSeasonOrdersExport(shop: Shop): Promise<FileAnswer> {
  return answer(shop, 'CurrentSeasonOrdersWithProducts', [currentSeasonOrdersSheet(shop)]);
}
