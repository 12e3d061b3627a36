import Fuse, { type IFuseOptions } from 'fuse.js';

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

export function createSearchIndex<T extends Searchable>(products: readonly T[]): Fuse<T> {
  return new Fuse<T>(products, SEARCH_OPTIONS as IFuseOptions<T>);
}

/** Products matching the text, best match first; null when there is nothing to search for. */
export function searchProducts<T extends Searchable>(index: Fuse<T>, text: string): T[] | null {
  const pattern = text.trim().slice(0, MAX_PATTERN_LENGTH);
  if (!pattern) return null;
  return index.search(pattern).map((r) => r.item);
}
