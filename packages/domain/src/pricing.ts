/**
 * The one place where tier choice, line subtotal, tax and totals are computed. The browser cart and
 * the server both call these, so a cart and the order it becomes can never disagree.
 */

export interface PriceTier {
  productPriceId?: number;
  startQuantity: number;
  endQuantity: number | null;
  priceCents: number;
}

export interface PricedLine {
  tier: PriceTier;
  unitPriceCents: number;
  subtotalCents: number;
}

/** 5.5%, kept in basis points so tax stays integer arithmetic. */
export const DEFAULT_TAX_RATE_BASIS_POINTS = 550;

function byStart(a: PriceTier, b: PriceTier): number {
  return a.startQuantity - b.startQuantity;
}

/** Sorting makes the result independent of the order rows were stored or typed in. */
export function selectTier(tiers: readonly PriceTier[], quantity: number): PriceTier | null {
  const sorted = [...tiers].sort(byStart);
  return (
    sorted.find(
      (t) => quantity >= t.startQuantity && (t.endQuantity === null || quantity <= t.endQuantity),
    ) ?? null
  );
}

export function priceLine(tiers: readonly PriceTier[], quantity: number): PricedLine | null {
  const tier = selectTier(tiers, quantity);
  if (!tier) return null;
  return { tier, unitPriceCents: tier.priceCents, subtotalCents: tier.priceCents * quantity };
}

/** What an order line was sold at, as the order stores it. */
export interface SoldLine {
  quantity: number;
  unitPriceCents: number;
  isStatic: boolean;
}

/**
 * The unit price of a tier-priced line of an order being edited: a line already on the order keeps the
 * price it was sold at while its quantity stays (DECISIONS.md: a later price change never alters a placed
 * order, nor does fixing a typo in its comments); a new line or a changed quantity is priced from the
 * tiers. Null when no tier covers the quantity. The server's order update and the admin order editor
 * both ask this, so the editor shows the price the save will keep.
 */
export function orderLineUnitPriceCents(
  tiers: readonly PriceTier[],
  quantity: number,
  sold: SoldLine | null | undefined,
): number | null {
  if (sold && !sold.isStatic && sold.quantity === quantity) return sold.unitPriceCents;
  return priceLine(tiers, quantity)?.unitPriceCents ?? null;
}

/**
 * Half-up to the cent in integers: cents * basis points is exact for any real order, whereas
 * multiplying by 0.055 would put 0.495 and 0.5 on the wrong side now and then. The rate is taken in
 * tenths of a basis point, so a three-decimal rate such as New York City's 8.875% (887.5) is exact too.
 */
export function lineTaxCents(subtotalCents: number, taxRateBasisPoints: number): number {
  const tenths = Math.round(taxRateBasisPoints * 10);
  const abs = Math.abs(subtotalCents) * tenths;
  const rounded = Math.floor((abs + 50000) / 100000);
  return subtotalCents < 0 ? -rounded : rounded;
}

export function lineTotals(
  subtotalCents: number,
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): { taxCents: number; totalCents: number } {
  const taxCents = isTaxExempt ? 0 : lineTaxCents(subtotalCents, taxRateBasisPoints);
  return { taxCents, totalCents: subtotalCents + taxCents };
}

/** Tax is summed per line, so the order's tax always equals the sum of the tax column shown. */
export function orderTotals(
  lines: readonly { subtotalCents: number }[],
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): { subtotalCents: number; taxCents: number; totalCents: number } {
  let subtotalCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    subtotalCents += line.subtotalCents;
    if (!isTaxExempt) taxCents += lineTaxCents(line.subtotalCents, taxRateBasisPoints);
  }
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

export function tierLabel(tier: Pick<PriceTier, 'startQuantity' | 'endQuantity'>, tierCount: number): string {
  if (tierCount <= 1) return 'Price per Unit';
  if (tier.endQuantity === null) return `${tier.startQuantity}+`;
  if (tier.endQuantity === tier.startQuantity) return `${tier.startQuantity}`;
  return `${tier.startQuantity}-${tier.endQuantity}`;
}
