import type Fuse from 'fuse.js';
import type { IFuseOptions } from 'fuse.js';
import { useEffect, useState } from 'react';

/** The fields a visitor's words are matched against, as the spec lists them. */
export interface Searchable {
  productId: number;
  name: string;
  description: string;
  species: string;
  zones: string;
  productType: string;
}

/**
 * The spec's search options. Fuse 7 has no maxPatternLength option any more, so the 32-character
 * limit is applied to the text itself (MAX_PATTERN_LENGTH).
 */
export const SEARCH_OPTIONS: IFuseOptions<Searchable> = {
  threshold: 0.6,
  distance: 80,
  minMatchCharLength: 1,
  shouldSort: true,
  keys: ['name', 'description', 'species', 'zones', 'productType'],
};

export const MAX_PATTERN_LENGTH = 32;

export type FuseClass = typeof Fuse;

let fuseLoading: Promise<FuseClass> | null = null;

/**
 * Fuse loads the first time a visitor goes to search (focus on the box, or text already there), not with
 * the product list: most visits browse by category and never need its 9 KB.
 */
export function loadFuse(): Promise<FuseClass> {
  // The faster searcher (specBitap.ts) comes with Fuse, so neither weighs on the product list's first load.
  fuseLoading ??= Promise.all([import('fuse.js'), import('./specBitap')]).then(([fuse, spec]) => {
    spec.registerSpecSearch(fuse.default);
    return fuse.default;
  });
  return fuseLoading;
}

/** Fuse once it has loaded; asking with `wanted` starts the loading. */
export function useFuse(wanted: boolean): FuseClass | null {
  const [loaded, setLoaded] = useState<FuseClass | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    void loadFuse().then((FuseCtor) => {
      if (current) setLoaded(() => FuseCtor);
    });
    return () => {
      current = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

/**
 * The option that asks for the faster searcher of specBitap.ts, loaded with Fuse by loadFuse (the same string as
 * there: importing it would pull that module into the product list's first load).
 */
const SPEC_SEARCH = 'nurserySpecBitap';

export function createSearchIndex<T extends Searchable>(
  FuseCtor: FuseClass,
  products: readonly T[],
  options: { specSearch?: boolean } = {},
): Fuse<T> {
  return new FuseCtor<T>(products, {
    ...SEARCH_OPTIONS,
    // Off only in the test that compares that searcher with Fuse's own.
    [SPEC_SEARCH]: options.specSearch ?? true,
  } as IFuseOptions<T>);
}

/** Products matching the text, best match first; null when there is nothing to search for. */
export function searchProducts<T extends Searchable>(index: Fuse<T>, text: string): T[] | null {
  const pattern = text.trim().slice(0, MAX_PATTERN_LENGTH);
  if (!pattern) return null;
  return index.search(pattern).map((r) => r.item);
}
