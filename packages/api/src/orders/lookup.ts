import { ORDER_NOT_FOUND, type OrderLookupInput, phoneDigits } from '@nursery/domain';
import { ShopError } from '../errors.ts';
import { consumeLimit } from '../rateLimit.ts';
import type { ApiContext } from '../trpc.ts';
import { loadOrder, loadOrderRow, type Order, type OrderRow } from './orderShape.ts';

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
  if (!row || row.deletedAt !== null || !samePhone(row, typed)) notFound();
  return loadOrder(shop, input.orderId) ?? notFound();
}

/**
 * Digits decide when the order's phone has any ('(555) 123-4567' matches '555.123.4567'). Checkout
 * only asks for a non-empty phone, so an order placed with 'call me' has no digits: its customer
 * must still find it, by typing the same words (case and spacing aside).
 */
function samePhone(row: OrderRow, typed: string): boolean {
  if (row.phoneDigits) return withoutCountryCode(row.phoneDigits) === withoutCountryCode(phoneDigits(typed));
  return wordsOf(row.phoneNumber) !== '' && wordsOf(row.phoneNumber) === wordsOf(typed);
}

/**
 * The shop is North American: '+1 555 123 4567' and '1-555-123-4567' are the same phone as
 * '(555) 123-4567', whichever of them the order was placed with. The other ten digits must still match.
 */
function withoutCountryCode(digits: string): string {
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

function wordsOf(phone: string): string {
  return phone.trim().replace(/\s+/g, ' ').toLowerCase();
}
