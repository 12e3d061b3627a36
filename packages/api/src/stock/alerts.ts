import { products } from '@nursery/db';
import {
  isEmailAddress,
  isOrderableOnline,
  ProductStatus,
  SETTING_NAMES,
  seasonLabel,
  splitEmailList,
} from '@nursery/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { nextProductVersion } from '../catalog/productShape.ts';
import { storedSetting } from '../settings/read.ts';
import type { ShopRecords } from '../shop.ts';
import { queueProductChanged } from '../webhooks/events.ts';
import { currentSeason, stockLevels } from './levels.ts';

/**
 * The ProductStockEmails setting as a list of addresses, split and checked by the same domain rule as
 * the Settings screen; anything that is not an address (a stray word, "name@") is skipped, and each
 * address is told once whatever its case.
 */
export function productStockEmails(shop: ShopRecords): string[] {
  const value = storedSetting(shop, SETTING_NAMES.productStockEmails)?.value ?? '';
  const seen = new Set<string>();
  return splitEmailList(value).filter((address) => {
    const key = address.toLowerCase();
    if (!isEmailAddress(address) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface SoldOutProduct {
  productId: number;
  name: string;
  productSize: string;
}

/**
 * DECISIONS: a tracked product that has nothing left becomes Sold Out and the ProductStockEmails list
 * is told. Only products that could be sold (Active, Nursery) change: staff's own choice of Call for
 * Availability or Inactive is kept. The one place this rule lives: a stock change, a placed order and
 * a staff order edit all end here. Call inside the transaction that changed the stock (after writing
 * it), then flushEmail. `changedBy` finishes the sentence "Last change by ...".
 */
export function markSoldOutWhenEmpty(
  shop: ShopRecords,
  productIds: readonly number[],
  options: { changedBy: string },
): SoldOutProduct[] {
  if (productIds.length === 0) return [];
  const season = currentSeason(shop);
  const levels = stockLevels(shop, { productIds, season, trackedOnly: true });
  const empty = [...levels.values()]
    .filter((f) => f.isStockTracked && f.calculatedStock !== null && f.calculatedStock <= 0)
    .map((f) => f.productId);
  if (empty.length === 0) return [];
  const candidates = shop.db
    .select({
      productId: products.productId,
      name: products.name,
      productSize: products.productSize,
      productStatus: products.productStatus,
    })
    .from(products)
    .where(inArray(products.productId, empty))
    .all()
    .filter((p) => isOrderableOnline(p.productStatus));
  if (candidates.length === 0) return [];

  const now = shop.now().getTime();
  for (const p of candidates) {
    shop.db
      .update(products)
      // A status change the product editor would otherwise put back: it moves the version on.
      .set({ productStatus: ProductStatus.SoldOut, updatedAt: now, version: nextProductVersion })
      .where(and(eq(products.productId, p.productId), eq(products.productStatus, p.productStatus)))
      .run();
    queueProductChanged(shop, p.productId);
  }

  const recipients = productStockEmails(shop);
  const names = candidates.map((p) => (p.productSize ? `${p.name} - ${p.productSize}` : p.name));
  const subject =
    names.length === 1 ? `Sold out: ${names[0]}` : `Sold out: ${names.length} products (${names.join(', ')})`;
  const text = [
    `These products have no stock left for the ${seasonLabel(season)} season and are now marked Sold Out on the shop:`,
    '',
    ...candidates.map((p, i) => `- ${names[i]} (product ${p.productId})`),
    '',
    `Last change by ${options.changedBy}. Record new stock on the Stock screen and set the status back to Active to sell them again:`,
    `${shop.config.publicUrl}/Admin/Stock`,
  ].join('\n');
  for (const to of recipients) shop.queueEmail({ kind: 'stock-alert', to, subject, text });
  if (recipients.length === 0) {
    shop.log.warn(
      { productIds: candidates.map((p) => p.productId) },
      'products sold out; ProductStockEmails is empty',
    );
  }
  return candidates.map(({ productId, name, productSize }) => ({ productId, name, productSize }));
}
