/**
 * The back office's list filters as the address carries them (?q=oak&page=2), so a link or the Back button
 * brings a list back as it was. Anything unreadable (a page of 0, a number where text belongs) is dropped
 * rather than refused: a hand-edited address or an old bookmark still opens the screen.
 *
 * Plain checks rather than a zod schema: these run in router.tsx, which is part of every storefront page's
 * first load, and zod there added 15 KB (gzipped) to it.
 */
export interface CatalogListSearch {
  /** The filter text. */
  q?: string;
  /** The table's page, 1 for the first (left out then). */
  page?: number;
}

export interface ContactsSearch extends CatalogListSearch {
  /** Messages marked as spam are shown too (they are hidden unless asked for). */
  spam?: true;
}

export function searchText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function searchPage(value: unknown): number | undefined {
  const page = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof page === 'number' && Number.isSafeInteger(page) && page > 1 ? page : undefined;
}

/** Products, Stock and Photos. */
export function catalogListSearch(search: Record<string, unknown>): CatalogListSearch {
  const q = searchText(search.q);
  const page = searchPage(search.page);
  return { ...(q === undefined ? {} : { q }), ...(page === undefined ? {} : { page }) };
}

export function contactsSearch(search: Record<string, unknown>): ContactsSearch {
  return {
    ...catalogListSearch(search),
    ...(search.spam === true || search.spam === 'true' ? { spam: true } : {}),
  };
}

/** The table's page index (0 for the first) and back. */
export const pageIndexOf = (page: number | undefined): number => (page ?? 1) - 1;
export const pageOf = (pageIndex: number): number | undefined => (pageIndex > 0 ? pageIndex + 1 : undefined);
