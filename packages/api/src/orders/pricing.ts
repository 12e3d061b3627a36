import { orderTotals, type PriceTier, priceLine } from '@nursery/domain';

/**
 * Server-side pricing of order lines: the same tier, tax and total rules the cart uses
 * (packages/domain), applied to the tiers in the database, never to prices a client sent.
 */

/** A line priced before tax: its tax is its share of the order's tax, known only with every line. */
export interface LineBeforeTax {
  productId: number;
  quantity: number;
  unitPriceCents: number;
  isStatic: boolean;
  subtotalCents: number;
}

export interface PricedOrderLine extends LineBeforeTax {
  taxCents: number;
  totalCents: number;
}

export interface OrderPricing {
  lines: PricedOrderLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  totalQuantity: number;
  numItems: number;
}

/** A line priced from the product's tiers; null when no tier covers the quantity. */
export function priceCalculatedLine(
  tiers: readonly PriceTier[],
  productId: number,
  quantity: number,
): LineBeforeTax | null {
  const priced = priceLine(tiers, quantity);
  if (!priced) return null;
  return {
    productId,
    quantity,
    unitPriceCents: priced.unitPriceCents,
    isStatic: false,
    subtotalCents: priced.subtotalCents,
  };
}

/** A line at a unit price staff typed by hand (special orders, agreed prices). */
export function priceStaticLine(productId: number, quantity: number, unitPriceCents: number): LineBeforeTax {
  return { productId, quantity, unitPriceCents, isStatic: true, subtotalCents: unitPriceCents * quantity };
}

/**
 * Order totals from its lines: tax is the rate of the order subtotal (the spec's rule), and each line
 * stores its share of it, so the tax column always adds up to the order's tax.
 */
export function priceOrder(
  lines: readonly LineBeforeTax[],
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): OrderPricing {
  const totals = orderTotals(lines, taxRateBasisPoints, isTaxExempt);
  return {
    lines: lines.map((line, i) => ({ ...line, ...totals.lines[i]! })),
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    numItems: lines.length,
  };
}
