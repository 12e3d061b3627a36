import {
  idList,
  inIdList,
  orderLines,
  orders,
  perConnection,
  type ShopDatabase,
  type ShopDb,
  seasonRollovers,
  stockChanges,
} from '@nursery/db';
import { seasonOf } from '@nursery/domain';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ShopRecords } from '../shop.ts';

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

const seasonByMinute = new WeakMap<ShopRecords, { minute: number; season: number }>();
/** The calendar's part alone: a function of the clock, which no write changes (see currentSeason). */
const calendarByMinute = new WeakMap<ShopRecords, { minute: number; season: number }>();

/** The season the calendar is in, judged by the shop's own calendar. */
export function calendarSeason(shop: ShopRecords): number {
  return seasonOf(shop.now(), shop.config.shop.timeZone, shop.config.seasonStartMonth);
}

/**
 * Prepared once per connection: the order writer asks before every batch (a season staff started on the
 * server's connection counts from the next order), where building and preparing it each time cost more than
 * the statement.
 */
const latestStartedStatement = perConnection((db: ShopDb) =>
  db
    .select({ season: sql<number | null>`max(${seasonRollovers.toSeason})` })
    .from(seasonRollovers)
    .prepare(),
);

/** The newest season staff started (Settings → New season), or null when they never did. */
export function latestStartedSeason(shop: ShopRecords): number | null {
  return latestStartedStatement(shop.db).get()?.season ?? null;
}

/**
 * The season orders and stock belong to now: the calendar's, or the one staff started ahead of it, whichever
 * is later. Formatting the date in the shop's zone costs more than the rest of serving the cached product
 * list, so it is worked out once a minute: a season starts at local midnight, and every time zone's midnight
 * falls on a whole minute, so the answer is the same as computing it every time. Starting a season and a
 * restore call `seasonChanged`, so neither waits for the minute to pass.
 */
export function currentSeason(shop: ShopRecords): number {
  const minute = Math.floor(shop.now().getTime() / 60_000);
  const known = seasonByMinute.get(shop);
  if (known?.minute === minute) return known.season;
  let calendar = calendarByMinute.get(shop);
  if (calendar?.minute !== minute) {
    calendar = { minute, season: calendarSeason(shop) };
    calendarByMinute.set(shop, calendar);
  }
  const season = Math.max(calendar.season, latestStartedSeason(shop) ?? Number.NEGATIVE_INFINITY);
  seasonByMinute.set(shop, { minute, season });
  return season;
}

/** Forgets the season worked out this minute, after a write that may change it (the calendar's part stays). */
export function seasonChanged(shop: ShopRecords): void {
  seasonByMinute.delete(shop);
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
  shop: ShopRecords,
  options: {
    productIds?: readonly number[];
    season?: number;
    /**
     * Only what a stock check needs: sales are summed for counted products alone (the others have no
     * limit), so placing an order does not re-read every earlier order of an uncounted product.
     */
    trackedOnly?: boolean;
    /** How the given products' counted stock is read: from the database (`countedStock`) unless given. */
    countedStock?: CountedStockReader;
    /** Where the season's order ids lie: from the database (`seasonOrderRanges`) unless given. */
    orderRanges?: OrderRangesReader;
  } = {},
): Map<number, StockFigures> {
  const season = options.season ?? currentSeason(shop);
  const ids = options.productIds;
  const figures = new Map<number, StockFigures>();
  if (ids && ids.length === 0) return figures;

  const statements = levelStatements(shop.db);
  let stock: Map<number, number>;
  if (ids) {
    stock = (options.countedStock ?? countedStock)(shop, ids, season);
  } else {
    stock = new Map();
    for (const row of statements.stockOfAll.all({ season })) stock.set(row.productId, row.stock);
  }
  for (const [productId, currentStock] of stock) {
    figures.set(productId, { ...untrackedFigures(productId), isStockTracked: true, currentStock });
  }

  const soldIds = options.trackedOnly ? [...figures.keys()] : ids;
  if (soldIds && soldIds.length === 0) return figures;
  // A few products (an order's, a stock change's): their own lines through the product index. Many (a
  // screen's, the storefront's list): the season's orders first, so the cost is this season's lines and
  // never grows with past seasons (every season's lines of 150 products cost 20 times more at 100,000 orders).
  const byProduct = soldIds !== undefined && soldIds.length <= FEW_PRODUCTS;
  const wanted = soldIds && !byProduct ? new Set(soldIds) : null;
  const soldRows = byProduct
    ? soldOfFew(shop, season, soldIds, options.orderRanges ?? seasonOrderRanges)
    : statements.soldOfAll.all({ season });
  for (const row of soldRows) {
    if (wanted && !wanted.has(row.productId)) continue;
    const f = figures.get(row.productId) ?? untrackedFigures(row.productId);
    figures.set(row.productId, { ...f, numSold: row.sold, revenueCents: row.revenue });
  }

  for (const f of figures.values()) {
    f.calculatedStock = f.isStockTracked ? f.currentStock - f.numSold : null;
  }
  return figures;
}

export type CountedStockReader = (
  shop: ShopRecords,
  productIds: readonly number[],
  season: number,
) => Map<number, number>;

/**
 * The stock staff counted for these products in the season (the sum of its stock changes), for those that have
 * any: the others are not stock-tracked.
 */
export function countedStock(
  shop: ShopRecords,
  productIds: readonly number[],
  season: number,
): Map<number, number> {
  const stock = new Map<number, number>();
  for (const row of levelStatements(shop.db).stockChangesOf.all({ season, ids: idList(productIds) })) {
    stock.set(row.productId, (stock.get(row.productId) ?? 0) + row.change);
  }
  return stock;
}

/**
 * Order ids after `after` and before `before` (none: every later id). A season's orders are not one run of
 * ids (the demo's orders of every season come first, a restored or merged history may interleave), so its
 * sales are read from each run of it alone: from the season's lowest id on, a product's lines were every
 * later season's too (2,900 lines and their orders at ten seasons, for the 260 of the season).
 */
export interface OrderIdRange {
  after: number;
  before: number | null;
}

export type OrderRangesReader = (shop: ShopRecords, season: number) => readonly OrderIdRange[];

/** Past this many runs of a season's ids, the last range takes in every lower id (still right, only slower). */
const MOST_RANGES = 8;

/**
 * Seeks in the season index alone, whatever the number of orders: the season's highest id at or below an id,
 * and the nearest ids of every other season either side of one (the seasons found by skipping through the
 * index, a seek each).
 */
const rangeStatements = perConnection((database: ShopDatabase) => ({
  highest: database.sqlite
    .prepare('select max(order_id) from orders where season_purchased = :season and order_id <= :at')
    .pluck(),
  around: database.sqlite.prepare(
    `with recursive seasons(season) as (
       select min(season_purchased) from orders
       union all
       select (select min(season_purchased) from orders where season_purchased > seasons.season)
       from seasons where seasons.season is not null
     )
     select
       max((select max(order_id) from orders where season_purchased = seasons.season and order_id < :id)) as below,
       min((select min(order_id) from orders where season_purchased = seasons.season and order_id > :id)) as above
     from seasons where seasons.season is not null and seasons.season <> :season`,
  ),
}));

interface Neighbours {
  below: number | null;
  above: number | null;
}

/**
 * The ranges of ids that hold every order of the season, and, but for the last range when there are more than
 * `MOST_RANGES` runs, no order of any other season; newest first. The newest range is open above when no
 * other season has a later order, so orders placed meanwhile are in it.
 */
export function seasonOrderRanges(shop: ShopRecords, season: number): OrderIdRange[] {
  const statements = rangeStatements(shop.database);
  const ranges: OrderIdRange[] = [];
  let at = statements.highest.get({ season, at: Number.MAX_SAFE_INTEGER }) as number | null;
  while (at !== null) {
    const { below, above } = statements.around.get({ season, id: at }) as Neighbours;
    if (ranges.length === MOST_RANGES - 1 || below === null) {
      ranges.push({ after: 0, before: above });
      break;
    }
    ranges.push({ after: below, before: above });
    at = statements.highest.get({ season, at: below }) as number | null;
  }
  return ranges;
}

/** The season's sales of a few products, summed over the runs of the season's ids, by product id. */
function soldOfFew(
  shop: ShopRecords,
  season: number,
  productIds: readonly number[],
  orderRanges: OrderRangesReader,
): { productId: number; sold: number; revenue: number }[] {
  const { soldOf } = levelStatements(shop.db);
  const ids = idList(productIds);
  const sums = new Map<number, { productId: number; sold: number; revenue: number }>();
  for (const { after, before } of orderRanges(shop, season)) {
    for (const row of soldOf.all({ season, ids, after, before: before ?? Number.MAX_SAFE_INTEGER })) {
      const sum = sums.get(row.productId);
      if (sum) {
        sum.sold += row.sold;
        sum.revenue += row.revenue;
      } else sums.set(row.productId, { ...row });
    }
  }
  return [...sums.values()].sort((a, b) => a.productId - b.productId);
}

/** Up to this many products, sales are summed through each product's own lines rather than the season's. */
const FEW_PRODUCTS = 16;

/** The two aggregates of `stockLevels`, for a list of products or for all, prepared once per connection. */
const levelStatements = perConnection((db: ShopDb) => {
  const stockOfAll = db
    .select({
      productId: stockChanges.productId,
      stock: sql<number>`coalesce(sum(${stockChanges.changeInStock}), 0)`,
    })
    .from(stockChanges)
    .where(eq(stockChanges.season, sql.placeholder('season')))
    .groupBy(stockChanges.productId)
    .prepare();
  // An order's few products: their few changes, summed in `stockLevels`. Every submit runs this; with GROUP BY
  // SQLite took 15-30 us for it even when no row matched, without 5 us.
  const stockChangesOf = db
    .select({ productId: stockChanges.productId, change: stockChanges.changeInStock })
    .from(stockChanges)
    .where(and(eq(stockChanges.season, sql.placeholder('season')), inIdList(stockChanges.productId, 'ids')))
    .prepare();
  const sums = {
    productId: orderLines.productId,
    sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`,
    revenue: sql<number>`coalesce(sum(${orderLines.subtotalCents}), 0)`,
  };
  const sameSeason = and(eq(orders.seasonPurchased, sql.placeholder('season')), isNull(orders.deletedAt));
  // Some products: their lines through the product index, then each line's order. SQLite cannot size a
  // JSON id list and would rather walk every order of the season (which grows all spring); a CROSS JOIN
  // is SQLite's way of fixing the order of the loops. One range of the season's ids at a time
  // (`seasonOrderRanges`): the (product, order) index holds just that range's lines, so other seasons' lines
  // and their orders (mostly pages not in SQLite's cache) are never read.
  const soldOf = db
    .select(sums)
    .from(orderLines)
    .crossJoin(orders)
    .where(
      and(
        inIdList(orderLines.productId, 'ids'),
        gt(orderLines.orderId, sql.placeholder('after')),
        lt(orderLines.orderId, sql.placeholder('before')),
        eq(orders.orderId, orderLines.orderId),
        sameSeason,
      ),
    )
    .groupBy(orderLines.productId)
    .prepare();
  // Every product: the season's orders through the season index, then their lines through the order index.
  // The CROSS JOIN keeps that order: left to itself SQLite may walk every season's lines by product instead.
  const soldOfAll = db
    .select(sums)
    .from(orders)
    .crossJoin(orderLines)
    .where(and(sameSeason, eq(orderLines.orderId, orders.orderId)))
    .groupBy(orderLines.productId)
    .prepare();
  return { stockChangesOf, stockOfAll, soldOf, soldOfAll };
});

export function figuresFor(levels: ReadonlyMap<number, StockFigures>, productId: number): StockFigures {
  return levels.get(productId) ?? untrackedFigures(productId);
}
