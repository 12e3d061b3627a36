import { lineTotals, orderTotals, type PriceTier, priceLine } from '@nursery/domain';

/**
 * Server-side pricing of order lines: the same tier, tax and total rules the cart uses
 * (packages/domain), applied to the tiers in the database, never to prices a client sent.
 */

export interface PricedOrderLine {
  productId: number;
  quantity: number;
  unitPriceCents: number;
  isStatic: boolean;
  subtotalCents: number;
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
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): PricedOrderLine | null {
  const priced = priceLine(tiers, quantity);
  if (!priced) return null;
  return {
    productId,
    quantity,
    unitPriceCents: priced.unitPriceCents,
    isStatic: false,
    subtotalCents: priced.subtotalCents,
    ...lineTotals(priced.subtotalCents, taxRateBasisPoints, isTaxExempt),
  };
}

/** A line at a unit price staff typed by hand (special orders, agreed prices). */
export function priceStaticLine(
  productId: number,
  quantity: number,
  unitPriceCents: number,
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): PricedOrderLine {
  const subtotalCents = unitPriceCents * quantity;
  return {
    productId,
    quantity,
    unitPriceCents,
    isStatic: true,
    subtotalCents,
    ...lineTotals(subtotalCents, taxRateBasisPoints, isTaxExempt),
  };
}

/** Order totals from its lines: tax is the sum of the line taxes, so the columns always add up. */
export function priceOrder(
  lines: readonly PricedOrderLine[],
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): OrderPricing {
  return {
    lines: [...lines],
    ...orderTotals(lines, taxRateBasisPoints, isTaxExempt),
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    numItems: lines.length,
  };
}
