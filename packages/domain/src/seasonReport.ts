import { z } from 'zod';
import { ProductStatus } from './productStatus.ts';
import { queryNumberText, wholeNumberOf } from './queryText.ts';
import { wholeId } from './schemas/orders.ts';

/**
 * The grower's season report: per product, what was offered and sold in a season, when it sold out, the demand
 * it could not meet, and a suggested quantity for the next season by a rule staff can read on the screen.
 * The rule lives here alone: the server fills the report with it and the screen prints its words.
 */

/** How many seasons the suggestion looks back over, the chosen one included. */
export const SUGGESTION_SEASONS = 3;
/** Sales rising (or falling) two seasons running move the suggestion by this share. */
export const TREND_SHARE = 0.1;
/** The largest quantity staff may plan for one product (the same bound as a stock change). */
export const PLAN_QUANTITY_MAX = 1_000_000;

export const SUGGESTION_RULE =
  'Suggested = the best of the last three seasons’ sales, plus this season’s unmet demand (waitlist ' +
  'quantities and orders refused for stock), raised 10% when sales rose two seasons running and lowered 10% ' +
  'when they fell two seasons running, rounded up. New products: this season’s sales plus unmet demand. ' +
  'Special orders are grown to order and inactive or deleted products are discontinued: nothing is suggested ' +
  'for them.';

export type SuggestionBasis = 'usual' | 'new' | 'specialOrder' | 'discontinued' | 'noSales';

export interface SuggestionInput {
  /** Sold in the chosen season, then the one before, then the one before that (0 where none). */
  soldBySeason: readonly [number, number, number];
  /** Waitlist quantities and quantities refused for stock in the chosen season. */
  unmetDemand: number;
  /** The product's status now. */
  productStatus: number;
  /** Whether the product was offered or sold in any of the two seasons before the chosen one. */
  hasEarlierSeasons: boolean;
}

export interface Suggestion {
  quantity: number;
  basis: SuggestionBasis;
  /** Why, in words for the screen. */
  reason: string;
}

/** The suggested quantity for the season after the chosen one (see SUGGESTION_RULE). */
export function suggestQuantity(input: SuggestionInput): Suggestion {
  const [now, before, beforeThat] = input.soldBySeason;
  if (input.productStatus === ProductStatus.SpecialOrder) {
    return { quantity: 0, basis: 'specialOrder', reason: 'Special order: grown when a customer orders it.' };
  }
  if (input.productStatus === ProductStatus.Inactive || input.productStatus === ProductStatus.Deleted) {
    return {
      quantity: 0,
      basis: 'discontinued',
      reason: 'Discontinued: the product is inactive or deleted.',
    };
  }
  if (!input.hasEarlierSeasons) {
    const quantity = now + input.unmetDemand;
    if (quantity === 0) return { quantity: 0, basis: 'noSales', reason: 'Nothing sold or asked for yet.' };
    return {
      quantity,
      basis: 'new',
      reason: `New this season: ${now} sold plus ${input.unmetDemand} not met.`,
    };
  }
  const best = Math.max(now, before, beforeThat);
  const base = best + input.unmetDemand;
  if (base === 0) {
    return { quantity: 0, basis: 'noSales', reason: 'Nothing sold or asked for in three seasons.' };
  }
  let factor = 1;
  let trend = '';
  if (now > before && before > beforeThat) {
    factor = 1 + TREND_SHARE;
    trend = ', +10% as sales rose two seasons running';
  } else if (now < before && before < beforeThat) {
    factor = 1 - TREND_SHARE;
    trend = ', -10% as sales fell two seasons running';
  }
  // Rounded to the nearest thousandth first, so 110 * 1.1 is 121 and not 122 from floating point.
  const quantity = Math.ceil(Math.round(base * factor * 1000) / 1000);
  return {
    quantity,
    basis: 'usual',
    reason: `Best of three seasons ${best} plus ${input.unmetDemand} not met${trend}.`,
  };
}

/** Sold of offered, as a share from 0 up (above 1 when more was sold than counted); null when nothing was offered. */
export function sellThrough(offered: number, sold: number): number | null {
  return offered > 0 ? sold / offered : null;
}

export const REPORT_SEASON_INVALID = 'The season must be a starting year such as 2025.';

const seasonNumber = queryNumberText(REPORT_SEASON_INVALID).transform((v, ctx) => {
  const n = wholeNumberOf(v);
  if (Number.isNaN(n) || n < 1900 || n > 9999) {
    ctx.issues.push({ code: 'custom', message: REPORT_SEASON_INVALID, input: v });
    return z.NEVER;
  }
  return n;
});

/** The season report's query: one season, the current one when left out. */
export const seasonReportInputSchema = z.object({ season: seasonNumber.optional() });
export type SeasonReportInput = z.infer<typeof seasonReportInputSchema>;

export const PLAN_QUANTITY_INVALID = `The planned quantity must be a whole number from 0 to ${PLAN_QUANTITY_MAX.toLocaleString('en-US')}.`;

/** A quantity staff plan for a product in the season after the report's; null goes back to the suggestion. */
export const seasonPlanInputSchema = z
  .object({
    season: seasonNumber,
    productId: wholeId('The product id'),
    quantity: z
      .number({ error: PLAN_QUANTITY_INVALID })
      .int({ error: PLAN_QUANTITY_INVALID })
      .min(0, { error: PLAN_QUANTITY_INVALID })
      .max(PLAN_QUANTITY_MAX, { error: PLAN_QUANTITY_INVALID })
      .nullable(),
  })
  .meta({ examples: [{ season: 2025, productId: 12, quantity: 120 }] });
export type SeasonPlanInput = z.infer<typeof seasonPlanInputSchema>;
