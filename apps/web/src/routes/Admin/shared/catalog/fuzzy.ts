import type { FilterFn } from '@tanstack/react-table';
import Fuse, { type FuseOptionKey, type IFuseOptions } from 'fuse.js';
import { useCallback, useMemo } from 'react';
import type { AdminProduct } from './types';

/** The admin spec's product search: fuzzy with threshold 0.4. */
export const ADMIN_FUZZY_THRESHOLD = 0.4;

/**
 * The spec names only the threshold, so everything else is Fuse's default. In particular the match is
 * expected near the start of a field (location 0, distance 100): with ignoreLocation, as before, "maple"
 * found two-letter slips anywhere in a description ("ample", "Balled") and matched 47 of 155 products.
 */
export function adminFuzzyOptions<T>(keys: FuseOptionKey<T>[]): IFuseOptions<T> {
  return { keys, threshold: ADMIN_FUZZY_THRESHOLD };
}

/** What the Products screen searches: the product's words, its figures' labels and its status. */
export const PRODUCTS_SEARCH_KEYS: FuseOptionKey<AdminProduct>[] = [
  'name',
  'species',
  'description',
  'productType',
  'productSize',
  'zones',
  'displayProductStatus',
];

/** What the Stock and Photos screens search: what tells one plant and size from another. */
export const PLANT_SEARCH_KEYS: FuseOptionKey<AdminProduct>[] = [
  'name',
  'species',
  'productType',
  'productSize',
];

/** The items matching `text`, best match first (Fuse's score); null when there is no text. */
export function fuzzyRanking<T>(fuse: Fuse<T>, text: string): T[] | null {
  const query = text.trim();
  if (!query) return null;
  return fuse.search(query).map((r) => r.item);
}

const NO_PRODUCTS: readonly AdminProduct[] = [];

/**
 * The catalogue screens' search: the rows in the order to show them and the table filter. While text is
 * typed the matches come first, best first, and the filter lets only them through; a table that keeps the
 * data's order (no column sort chosen) then lists them by relevance. Without text both are the list as it is.
 * The non-matching rows stay in `ordered` (after the matches) so the pager can say "filtered from N".
 * Pass `keys` as a constant so the index is rebuilt only when the products change.
 */
export function useFuzzyProducts(
  products: readonly AdminProduct[] | undefined,
  keys: FuseOptionKey<AdminProduct>[],
  text: string,
): { ordered: readonly AdminProduct[]; filterFn: FilterFn<AdminProduct>; filtering: boolean } {
  const all = products ?? NO_PRODUCTS;
  const fuse = useMemo(() => new Fuse(all, adminFuzzyOptions(keys)), [all, keys]);
  const ranked = useMemo(() => fuzzyRanking(fuse, text), [fuse, text]);
  const ordered = useMemo(() => {
    if (ranked === null) return all;
    const matched = new Set(ranked);
    return [...ranked, ...all.filter((p) => !matched.has(p))];
  }, [all, ranked]);
  const matchedIds = useMemo(
    () => (ranked === null ? null : new Set(ranked.map((p) => p.productId))),
    [ranked],
  );
  const filterFn = useCallback<FilterFn<AdminProduct>>(
    (row) => matchedIds === null || matchedIds.has(row.original.productId),
    [matchedIds],
  );
  return { ordered, filterFn, filtering: ranked !== null };
}
