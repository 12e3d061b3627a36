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

/** cents * tenths of a basis point / TAX_SCALE = tax in cents. */
const TAX_SCALE = 100000;

/**
 * Tax of an amount, half-up to the cent in integers: cents * basis points is exact for any real order,
 * whereas multiplying by 0.055 would put 0.495 and 0.5 on the wrong side now and then. The rate is taken
 * in tenths of a basis point, so a three-decimal rate such as New York City's 8.875% (887.5) is exact too.
 * The spec taxes the cart subtotal: this is applied once to an order's subtotal, never summed per line.
 */
export function taxOfCents(amountCents: number, taxRateBasisPoints: number): number {
  const tenths = Math.round(taxRateBasisPoints * 10);
  const abs = Math.abs(amountCents) * tenths;
  const rounded = Math.floor((abs + TAX_SCALE / 2) / TAX_SCALE);
  return amountCents < 0 ? -rounded : rounded;
}

/**
 * The order's tax shared out over its lines so the tax column adds up to the tax of the subtotal:
 * each line gets its exact share rounded down, and the cents left over go one each to the lines with
 * the largest remainders (the earlier line first on a tie). A $6.00 order of six $1.00 lines is taxed
 * 33 cents (5.5% of $6.00), not 6 x 6 = 36 cents, and its lines carry 6, 6, 6, 5, 5, 5.
 */
export function distributeTax(
  subtotalsCents: readonly number[],
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): number[] {
  if (isTaxExempt) return subtotalsCents.map(() => 0);
  const tenths = Math.round(taxRateBasisPoints * 10);
  const shares = subtotalsCents.map((cents, index) => {
    const exact = cents * tenths;
    const floor = Math.floor(exact / TAX_SCALE);
    return { index, floor, remainder: exact - floor * TAX_SCALE };
  });
  const orderTax = taxOfCents(
    subtotalsCents.reduce((sum, cents) => sum + cents, 0),
    taxRateBasisPoints,
  );
  let left = orderTax - shares.reduce((sum, s) => sum + s.floor, 0);
  const taxes = shares.map((s) => s.floor);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  // left is between 0 and the number of lines with a remainder for non-negative lines; the loop guard keeps
  // an odd negative (refund-like) line from looping or handing out more cents than there are lines.
  for (let i = 0; left > 0 && i < byRemainder.length; i++, left--) taxes[byRemainder[i]!.index]! += 1;
  for (let i = byRemainder.length - 1; left < 0 && i >= 0; i--, left++) taxes[byRemainder[i]!.index]! -= 1;
  return taxes;
}

/** An order's or a line's money: before tax, the tax, and both together (cents). */
export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The order's totals and each line's share of the tax: tax is 5.5% (the configured rate) of the order
 * subtotal, and the lines' taxes add up to it exactly, so the tax column, the footer, the stored order and
 * the exports always agree.
 */
export function orderTotals(
  lines: readonly { subtotalCents: number }[],
  taxRateBasisPoints: number,
  isTaxExempt: boolean,
): Totals & { lines: Totals[] } {
  const subtotals = lines.map((l) => l.subtotalCents);
  const taxes = distributeTax(subtotals, taxRateBasisPoints, isTaxExempt);
  const subtotalCents = subtotals.reduce((sum, cents) => sum + cents, 0);
  const taxCents = taxes.reduce((sum, cents) => sum + cents, 0);
  return {
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    lines: subtotals.map((cents, i) => ({
      subtotalCents: cents,
      taxCents: taxes[i]!,
      totalCents: cents + taxes[i]!,
    })),
  };
}

export function tierLabel(tier: Pick<PriceTier, 'startQuantity' | 'endQuantity'>, tierCount: number): string {
  if (tierCount <= 1) return 'Price per Unit';
  if (tier.endQuantity === null) return `${tier.startQuantity}+`;
  if (tier.endQuantity === tier.startQuantity) return `${tier.startQuantity}`;
  return `${tier.startQuantity}-${tier.endQuantity}`;
}
