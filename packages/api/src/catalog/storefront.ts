import { products } from '@nursery/db';
import { STOREFRONT_STATUSES } from '@nursery/domain';
import { and, inArray, isNull } from 'drizzle-orm';
import type { RawJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import { loadProducts, type Product } from './productShape.ts';

const CACHE_KEY = 'productsToShow';

/** What the storefront lists: Active, Sold Out, Call for Availability and Nursery, never deleted. */
export function buildProductsToShow(shop: Shop): Product[] {
  return loadProducts(
    shop,
    and(inArray(products.productStatus, [...STOREFRONT_STATUSES]), isNull(products.deletedAt)),
  );
}

/**
 * GetProductsToShow, serialized once and served from memory until a change to products, prices,
 * stock or orders invalidates it; `ignoreCache` rebuilds it, e.g. after editing the database by hand.
 */
export function productsToShow(shop: Shop, options: { ignoreCache?: boolean } = {}): RawJson<Product[]> {
  const build = () => buildProductsToShow(shop);
  return options.ignoreCache
    ? shop.catalogCache.rebuild(CACHE_KEY, build)
    : shop.catalogCache.get(CACHE_KEY, build);
}
