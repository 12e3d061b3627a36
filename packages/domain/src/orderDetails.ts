import { CHECKOUT_EMPTY_CART, ORDER_MESSAGES, ORDERING_CLOSED_CHECKOUT } from './messages.ts';

export interface OrderDetailsFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  confirmEmail?: string | null;
  phoneNumber?: string | null;
  orderProductXrefs?: readonly { productId: number; quantity: number }[] | null;
}

export const QUANTITY_MAX = 100000;

const clean = (s: string | null | undefined): string => (s ?? '').trim();

/**
 * All failing messages together, in the spec's order, because the spec shows them in one
 * notification. The server runs the same function, so neither side can be stricter than the other.
 */
export function validateOrderDetails(input: OrderDetailsFields): string[] {
  const errors: string[] = [];
  const email = clean(input.email);
  const confirmEmail = clean(input.confirmEmail);
  if (!clean(input.firstName)) errors.push(ORDER_MESSAGES.firstName);
  if (!clean(input.lastName)) errors.push(ORDER_MESSAGES.lastName);
  if (!email) errors.push(ORDER_MESSAGES.email);
  if (!confirmEmail) errors.push(ORDER_MESSAGES.confirmEmail);
  // Only a mismatch of two given emails is worth saying; a missing one already has its message.
  // Case is ignored because mail systems treat addresses that way in practice.
  if (email && confirmEmail && email.toLowerCase() !== confirmEmail.toLowerCase()) {
    errors.push(ORDER_MESSAGES.emailsDoNotMatch);
  }
  if (!clean(input.phoneNumber)) errors.push(ORDER_MESSAGES.phone);
  const lines = input.orderProductXrefs ?? [];
  if (!lines.some((l) => typeof l.quantity === 'number' && l.quantity > 0)) {
    errors.push(ORDER_MESSAGES.products);
  }
  return errors;
}

/** Why checkout cannot start, or null when it can. */
export function checkoutGate(state: { totalQuantity: number; ordersAreClosed: boolean }): string | null {
  if (!(state.totalQuantity > 0)) return CHECKOUT_EMPTY_CART;
  if (state.ordersAreClosed) return ORDERING_CLOSED_CHECKOUT;
  return null;
}

/** Lookups compare phone numbers on digits only, so '(555) 123-4567' matches '555.123.4567'. */
export function phoneDigits(s: string | null | undefined): string {
  return (s ?? '').replace(/\D/g, '');
}

export function isValidCartQuantity(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= QUANTITY_MAX;
}

export function isValidOrderLineQuantity(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= QUANTITY_MAX;
}

/**
 * The spec ignores a typed value that is not a number, above the maximum or negative: the cart
 * keeps its current quantity rather than showing an error. Fractions count as not a number, since
 * plants are sold whole.
 */
export function parseTypedCartQuantity(text: string, current: number): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return current;
  const n = Number(trimmed);
  return n <= QUANTITY_MAX ? n : current;
}
