import {
  ORDER_FILTER_MAX,
  ORDER_LIST_SORTS,
  ORDER_PICKUP_FILTERS,
  ORDER_TAX_FILTERS,
  type OrderListSort,
  type OrderPickupFilter,
  type OrderTaxFilter,
} from '@nursery/domain';

/**
 * The admin Orders list's season, filter, page and sort, kept in the address so Back, a reload or a shared
 * link shows the same list: /Admin/Orders?season=2024&q=smith&page=3. Each is left out at its default
 * (the current season, no filter, page 1, newest first).
 */
export interface OrdersSearch {
  /** The season's starting year, or -1 for All Seasons. */
  season?: number;
  q?: string;
  tax?: Exclude<OrderTaxFilter, 'all'>;
  /** Orders of one pick-up day (its number) or of none; left out: every order. */
  day?: number | 'none';
  /** Waiting for pick-up, or picked up. */
  pickup?: Exclude<OrderPickupFilter, 'all'>;
  /** 1 is the first page. */
  page?: number;
  sort?: OrderListSort;
  dir?: 'asc';
}

const wholeNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};

/**
 * Reads the search part of the address, dropping whatever is not a value the screen can show (an address
 * typed or edited by hand falls back to the defaults rather than failing). Without zod, which the
 * router's entry chunk does not carry.
 */
export function validateOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const out: OrdersSearch = {};
  const season = wholeNumber(search.season);
  if (season !== undefined && (season === -1 || (season >= 1900 && season <= 9999))) out.season = season;
  if (typeof search.q === 'string' && search.q.trim() !== '') out.q = search.q.slice(0, ORDER_FILTER_MAX);
  // A filter of digits comes back from the address as a number.
  else if (typeof search.q === 'number' && Number.isFinite(search.q)) out.q = String(search.q);
  const tax = ORDER_TAX_FILTERS.find((t) => t === search.tax);
  if (tax && tax !== 'all') out.tax = tax;
  const day = search.day === 'none' ? 'none' : wholeNumber(search.day);
  if (day === 'none' || (day !== undefined && day > 0)) out.day = day;
  const pickup = ORDER_PICKUP_FILTERS.find((p) => p === search.pickup);
  if (pickup && pickup !== 'all') out.pickup = pickup;
  const page = wholeNumber(search.page);
  if (page !== undefined && page > 1 && page <= 1_000_000) out.page = page;
  const sort = ORDER_LIST_SORTS.find((s) => s === search.sort);
  if (sort && sort !== 'createdTimestamp') out.sort = sort;
  if (search.dir === 'asc') out.dir = 'asc';
  return out;
}

/** The search after a change: a value set to undefined goes back to its default (out of the address). */
export function changeOrdersSearch(
  prev: OrdersSearch,
  change: { [K in keyof OrdersSearch]?: OrdersSearch[K] | undefined },
): OrdersSearch {
  const merged: Record<string, unknown> = { ...prev, ...change };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return validateOrdersSearch(merged);
}
