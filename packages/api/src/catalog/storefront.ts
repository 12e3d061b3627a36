import { products } from '@nursery/db';
import { STOREFRONT_STATUSES, type StorefrontProduct } from '@nursery/domain';
import { and, inArray, isNull } from 'drizzle-orm';
import type { RawJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';
import { loadProducts } from './productShape.ts';

export type { StorefrontProduct };

/** What the storefront lists: Active, Sold Out, Call for Availability and Nursery, never deleted. */
export function buildProductsToShow(shop: Shop): StorefrontProduct[] {
  return loadProducts(
    shop,
    and(inArray(products.productStatus, [...STOREFRONT_STATUSES]), isNull(products.deletedAt)),
  ).map(({ numSold, displayNumSold, productRevenue, displayProductRevenue, version, ...shown }) => shown);
}

/**
 * GetProductsToShow, serialized once and served from memory until a change to products, prices,
 * stock or orders invalidates it; `ignoreCache` rebuilds it, e.g. after editing the database by hand.
 */
export function productsToShow(
  shop: Shop,
  options: { ignoreCache?: boolean } = {},
): RawJson<StorefrontProduct[]> {
  const build = () => buildProductsToShow(shop);
  // Stock and Sold Out are counted per season: on July 1 (in the shop's zone) the answer changes with
  // nothing written, so the season is part of the key and the first request of a new season rebuilds.
  const key = `productsToShow:${currentSeason(shop)}`;
  return options.ignoreCache ? shop.catalogCache.rebuild(key, build) : shop.catalogCache.get(key, build);
}
