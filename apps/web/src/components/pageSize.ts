// The user's page size choice, shared by DataTable and every screen that pages a table of its own.
/** The spec's page size options and default. */
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_STORAGE_PREFIX = 'AW3';

export function pageSizeStorageKey(prefix?: string): string {
  return `${prefix ?? DEFAULT_STORAGE_PREFIX}_default_page_size`;
}

/** The user's stored page size when it is one of the options, else the default. */
export function storedPageSize(prefix?: string): number {
  try {
    const stored = Number(window.localStorage.getItem(pageSizeStorageKey(prefix)));
    return (PAGE_SIZE_OPTIONS as readonly number[]).includes(stored) ? stored : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function storePageSize(size: number, prefix?: string): void {
  try {
    window.localStorage.setItem(pageSizeStorageKey(prefix), String(size));
  } catch {
    // Private browsing may refuse storage; the choice then lasts for this table only.
  }
}
