import { isOrderableOnline, ProductStatus } from './productStatus.ts';

/** A tier as typed in the admin price table: the form turns empty cells into null. */
export interface TierInput {
  startQuantity: number;
  endQuantity: number | null;
  priceCents: number | null;
}

interface Row {
  label: string;
  start: number;
  end: number | null;
  startOk: boolean;
  endOk: boolean;
}

export const PRICES_REQUIRED = 'A product needs at least one price.';

/**
 * Only a Special Order product may be saved without a price table: it is priced by hand on each order.
 * The refusal for an empty table, or null when this status may go without. The server's product save and
 * the admin product form both ask this.
 */
export function emptyPricesProblem(priceCount: number, productStatus: number): string | null {
  return priceCount === 0 && productStatus !== ProductStatus.SpecialOrder ? PRICES_REQUIRED : null;
}

export const FREE_PRICE =
  'A product customers can order online (Active or Nursery) cannot have a price of $0.00: the plants would go out free. Enter its price, or set the product to Call for Availability.';

/**
 * A $0.00 price on a product customers can order online hands its plants out free at checkout, which no one
 * means (a price cell left at 0, a typo): refused for Active and Nursery products, allowed where staff price by
 * hand or nothing is sold online. The product save, the catalogue spreadsheet and the product form ask this.
 */
export function freePriceProblem(
  prices: readonly { priceCents: number | null }[],
  productStatus: number,
): string | null {
  return isOrderableOnline(productStatus) && prices.some((p) => p.priceCents === 0) ? FREE_PRICE : null;
}

const isWhole = (n: number | null): n is number => typeof n === 'number' && Number.isSafeInteger(n);

/**
 * Every problem at once, so staff can fix the whole price table in one go. Rows are named by
 * their position in the table staff see ("Price 2"), while the overlap and gap checks walk them
 * in start order.
 */
export function validateTiers(tiers: readonly TierInput[]): string[] {
  if (tiers.length === 0) return [PRICES_REQUIRED];

  const errors: string[] = [];
  const rows: Row[] = tiers.map((t, i) => {
    const label = `Price ${i + 1}`;
    const startOk = isWhole(t.startQuantity) && t.startQuantity >= 1;
    if (!startOk) {
      errors.push(`${label}: the start quantity must be a whole number of at least 1.`);
    }
    let endOk = t.endQuantity === null || isWhole(t.endQuantity);
    if (!endOk) {
      errors.push(`${label}: the end quantity must be a whole number or left empty.`);
    } else if (startOk && t.endQuantity !== null && t.endQuantity < t.startQuantity) {
      errors.push(
        `${label}: the end quantity ${t.endQuantity} is below the start quantity ${t.startQuantity}.`,
      );
      endOk = false;
    }
    if (t.priceCents === null || !Number.isFinite(t.priceCents)) {
      errors.push(`${label}: enter a price.`);
    } else if (t.priceCents < 0) {
      errors.push(`${label}: the price cannot be negative.`);
    }
    return { label, start: t.startQuantity, end: t.endQuantity, startOk, endOk };
  });

  const valid = rows.filter((r) => r.startOk && r.endOk).sort((a, b) => a.start - b.start);

  const first = valid[0];
  if (first && first.start !== 1 && valid.length === rows.length) {
    errors.push(`${first.label}: the first price must start at quantity 1, not ${first.start}.`);
  }

  const open = rows.filter((r) => r.endOk && r.end === null);
  if (open.length > 1) {
    errors.push(
      `Only one price can be open-ended (no end quantity), but ${joinLabels(open.map((r) => r.label))} are.`,
    );
  } else if (open.length === 1) {
    const last = valid[valid.length - 1];
    const only = open[0]!;
    if (last && last !== only && only.startOk) {
      errors.push(`${only.label}: only the price with the highest start quantity can be open-ended.`);
    }
  }

  for (let i = 1; i < valid.length; i++) {
    const prev = valid[i - 1]!;
    const next = valid[i]!;
    // An open-ended row that is not last was reported above; counting it as overlap too is noise.
    if (prev.end === null) continue;
    if (next.start <= prev.end) {
      const to = Math.min(prev.end, next.end ?? prev.end);
      const range = to > next.start ? `quantities ${next.start} to ${to} are` : `quantity ${next.start} is`;
      errors.push(`${prev.label} and ${next.label} overlap: ${range} in both.`);
    } else if (next.start > prev.end + 1) {
      const from = prev.end + 1;
      const to = next.start - 1;
      const range = to > from ? `quantities ${from} to ${to} have` : `quantity ${from} has`;
      errors.push(`There is a gap between ${prev.label} and ${next.label}: ${range} no price.`);
    }
  }

  return errors;
}

function joinLabels(labels: readonly string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}
