import { products } from '@nursery/db';
import { isOrderableOnline, ProductStatus, seasonLabel } from '@nursery/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { getSetting } from '../settings/service.ts';
import type { Shop } from '../shop.ts';
import { currentSeason, stockLevels } from './levels.ts';

/** The ProductStockEmails setting as a list of addresses; staff may separate them with commas, semicolons or spaces. */
export function productStockEmails(shop: Shop): string[] {
  const value = getSetting(shop, 'ProductStockEmails')?.value ?? '';
  return [
    ...new Set(
      value
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter((s) => s.includes('@')),
    ),
  ];
}

export interface SoldOutProduct {
  productId: number;
  name: string;
  productSize: string;
}

/**
 * DECISIONS: a tracked product that has nothing left becomes Sold Out and the ProductStockEmails list
 * is told. Only products that could be sold (Active, Nursery) change: staff's own choice of Call for
 * Availability or Inactive is kept. Call inside the transaction that changed the stock, then flushEmail.
 */
export function markSoldOutWhenEmpty(
  shop: Shop,
  productIds: readonly number[],
  options: { changedBy: string },
): SoldOutProduct[] {
  if (productIds.length === 0) return [];
  const season = currentSeason(shop);
  const levels = stockLevels(shop, { productIds, season });
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
      .set({ productStatus: ProductStatus.SoldOut, updatedAt: now })
      .where(and(eq(products.productId, p.productId), eq(products.productStatus, p.productStatus)))
      .run();
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
    `Last change by ${options.changedBy}. Record new stock on the Stock screen and set the status back to Active to sell them again.`,
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
