import { productsToShow } from './catalog/storefront.ts';
import { cachedSettingsForVisitors } from './settings/service.ts';
import type { Shop } from './shop.ts';

/**
 * What a public procedure answers a visitor who sends no token and no input, read straight from the shop.
 * The storefront asks these on every page; the server sends them without building a tRPC caller (its
 * proxy, middlewares and context cost more than the cached answer itself). The procedures say the same
 * for that call (anonymousReads.test.ts compares every entry with its procedure), and any other call
 * (a token, an input) goes through the procedure.
 */
export const ANONYMOUS_READS: ReadonlyMap<string, (shop: Shop) => unknown> = new Map<
  string,
  (shop: Shop) => unknown
>([
  ['catalog.productsToShow', (shop) => productsToShow(shop)],
  ['settings.all', (shop) => cachedSettingsForVisitors(shop)],
]);
