import type { FilterFn } from '@tanstack/react-table';
import Fuse, { type FuseOptionKey } from 'fuse.js';
import { useCallback, useMemo } from 'react';
import type { AdminProduct } from './types';

/** The admin spec's product search: fuzzy with threshold 0.4. */
export const ADMIN_FUZZY_THRESHOLD = 0.4;

/**
 * The ids of the items matching `text`, or null when there is no text (everything matches).
 * Tables take this as their global filter, so sorting and paging keep working on the matches.
 * Pass `keys` as a constant so the index is rebuilt only when the items change.
 */
export function useFuzzyMatches<T>(
  items: readonly T[] | undefined,
  keys: FuseOptionKey<T>[],
  text: string,
  idOf: (item: T) => number,
): ReadonlySet<number> | null {
  const fuse = useMemo(
    () => new Fuse(items ?? [], { keys, threshold: ADMIN_FUZZY_THRESHOLD, ignoreLocation: true }),
    [items, keys],
  );
  return useMemo(() => {
    const query = text.trim();
    if (!query) return null;
    return new Set(fuse.search(query).map((r) => idOf(r.item)));
  }, [fuse, text, idOf]);
}

const productIdOf = (p: AdminProduct) => p.productId;

/** The catalogue screens' table filter: a row passes when the fuzzy search over `keys` finds it. */
export function useFuzzyProductFilter(
  products: readonly AdminProduct[] | undefined,
  keys: FuseOptionKey<AdminProduct>[],
  text: string,
): FilterFn<AdminProduct> {
  const matches = useFuzzyMatches(products, keys, text, productIdOf);
  return useCallback<FilterFn<AdminProduct>>(
    (row) => matches === null || matches.has(row.original.productId),
    [matches],
  );
}
