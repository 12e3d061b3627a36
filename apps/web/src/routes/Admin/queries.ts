import type { Trpc } from '../../trpc';

/**
 * The back office's query options, one definition each for the route that prefetches it (its loader in
 * router.tsx, with the tRPC options from the route context) and the screen that shows it. The same options
 * mean the same cache entry, so the screen uses the loader's answer instead of asking again.
 *
 * Lists a screen shows as they are now (contacts, settings, an order being edited) count as fresh for
 * ARRIVAL_MS only: long enough for the answer the loader fetched on the way in to be the one shown, short
 * enough that every visit asks the server again.
 */
export const ARRIVAL_MS = 2_000;

/** The three catalogue screens share one list: special-order products included, as the Products screen wants. */
export const adminProductsQuery = (trpc: Trpc) =>
  trpc.catalog.allWithStats.queryOptions({ includeSpecialOrderProducts: true });

export const siteConfigQuery = (trpc: Trpc) => trpc.site.config.queryOptions();

export const contactsQuery = (trpc: Trpc) => ({ ...trpc.contacts.all.queryOptions(), staleTime: ARRIVAL_MS });

export const settingsQuery = (trpc: Trpc) => ({ ...trpc.settings.all.queryOptions(), staleTime: ARRIVAL_MS });

export const savedMessagesQuery = (trpc: Trpc) => trpc.settings.savedMessages.queryOptions();

export const orderQuery = (trpc: Trpc, orderId: number) => ({
  ...trpc.orders.detailsById.queryOptions({ orderId }),
  staleTime: ARRIVAL_MS,
});

export const productChoicesQuery = (trpc: Trpc) => trpc.orders.productChoices.queryOptions();

/** An order number as the editor's address carries it, or null for a new order (or one mistyped). */
export function orderIdParam(orderId: string | undefined): number | null {
  return orderId && /^\d+$/.test(orderId) ? Number(orderId) : null;
}
