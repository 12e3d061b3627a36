import { hasWaitlist, isOrderableOnline } from './productStatus.ts';

/**
 * What a typed stock change means before it is saved, for the Stock screen. The server refuses the same
 * out-of-range numbers (stockUpdateInputSchema) and marks a product Sold Out by the same figure
 * (markSoldOutWhenEmpty in packages/api).
 */

/** The spec's stock maximum: a typed change above it is not taken by the screen and refused by the server. */
export const STOCK_CHANGE_MAX = 1_000_000;

export const STOCK_CHANGE_NOT_WHOLE = 'Enter a whole number such as 12 or -3.';

/** The spec ignores a number above 1,000,000: it is not taken, and said so rather than dropped silently. */
export const STOCK_CHANGE_TOO_LARGE = `A change in stock can be at most ${STOCK_CHANGE_MAX.toLocaleString('en-US')}.`;

/** The change a typed value means, or null when it is not a whole number within the spec's maximum. */
export function stockChangeOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  return Math.abs(n) <= STOCK_CHANGE_MAX ? n : null;
}

/** Why typed text is not a change the shop takes, or null when it is one (or nothing is typed). */
export function stockChangeProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || stockChangeOf(trimmed) !== null) return null;
  return /^[+-]?\d+$/.test(trimmed) ? STOCK_CHANGE_TOO_LARGE : STOCK_CHANGE_NOT_WHOLE;
}

export interface StockedProduct {
  name: string;
  productStatus: number;
  currentStock: number;
  numSold: number;
}

/**
 * Warnings, in words, about what saving a change does that staff may not mean: stock counted below zero
 * (a mistyped sign or an extra digit), and an orderable product turned Sold Out because nothing is left
 * after this season's orders. Empty when the change is unremarkable.
 */
export function stockChangeWarnings(product: StockedProduct, change: number): string[] {
  const newStock = product.currentStock + change;
  const left = newStock - product.numSold;
  const warnings: string[] = [];
  if (change < 0 && newStock < 0) {
    warnings.push(
      `This takes the stock of ${product.name} below zero, to ${newStock}: there are only ${product.currentStock} counted. Check the number before saving.`,
    );
  }
  // Whatever the sign: a restock that still leaves nothing after the orders turns the product Sold Out too.
  if (left <= 0 && isOrderableOnline(product.productStatus)) {
    warnings.push(`Saving this marks ${product.name} Sold Out: nothing is left after this season's orders.`);
  }
  return warnings;
}

/**
 * Said where staff restock a Sold Out (or Call for Availability) product customers wait for: its waitlist is
 * e-mailed only once it is Active or Nursery with stock left (tellWaitlists in packages/api), and a restock
 * never changes the status by itself, so without a word the customers wait on. Null when nobody waits, the
 * product is orderable already, or nothing would be left after this season's orders.
 */
export function waitlistRestockHint(product: StockedProduct, change: number, waiting: number): string | null {
  if (waiting <= 0 || !hasWaitlist(product.productStatus)) return null;
  if (product.currentStock + change - product.numSold <= 0) return null;
  const who = waiting === 1 ? '1 customer on the waitlist is' : `${waiting} customers on the waitlist are`;
  return `${who} e-mailed that ${product.name} is back only once it is Active: set its status to Active when the stock is in.`;
}
