import { z } from 'zod';

const count = z.number().int();
const share = z.number().nullable().describe('Sold of offered (0.5 is half); null when nothing was offered.');
const dollars = z.number();

/** One product's line of the season report. */
export const seasonReportRowSchema = z
  .object({
    productId: count,
    name: z.string(),
    productSize: z.string(),
    productTypeId: count,
    productType: z.string(),
    productStatus: count,
    displayProductStatus: z.string(),
    isStockTracked: z.boolean().describe('False when staff recorded no stock change in the season.'),
    offered: count.describe('The season’s stock changes added up (stock counted and added, less losses).'),
    sold: count.describe('Quantity on the season’s orders that are not deleted, staff orders included.'),
    sellThrough: share,
    soldOutAt: z
      .string()
      .nullable()
      .describe('ISO 8601 instant the product sold out: stock reached 0, or staff marked it Sold Out.'),
    displaySoldOutAt: z.string().nullable(),
    soldOutHow: z.enum(['stock', 'marked']).nullable(),
    waitlistEntries: count.describe('Waitlist entries made in the season, told or still waiting.'),
    waitlistQuantity: count,
    waitlistWaiting: count.describe('Of those entries, how many are still waiting to be told.'),
    refusedOrders: count.describe('Storefront orders refused in the season because too few were left.'),
    refusedQuantity: count.describe('The quantity those orders asked beyond what was left.'),
    unmetDemand: count.describe('waitlistQuantity + refusedQuantity.'),
    revenue: dollars.describe('Line subtotals before tax, in dollars.'),
    displayRevenue: z.string(),
    soldBefore: z.array(count).describe('Sold in each of the two seasons before, the nearer first.'),
    revenueBefore: z.array(dollars).describe('Revenue in each of the two seasons before, the nearer first.'),
    soldChange: z
      .number()
      .nullable()
      .describe('Sold against the season before, as a share (0.25 is 25% more).'),
    suggested: count.describe('The suggested quantity for the next season (see `rule`).'),
    suggestionBasis: z.enum(['usual', 'new', 'specialOrder', 'discontinued', 'noSales']),
    suggestionReason: z.string(),
    planned: count.nullable().describe('The quantity staff planned by hand for the next season, if any.'),
  })
  .meta({ id: 'SeasonReportRow' });
export type SeasonReportRow = z.infer<typeof seasonReportRowSchema>;

/** The figures of one product type, for the totals and the chart. */
export const seasonReportTypeSchema = z
  .object({
    productTypeId: count,
    productType: z.string(),
    offered: count,
    sold: count,
    sellThrough: share,
    revenue: dollars,
    displayRevenue: z.string(),
    suggested: count,
    planned: count.describe('Planned by hand where staff did, else suggested, added up.'),
    bySeason: z
      .array(z.object({ season: count, label: z.string(), offered: count, sold: count, sellThrough: share }))
      .describe('The chosen season and the two before, oldest first.'),
  })
  .meta({ id: 'SeasonReportType' });
export type SeasonReportType = z.infer<typeof seasonReportTypeSchema>;

export const seasonReportSchema = z
  .object({
    season: count,
    label: z.string(),
    nextSeason: count,
    nextLabel: z.string(),
    seasonsCompared: z.array(z.object({ season: count, label: z.string() })),
    rule: z.string().describe('The suggestion rule in words, as the screen shows it.'),
    rows: z.array(seasonReportRowSchema),
    types: z.array(seasonReportTypeSchema),
  })
  .meta({ id: 'SeasonReport' });
export type SeasonReport = z.infer<typeof seasonReportSchema>;

export const seasonPlanResultSchema = z
  .object({
    productId: count,
    season: count.describe('The season the plan is for.'),
    planned: count.nullable(),
  })
  .meta({ id: 'SeasonPlanResult' });
export type SeasonPlanResult = z.infer<typeof seasonPlanResultSchema>;
