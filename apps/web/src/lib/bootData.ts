import type { QueryClient } from '@tanstack/react-query';
import { type PublicOutput, publicQueryKey } from './publicApi';

/** The id of the data block the server writes into every storefront page (apps/server/src/indexPage.ts). */
export const BOOT_DATA_ID = 'boot-data';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Seeds the query cache with the shop's identity and settings as the server wrote them into the page, the
 * very answers of `site.config` and `settings.all` for a visitor. The header, footer and global message then
 * show in their final size on the first paint instead of moving the page when two calls come back, and the
 * page needs two calls fewer. Without the block (a page served otherwise), the app fetches them as before. An
 * order's page also carries the order its address names.
 */
export function seedBootData(queryClient: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return;
  }
  if (!isObject(data)) return;
  const config = data['site.config'];
  if (isObject(config) && isObject(config.shop)) {
    queryClient.setQueryData(publicQueryKey('site.config'), config as PublicOutput<'site.config'>);
  }
  const settings = data['settings.all'];
  if (Array.isArray(settings) && settings.every(isObject)) {
    queryClient.setQueryData(publicQueryKey('settings.all'), settings as PublicOutput<'settings.all'>);
  }
  // An order's page carries its order, looked up by the server in place of the view's own call.
  const order = data['orders.byId'];
  if (
    isObject(order) &&
    isObject(order.input) &&
    isObject(order.answer) &&
    typeof order.updatedAt === 'number'
  ) {
    const { orderId, phoneNumber } = order.input;
    if (typeof orderId === 'string' && typeof phoneNumber === 'string') {
      queryClient.setQueryData(
        publicQueryKey('orders.byId', { orderId, phoneNumber }),
        order.answer as PublicOutput<'orders.byId'>,
        { updatedAt: order.updatedAt },
      );
    }
  }
}
