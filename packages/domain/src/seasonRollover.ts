import { z } from 'zod';
import { formatMoney } from './money.ts';
import {
  ADMIN_SELECTABLE_STATUSES,
  isOrderableOnline,
  ProductStatus,
  type ProductStatusId,
  productStatusName,
} from './productStatus.ts';

/**
 * Starting a new season (Settings → New season): prices raised by a percentage or kept, each status carried
 * over as it is, as another status, or not at all (Inactive: hidden, but kept for the orders that name it),
 * and stock carried over or counted afresh. The plan is worked out here, without I/O, so the preview and the
 * write are the same computation.
 */

export const ROLLOVER_RAISE_MAX_PERCENT = 100;

/**
 * A price raised by `raiseBasisPoints` hundredths of a percent (250 = 2.5%), rounded half-up to the cent, in
 * integers only: $12.50 raised 3% is 1250 * 10300 / 10000 = 1287.5, so $12.88. The one rounding rule of a
 * roll-over; prices are never negative, so half-up and half-away-from-zero agree.
 */
export function raisedPriceCents(cents: number, raiseBasisPoints: number): number {
  return Math.floor((cents * (10_000 + raiseBasisPoints) + 5_000) / 10_000);
}

/** Statuses a roll-over can see: every product that is not deleted. */
export const ROLLOVER_STATUSES: readonly ProductStatusId[] = ADMIN_SELECTABLE_STATUSES;

const selectable = z
  .number({ error: 'A status must be a number.' })
  .refine((n) => (ADMIN_SELECTABLE_STATUSES as readonly number[]).includes(n), {
    error: `A status must be one of ${ADMIN_SELECTABLE_STATUSES.join(', ')}.`,
  });

export const rolloverOptionsSchema = z.object({
  /** 0 keeps every price; at most two decimals (3.25%). */
  raisePercent: z
    .number({ error: 'The price raise must be a number of percent, such as 3 or 2.5.' })
    // abort: one message per problem. A raise out of range is told only that; its decimals are beside the
    // point (and 1e308 * 100 is Infinity, which no decimals check reads sensibly).
    .min(0, { error: 'The price raise cannot be negative; enter 0 to keep prices.', abort: true })
    .max(ROLLOVER_RAISE_MAX_PERCENT, {
      error: `The price raise can be at most ${ROLLOVER_RAISE_MAX_PERCENT}%.`,
      abort: true,
    })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: 'The price raise can have at most two decimals, such as 2.75.',
    }),
  /**
   * What each status becomes in the new season, by status number ("3": 2 turns Sold Out into Active); a
   * status left out stays as it is. Inactive means not carried over.
   */
  statuses: z
    .partialRecord(
      z.enum(ROLLOVER_STATUSES.map(String) as [string, ...string[]], {
        error: `Statuses are named by their number: ${ROLLOVER_STATUSES.join(', ')}.`,
      }),
      selectable,
    )
    .default({}),
  /** keep: what is left of each counted product opens the new season; reset: nothing is counted yet. */
  stock: z.enum(['keep', 'reset'], { error: 'Stock must be keep or reset.' }),
});
export type RolloverOptions = z.infer<typeof rolloverOptionsSchema>;

export const rolloverApplySchema = z.object({
  options: rolloverOptionsSchema,
  /** The preview's token: the apply is refused when the catalogue changed since the preview. */
  token: z
    .string({ error: 'Preview the new season first.' })
    .min(1, { error: 'Preview the new season first.' }),
});

export function raiseBasisPoints(options: Pick<RolloverOptions, 'raisePercent'>): number {
  return Math.round(options.raisePercent * 100);
}

export interface RolloverTier {
  productPriceId: number;
  startQuantity: number;
  endQuantity: number | null;
  priceCents: number;
}

export interface RolloverProduct {
  productId: number;
  name: string;
  productSize: string;
  productStatus: number;
  tiers: readonly RolloverTier[];
  /** What is left to sell this season; null when the product's stock is not counted. */
  stockLeft: number | null;
}

export interface RolloverLine {
  productId: number;
  name: string;
  productSize: string;
  statusBefore: number;
  statusAfter: number;
  /** False when the product is not carried over (Inactive in the new season). */
  carried: boolean;
  tiers: {
    productPriceId: number;
    startQuantity: number;
    endQuantity: number | null;
    before: number;
    after: number;
  }[];
  stockBefore: number | null;
  /** The opening stock of the new season; null: not counted. */
  stockAfter: number | null;
  /** Why the line differs from what the options asked, in words for staff; empty otherwise. */
  note: string;
}

export interface RolloverCounts {
  products: number;
  carried: number;
  notCarried: number;
  statusChanged: number;
  pricesChanged: number;
  stockCarried: number;
}

export function targetStatus(options: RolloverOptions, status: number): number {
  return options.statuses[String(status)] ?? status;
}

/** Every product's line in the new season, in the order given, and the counts the preview shows. */
export function planRollover(
  products: readonly RolloverProduct[],
  options: RolloverOptions,
): { lines: RolloverLine[]; counts: RolloverCounts } {
  const bp = raiseBasisPoints(options);
  const counts: RolloverCounts = {
    products: 0,
    carried: 0,
    notCarried: 0,
    statusChanged: 0,
    pricesChanged: 0,
    stockCarried: 0,
  };
  const lines = products.map((p): RolloverLine => {
    let statusAfter = targetStatus(options, p.productStatus);
    let note = '';
    // The same rule as SetProductStatus: a product without prices is never put on sale online.
    if (statusAfter !== p.productStatus && isOrderableOnline(statusAfter) && p.tiers.length === 0) {
      note = `It has no prices, so it stays ${productStatusName(p.productStatus)}.`;
      statusAfter = p.productStatus;
    }
    const carried = statusAfter !== ProductStatus.Inactive;
    const tiers = p.tiers.map((t) => ({
      productPriceId: t.productPriceId,
      startQuantity: t.startQuantity,
      endQuantity: t.endQuantity,
      before: t.priceCents,
      after: carried ? raisedPriceCents(t.priceCents, bp) : t.priceCents,
    }));
    // Plants do not disappear when a product is hidden, so counted stock is kept for every product; an
    // oversold product (negative) opens at 0.
    const stockAfter = options.stock === 'keep' && p.stockLeft !== null ? Math.max(0, p.stockLeft) : null;
    counts.products++;
    if (carried) counts.carried++;
    else counts.notCarried++;
    if (statusAfter !== p.productStatus) counts.statusChanged++;
    if (tiers.some((t) => t.after !== t.before)) counts.pricesChanged++;
    if (stockAfter !== null) counts.stockCarried++;
    return {
      productId: p.productId,
      name: p.name,
      productSize: p.productSize,
      statusBefore: p.productStatus,
      statusAfter,
      carried,
      tiers,
      stockBefore: p.stockLeft,
      stockAfter,
      note,
    };
  });
  return { lines, counts };
}

/** "1-9: $12.50, 10+: $10.00", the way the preview and the spreadsheet diff write a price table. */
export function tiersText(
  tiers: readonly { startQuantity: number; endQuantity: number | null; priceCents: number }[],
): string {
  if (tiers.length === 0) return 'no prices';
  return tiers
    .map((t) => {
      const range =
        t.endQuantity === null
          ? `${t.startQuantity}+`
          : t.endQuantity === t.startQuantity
            ? `${t.startQuantity}`
            : `${t.startQuantity}-${t.endQuantity}`;
      return `${range}: ${formatMoney(t.priceCents)}`;
    })
    .join(', ');
}
