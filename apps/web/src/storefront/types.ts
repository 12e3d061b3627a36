import type { RouterOutputs } from '@nursery/api/types';

/** A product as GetProductsToShow sends it to the storefront. */
export type StorefrontProduct = RouterOutputs['catalog']['productsToShow'][number];
export type ProductPrice = StorefrontProduct['prices'][number];
export type Setting = RouterOutputs['settings']['all'][number];
export type SiteConfig = RouterOutputs['site']['config'];
export type PlacedOrder = RouterOutputs['orders']['byId'];
