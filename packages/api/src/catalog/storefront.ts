import { setImmediate as nextTurn } from 'node:timers/promises';
import { products } from '@nursery/db';
import { STOREFRONT_STATUSES, type StorefrontProduct } from '@nursery/domain';
import { and, inArray, isNull } from 'drizzle-orm';
import type { RawJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';
import { loadProducts, loadProductsInTurns, type Product } from './productShape.ts';

export type { StorefrontProduct };

const shownProducts = () =>
  and(inArray(products.productStatus, [...STOREFRONT_STATUSES]), isNull(products.deletedAt));

function toStorefrontProduct({
  numSold,
  displayNumSold,
  productRevenue,
  displayProductRevenue,
  version,
  ...shown
}: Product): StorefrontProduct {
  return shown;
}

/** What the storefront lists: Active, Sold Out, Call for Availability and Nursery, never deleted. */
export function buildProductsToShow(shop: Shop): StorefrontProduct[] {
  return loadProducts(shop, shownProducts()).map(toStorefrontProduct);
}

/**
 * The list after an order: only the ordered products are read again (their stock, Sold Out), each put back
 * in its place, so the list costs a few rows instead of a rebuild whose stock sums grow with the shop. A
 * product no longer shown leaves; one newly shown goes where the full build's order (name, id) puts it.
 */
export function updateProductsToShow(
  shop: Shop,
  previous: readonly StorefrontProduct[],
  changed: ReadonlySet<number>,
): StorefrontProduct[] {
  const fresh = new Map(
    loadProducts(shop, and(shownProducts(), inArray(products.productId, [...changed]))).map((p) => [
      p.productId,
      toStorefrontProduct(p),
    ]),
  );
  const next: StorefrontProduct[] = [];
  for (const product of previous) {
    if (!changed.has(product.productId)) next.push(product);
    else {
      const now = fresh.get(product.productId);
      if (now) next.push(now);
      fresh.delete(product.productId);
    }
  }
  for (const added of fresh.values()) {
    const at = next.findIndex((p) => nameOrder(added, p) < 0);
    next.splice(at === -1 ? next.length : at, 0, added);
  }
  return next;
}

/** The full build's order: name as SQLite compares text (by code point), then id. */
function nameOrder(a: StorefrontProduct, b: StorefrontProduct): number {
  if (a.name !== b.name) return Buffer.compare(Buffer.from(a.name), Buffer.from(b.name));
  return a.productId - b.productId;
}

/**
 * GetProductsToShow, serialized once and served from memory until a change to products, prices,
 * stock or orders invalidates it (an order updates only its products); `ignoreCache` rebuilds it, e.g.
 * after editing the database by hand.
 */
export function productsToShow(
  shop: Shop,
  options: { ignoreCache?: boolean } = {},
): RawJson<StorefrontProduct[]> {
  const build = () => buildProductsToShow(shop);
  const key = productsToShowKey(shop);
  return options.ignoreCache
    ? shop.catalogCache.rebuild(key, build, updaterOf(shop))
    : shop.catalogCache.get(key, build, updaterOf(shop));
}

/**
 * Stock and Sold Out are counted per season: on July 1 (in the shop's zone) the answer changes with nothing
 * written, so the season is part of the key and the first request of a new season rebuilds.
 */
const productsToShowKey = (shop: Shop) => `productsToShow:${currentSeason(shop)}`;

const updaterOf =
  (shop: Shop) =>
  (previous: StorefrontProduct[], changed: ReadonlySet<number>): StorefrontProduct[] =>
    updateProductsToShow(shop, previous, changed);

/**
 * After a change to much of the catalogue (a sheet of thousands of rows applied), every kept answer is
 * dropped and the storefront's list made anew before the change is answered, its reads a turn of the event
 * loop each: the first visitor's read afterwards rebuilt 5,000 more products in one go (loop held 76 ms).
 */
export async function remakeProductsToShow(shop: Shop): Promise<void> {
  await shop.catalogCache.remake(
    productsToShowKey(shop),
    async () => {
      const shown = (await loadProductsInTurns(shop, shownProducts())).map(toStorefrontProduct);
      // Its text is made in a turn of its own.
      await nextTurn();
      return shown;
    },
    updaterOf(shop),
  );
}

/** The cached list indexed by id, once per list (a new list is a new RawJson, so an index never goes stale). */
const listIndexes = new WeakMap<RawJson<StorefrontProduct[]>, Map<number, StorefrontProduct>>();

/**
 * One product as the storefront shows it, from the cached list: a product page shows exactly what the list
 * shows (and what the cart prices), and null for a product the storefront does not show (unknown, deleted,
 * Inactive, Special Order).
 */
export function storefrontProduct(shop: Shop, productId: number): StorefrontProduct | null {
  const list = productsToShow(shop);
  let index = listIndexes.get(list);
  if (!index) {
    index = new Map(list.value.map((p) => [p.productId, p]));
    listIndexes.set(list, index);
  }
  return index.get(productId) ?? null;
}

/** The first product of the storefront's list (the first card /Products draws), or null when it shows none. */
export function firstStorefrontProduct(shop: Shop): StorefrontProduct | null {
  return productsToShow(shop).value[0] ?? null;
}

/** A product page in the sitemap: its address parts and when it last changed (ms since the epoch). */
export interface SitemapProduct {
  productId: number;
  name: string;
  lastModified: number;
}

/** The products the storefront shows, by id, with their last change (the product's own row, not its stock). */
export function sitemapProducts(shop: Shop): SitemapProduct[] {
  return shop.db
    .select({
      productId: products.productId,
      name: products.name,
      updatedAt: products.updatedAt,
      createdAt: products.createdAt,
    })
    .from(products)
    .where(shownProducts())
    .orderBy(products.productId)
    .all()
    .map((row) => ({
      productId: row.productId,
      name: row.name,
      lastModified: row.updatedAt ?? row.createdAt,
    }));
}
