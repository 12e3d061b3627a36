import { orderLines, orders, stockChanges } from '@nursery/db';
import { seasonOf } from '@nursery/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Shop } from '../shop.ts';

/** A product's stock and sales in one season (DECISIONS: stock is counted per season). */
export interface StockFigures {
  productId: number;
  /** False when staff recorded no stock change this season: the product is not counted and has no limit. */
  isStockTracked: boolean;
  /** Sum of this season's stock changes (0 when untracked). */
  currentStock: number;
  /** Quantity on this season's orders that are not deleted. */
  numSold: number;
  /** Line subtotals (before tax) of those orders, in cents. */
  revenueCents: number;
  /** currentStock - numSold: what is left to sell; null when untracked. */
  calculatedStock: number | null;
}

/** The season today belongs to, judged by the shop's own calendar. */
export function currentSeason(shop: Shop): number {
  return seasonOf(shop.now(), shop.config.shop.timeZone, shop.config.seasonStartMonth);
}

export function untrackedFigures(productId: number): StockFigures {
  return {
    productId,
    isStockTracked: false,
    currentStock: 0,
    numSold: 0,
    revenueCents: 0,
    calculatedStock: null,
  };
}

/**
 * Stock figures for the given products (all products when omitted) in one season, from two
 * grouped SQL aggregates, so the whole catalogue costs two index scans rather than a query per
 * product. Products with neither stock changes nor sales are absent: use `figuresFor`.
 */
export function stockLevels(
  shop: Shop,
  options: { productIds?: readonly number[]; season?: number } = {},
): Map<number, StockFigures> {
  const season = options.season ?? currentSeason(shop);
  const ids = options.productIds;
  const figures = new Map<number, StockFigures>();
  if (ids && ids.length === 0) return figures;

  const stockRows = shop.db
    .select({
      productId: stockChanges.productId,
      stock: sql<number>`coalesce(sum(${stockChanges.changeInStock}), 0)`,
    })
    .from(stockChanges)
    .where(and(eq(stockChanges.season, season), ids ? inArray(stockChanges.productId, [...ids]) : undefined))
    .groupBy(stockChanges.productId)
    .all();
  for (const row of stockRows) {
    figures.set(row.productId, {
      ...untrackedFigures(row.productId),
      isStockTracked: true,
      currentStock: row.stock,
    });
  }

  const soldRows = shop.db
    .select({
      productId: orderLines.productId,
      sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`,
      revenue: sql<number>`coalesce(sum(${orderLines.subtotalCents}), 0)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
    .where(
      and(
        eq(orders.seasonPurchased, season),
        isNull(orders.deletedAt),
        ids ? inArray(orderLines.productId, [...ids]) : undefined,
      ),
    )
    .groupBy(orderLines.productId)
    .all();
  for (const row of soldRows) {
    const f = figures.get(row.productId) ?? untrackedFigures(row.productId);
    figures.set(row.productId, { ...f, numSold: row.sold, revenueCents: row.revenue });
  }

  for (const f of figures.values()) {
    f.calculatedStock = f.isStockTracked ? f.currentStock - f.numSold : null;
  }
  return figures;
}

export function figuresFor(levels: ReadonlyMap<number, StockFigures>, productId: number): StockFigures {
  return levels.get(productId) ?? untrackedFigures(productId);
}
