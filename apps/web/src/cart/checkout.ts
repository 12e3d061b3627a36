import { orderDetailsLengthProblems, orderDetailsProblems, orderTotals, priceLine } from '@nursery/domain';
import type { StorefrontProduct } from '../storefront/types';
import {
  type CartEntry,
  cartLines,
  type OrderableCheck,
  type OrderDetailsDraft,
  orderLinesOf,
  totalQuantity,
} from './cartState';

/** A cart line with its product (unknown while the list loads or once it is gone) and its price. */
export interface PricedCartLine {
  entry: CartEntry;
  product: StorefrontProduct | undefined;
  subtotalCents: number | null;
}

export function priceCart(
  lines: readonly CartEntry[],
  byId: ReadonlyMap<number, StorefrontProduct>,
): PricedCartLine[] {
  return lines.map((entry) => {
    const product = byId.get(entry.productId);
    const priced = product && entry.cartQuantity > 0 ? priceLine(product.prices, entry.cartQuantity) : null;
    return { entry, product, subtotalCents: priced ? priced.subtotalCents : null };
  });
}

/** What the cart shows and orders: every line, the ones that will be ordered, their totals and count. */
export function cartSummary(
  cart: Record<string, CartEntry>,
  byId: ReadonlyMap<number, StorefrontProduct>,
  orderable: OrderableCheck,
  taxRateBasisPoints: number,
) {
  const allLines = priceCart(cartLines(cart), byId);
  const orderedLines = allLines.filter((l) => l.entry.cartQuantity > 0 && orderable(l.entry.productId));
  // Only what will be ordered counts: a sold-out line's price is not part of the total.
  const totals = orderTotals(
    orderedLines
      .filter((l) => l.subtotalCents !== null)
      .map((l) => ({ subtotalCents: l.subtotalCents ?? 0 })),
    taxRateBasisPoints,
    false,
  );
  return { allLines, orderedLines, totals, quantity: totalQuantity(cart, orderable) };
}

/** The order as the server takes it, from the details typed and the cart's orderable lines. */
export function orderInput(
  details: OrderDetailsDraft,
  cart: Record<string, CartEntry>,
  orderable: OrderableCheck,
) {
  const firstName = details.firstName.trim();
  const lastName = details.lastName.trim();
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`.trim(),
    email: details.email.trim(),
    confirmEmail: details.confirmEmail.trim(),
    phoneNumber: details.phoneNumber.trim(),
    workPhoneNumber: details.workPhoneNumber.trim() || null,
    comments: details.comments.trim() || null,
    orderProductXrefs: orderLinesOf(cart, orderable),
    // Sent only when chosen, so a shop without pick-up days sends exactly what it always sent.
    ...(details.pickUpDayId ? { pickUpDayId: Number(details.pickUpDayId) } : {}),
  };
}

export type OrderInput = ReturnType<typeof orderInput>;

/** The details form's fields to mark (aria-invalid) beside the validation messages: the domain's own check. */
export function invalidOrderFields(input: OrderInput): Set<keyof OrderDetailsDraft> {
  const fields = new Set<keyof OrderDetailsDraft>();
  for (const { field } of orderDetailsProblems(input)) {
    if (field !== 'orderProductXrefs') fields.add(field);
  }
  for (const { field } of orderDetailsLengthProblems(input)) fields.add(field);
  return fields;
}

/**
 * Every message the details step shows, in the form's order: what is missing or wrong (the spec's texts), then
 * what is longer than the order's schema takes, so nothing is refused only at Submit.
 */
export function orderDetailsMessages(input: OrderInput): string[] {
  return [
    ...orderDetailsProblems(input).map((p) => p.message),
    ...orderDetailsLengthProblems(input).map((p) => p.message),
  ];
}
