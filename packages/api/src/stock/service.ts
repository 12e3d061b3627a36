import type { StockHistoryEntry, StockUpdateResult } from '@nursery/domain';

export type { StockHistoryEntry, StockUpdateResult } from '@nursery/domain';

import { products, stockChanges } from '@nursery/db';
import {
  formatDateTime,
  ProductStatus,
  relativeTime,
  type StockUpdateInput,
  seasonLabel,
} from '@nursery/domain';
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { requireProduct, staffName } from '../catalog/adminService.ts';
import { loadProducts } from '../catalog/productShape.ts';
import { ShopError } from '../errors.ts';
import type { Shop } from '../shop.ts';
import type { StaffIdentity } from '../trpc.ts';
import { tellWaitlists } from '../waitlist/service.ts';
import { queueWebhookEvent } from '../webhooks/events.ts';
import { markSoldOutWhenEmpty } from './alerts.ts';
import { currentSeason } from './levels.ts';

const historyColumns = {
  productQuantityId: stockChanges.productQuantityId,
  productId: stockChanges.productId,
  changeInStock: stockChanges.changeInStock,
  changedByName: stockChanges.changedByName,
  createdAt: stockChanges.createdAt,
  notes: stockChanges.notes,
  season: stockChanges.season,
};

interface HistoryRow {
  productQuantityId: number;
  productId: number;
  changeInStock: number;
  changedByName: string;
  createdAt: number;
  notes: string | null;
  season: number;
}

function toEntry(shop: Shop, row: HistoryRow): StockHistoryEntry {
  const now = shop.now();
  return {
    productQuantityId: row.productQuantityId,
    productId: row.productId,
    changeInStock: row.changeInStock,
    fullName: row.changedByName,
    createdTimestamp: new Date(row.createdAt).toISOString(),
    displayCreatedTimestamp: formatDateTime(row.createdAt, shop.config.shop.timeZone),
    createdTimestampMinutesHoursDaysAgo: relativeTime(row.createdAt, now),
    notes: row.notes,
    season: row.season,
    displaySeason: seasonLabel(row.season),
  };
}

/**
 * GetProductQuantityHistory: the changes that make up the product's current stock, i.e. those of
 * the current season (stock is counted per season), newest first; another season on request.
 */
export function stockHistory(
  shop: Shop,
  productId: number,
  options: { season?: number } = {},
): StockHistoryEntry[] {
  requireProduct(shop, productId);
  const season = options.season ?? currentSeason(shop);
  return shop.db
    .select(historyColumns)
    .from(stockChanges)
    .where(and(eq(stockChanges.productId, productId), eq(stockChanges.season, season)))
    .orderBy(desc(stockChanges.createdAt), desc(stockChanges.productQuantityId))
    .all()
    .map((row) => toEntry(shop, row));
}

/**
 * InsertProductStockUpdates: all changes in one transaction, recorded under the staff member's name
 * in the current season of the shop's own calendar. A tracked product left with nothing becomes
 * Sold Out and the stock list is e-mailed; one that can be ordered again tells its waitlist.
 */
export function insertStockUpdates(
  shop: Shop,
  staff: StaffIdentity,
  updates: readonly StockUpdateInput[],
): StockUpdateResult {
  const ids = [...new Set(updates.map((u) => u.productId))];
  const live = new Set(
    shop.db
      .select({ productId: products.productId })
      .from(products)
      .where(
        and(
          inArray(products.productId, ids),
          isNull(products.deletedAt),
          ne(products.productStatus, ProductStatus.Deleted),
        ),
      )
      .all()
      .map((r) => r.productId),
  );
  const missing = ids.filter((id) => !live.has(id));
  if (missing.length > 0) {
    throw new ShopError({
      kind: 'bad_request',
      message: `Stock can only be recorded for existing products; there is no product with id ${missing.join(', ')}. Nothing was saved.`,
    });
  }

  const season = currentSeason(shop);
  const changedBy = staffName(staff);
  const now = shop.now().getTime();
  const written = shop.db.transaction(() => {
    const rows = updates.map((u) =>
      shop.db
        .insert(stockChanges)
        .values({
          productId: u.productId,
          season,
          changeInStock: u.changeInStock,
          notes: u.notes,
          changedByName: changedBy,
          changedByEmail: staff.email || null,
          createdAt: now,
        })
        .returning(historyColumns)
        .get(),
    );
    markSoldOutWhenEmpty(shop, ids, { changedBy });
    tellWaitlists(shop, ids);
    // The same body as this call's answer, read inside the change.
    queueWebhookEvent(
      shop,
      'stock.changed',
      (): StockUpdateResult => ({
        products: loadProducts(shop, inArray(products.productId, ids)),
        productQuantities: rows.map((row) => toEntry(shop, row)),
      }),
    );
    return rows;
  });
  shop.catalogCache.invalidate();
  shop.flushEmail();
  shop.webhooks.flush();
  return {
    products: loadProducts(shop, inArray(products.productId, ids)),
    productQuantities: written.map((row) => toEntry(shop, row)),
  };
}
