import { idList, inIdList, perConnection, products, type ShopDb, type Sqlite } from '@nursery/db';
import { and, isNull } from 'drizzle-orm';
import { loadPriceTiers, type TierRow } from '../catalog/productShape.ts';
import { isOnlineOrderingOpen } from '../settings/read.ts';
import type { ShopRecords } from '../shop.ts';
import {
  type CountedStockReader,
  countedStock,
  type OrderIdRange,
  type OrderRangesReader,
  seasonOrderRanges,
} from '../stock/levels.ts';

/** What an order needs to know of a product it names. */
export interface OrderedProduct {
  productId: number;
  name: string;
  productSize: string;
  productTypeId: number;
  productStatus: number;
}

/**
 * What placing an order reads that only staff change: whether online ordering is open, the ordered products,
 * their price tiers and the stock counted for them this season. Sales, the season and pick-up days' bookings
 * are always read afresh.
 */
export interface OrderReads {
  /** Called first in every order, inside its transaction. */
  begin(): void;
  isOrderingOpen(shop: ShopRecords): boolean;
  /** The products of these ids that exist and are not deleted. */
  products(shop: ShopRecords, ids: readonly number[]): OrderedProduct[];
  priceTiers(shop: ShopRecords, ids: readonly number[]): Map<number, TierRow[]>;
  countedStock: CountedStockReader;
  /** Where the season's order ids lie, for its sales of the ordered products. */
  orderRanges: OrderRangesReader;
  /** This order changed these products (marked them Sold Out). */
  productsChanged(ids: readonly number[]): void;
}

const productStatements = perConnection((db: ShopDb) => ({
  byIds: db
    .select({
      productId: products.productId,
      name: products.name,
      productSize: products.productSize,
      productTypeId: products.productTypeId,
      productStatus: products.productStatus,
    })
    .from(products)
    .where(and(inIdList(products.productId, 'ids'), isNull(products.deletedAt)))
    .prepare(),
}));

function readProducts(shop: ShopRecords, ids: readonly number[]): OrderedProduct[] {
  return productStatements(shop.db).byIds.all({ ids: idList(ids) });
}

/**
 * Adds to `kept` the ids it lacks, read together with `read`; an id the read does not answer is kept as
 * `absent` (not sold, no tiers, not counted), so it is not read again either.
 */
function keep<V>(
  kept: Map<number, V>,
  ids: readonly number[],
  absent: V,
  read: (missing: number[]) => Map<number, V>,
): void {
  const missing = ids.filter((id) => !kept.has(id));
  if (missing.length === 0) return;
  const found = read(missing);
  for (const id of missing) kept.set(id, found.get(id) ?? absent);
}

/** Every read from the database, as on the server's own connection, where staff write too. */
export const databaseReads: OrderReads = {
  begin() {},
  isOrderingOpen: isOnlineOrderingOpen,
  products: readProducts,
  priceTiers: loadPriceTiers,
  countedStock,
  orderRanges: seasonOrderRanges,
  productsChanged() {},
};

/**
 * The same reads kept between orders, for a connection that writes nothing but orders (the order writer's
 * thread). They were a fifth to a quarter of the thread's CPU an order, and the thread is the one every order waits for.
 *
 * They stay true because SQLite tells: `PRAGMA data_version` changes when ANY OTHER connection has committed
 * (staff's edits, a new season, a restore), and it is read in every order's transaction, after BEGIN
 * IMMEDIATE, when no other connection can commit until this one does. A product this connection changes
 * itself (marks Sold Out) is read afresh from then on: its change may yet be rolled back with its batch, and
 * the batch may run again order by order (groupCommit.ts). After a batch with a refusal or a failure,
 * everything is read afresh (`forget`).
 */
export function keptReads(sqlite: Sqlite): OrderReads & { forget(): void } {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let version: unknown = null;
  let orderingOpen: boolean | null = null;
  // A product id that is not sold (deleted, never existed) is kept as null, as a found one is.
  const productsById = new Map<number, OrderedProduct | null>();
  const tiersById = new Map<number, TierRow[]>();
  const changedHere = new Set<number>();
  // Staff alone write stock changes (the Stock screen, a new season): a product without any is kept as null.
  let countedSeason: number | null = null;
  const countedById = new Map<number, number | null>();
  // Only this connection's orders are added meanwhile, each with an id above every other: a season's ranges
  // still hold all of its orders when the newest range is open above (one not open is read each time).
  const rangesBySeason = new Map<number, readonly OrderIdRange[]>();

  function forget(): void {
    orderingOpen = null;
    productsById.clear();
    tiersById.clear();
    changedHere.clear();
    countedById.clear();
    rangesBySeason.clear();
  }

  return {
    begin() {
      const now = dataVersion.get();
      if (now !== version) {
        version = now;
        forget();
      }
    },
    isOrderingOpen(shop) {
      orderingOpen ??= isOnlineOrderingOpen(shop);
      return orderingOpen;
    },
    products(shop, ids) {
      if (ids.some((id) => changedHere.has(id))) return readProducts(shop, ids);
      keep(
        productsById,
        ids,
        null,
        (missing) => new Map(readProducts(shop, missing).map((p) => [p.productId, p])),
      );
      return ids.flatMap((id) => productsById.get(id) ?? []);
    },
    priceTiers(shop, ids) {
      keep(tiersById, ids, [], (missing) => loadPriceTiers(shop, missing));
      return new Map(ids.map((id) => [id, tiersById.get(id) ?? []]));
    },
    countedStock(shop, ids, season) {
      if (season !== countedSeason) {
        countedSeason = season;
        countedById.clear();
      }
      keep(countedById, ids, null, (missing) => countedStock(shop, missing, season));
      const stock = new Map<number, number>();
      for (const id of ids) {
        const counted = countedById.get(id);
        if (counted !== null && counted !== undefined) stock.set(id, counted);
      }
      return stock;
    },
    orderRanges(shop, season) {
      const kept = rangesBySeason.get(season);
      if (kept) return kept;
      const ranges = seasonOrderRanges(shop, season);
      if (ranges[0]?.before === null) rangesBySeason.set(season, ranges);
      return ranges;
    },
    productsChanged(ids) {
      for (const id of ids) {
        productsById.delete(id);
        changedHere.add(id);
      }
    },
    forget,
  };
}
