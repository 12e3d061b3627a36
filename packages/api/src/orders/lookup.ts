import { ORDER_NOT_FOUND, type OrderLookupInput, phoneOpensOrder } from '@nursery/domain';
import { ShopError } from '../errors.ts';
import { consumeLimit } from '../rateLimit.ts';
import type { ApiContext } from '../trpc.ts';
import { loadOrder, loadOrderRow, type Order } from './orderShape.ts';

export const PHONE_NEEDED = 'Please enter the phone number used to place the order.';

function notFound(): never {
  throw new ShopError({ kind: 'not_found', message: ORDER_NOT_FOUND });
}

/**
 * GetOrderById. A visitor needs the order number and the phone number it was placed with, compared
 * on digits only; a wrong number, a wrong phone and a deleted order all get the same answer, and
 * lookups are limited per client, so order numbers cannot be walked. Staff may open any order.
 */
export async function lookupOrder(ctx: ApiContext, input: OrderLookupInput): Promise<Order> {
  const { shop } = ctx;
  if (ctx.caller.kind === 'staff') {
    return loadOrder(shop, input.orderId) ?? notFound();
  }
  await consumeLimit(shop.limiters.orderLookup, ctx.clientIp, 'order lookups');
  const typed = input.phoneNumber?.trim() ?? '';
  if (!typed) throw new ShopError({ kind: 'bad_request', message: PHONE_NEEDED });
  const row = loadOrderRow(shop, input.orderId);
  if (!row || row.deletedAt !== null || !phoneOpensOrder(row, typed)) notFound();
  return loadOrder(shop, input.orderId) ?? notFound();
}
