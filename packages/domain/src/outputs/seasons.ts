import { z } from 'zod';
import { rolloverOptionsSchema } from '../seasonRollover.ts';

/** What the new-season (roll-over) procedures answer. */

const rolloverCountsSchema = z
  .object({
    products: z.number().int(),
    carried: z.number().int(),
    notCarried: z.number().int(),
    statusChanged: z.number().int(),
    pricesChanged: z.number().int(),
    stockCarried: z.number().int(),
  })
  .meta({ id: 'RolloverCounts', description: 'How many products the new season touches, and how.' });

export const rolloverRecordSchema = z
  .object({
    rolloverId: z.number().int(),
    fromSeason: z.number().int(),
    toSeason: z.number().int(),
    fromSeasonLabel: z.string(),
    toSeasonLabel: z.string(),
    createdTimestamp: z.string(),
    displayCreated: z.string(),
    createdBy: z.string(),
    options: rolloverOptionsSchema,
    counts: rolloverCountsSchema,
    /** The automatic backup taken just before, in the data folder's backups/; restoring it undoes the roll-over. */
    backupFile: z.string(),
  })
  .meta({ id: 'SeasonRollover', description: 'A new season started by staff, as recorded.' });
export type RolloverRecord = z.infer<typeof rolloverRecordSchema>;

/** The season orders and stock belong to now (Seasons/Current): what a program pages the season's orders by. */
export const currentSeasonSchema = z
  .object({
    season: z.number().int().meta({
      description: "The season's number, its starting year: what GetAllOrdersForSeason's season takes.",
    }),
    label: z.string().meta({ description: "The season as the shop writes it, e.g. '2026-27'." }),
    firstDay: z.string().meta({ description: 'Its first day, YYYY-MM-DD in the shop’s time zone.' }),
    lastDay: z.string().meta({ description: 'Its last day, YYYY-MM-DD in the shop’s time zone.' }),
  })
  .meta({ id: 'CurrentSeason' });
export type CurrentSeason = z.infer<typeof currentSeasonSchema>;

export const rolloverStatusSchema = z
  .object({
    currentSeason: z.number().int(),
    currentSeasonLabel: z.string(),
    nextSeason: z.number().int(),
    nextSeasonLabel: z.string(),
    /** Null when a new season can be started now; otherwise why not. */
    refusal: z.string().nullable(),
    last: rolloverRecordSchema.nullable(),
  })
  .meta({ id: 'RolloverStatus' });
export type RolloverStatus = z.infer<typeof rolloverStatusSchema>;

const rolloverTierSchema = z.object({
  startQuantity: z.number().int(),
  endQuantity: z.number().int().nullable(),
  priceBefore: z.number(),
  priceAfter: z.number(),
  displayPriceBefore: z.string(),
  displayPriceAfter: z.string(),
});

export const rolloverLineSchema = z
  .object({
    productId: z.number().int(),
    name: z.string(),
    productSize: z.string(),
    statusBefore: z.number().int(),
    displayStatusBefore: z.string(),
    statusAfter: z.number().int(),
    displayStatusAfter: z.string(),
    carried: z.boolean(),
    tiers: z.array(rolloverTierSchema),
    /** Stock left this season; null when not counted. */
    stockBefore: z.number().int().nullable(),
    /** Opening stock of the new season; null: not counted. */
    stockAfter: z.number().int().nullable(),
    note: z.string(),
  })
  .meta({ id: 'RolloverLine', description: "One product's change in the new season." });
export type RolloverLineAnswer = z.infer<typeof rolloverLineSchema>;

export const rolloverPreviewSchema = z
  .object({
    fromSeason: z.number().int(),
    toSeason: z.number().int(),
    fromSeasonLabel: z.string(),
    toSeasonLabel: z.string(),
    options: rolloverOptionsSchema,
    counts: rolloverCountsSchema,
    lines: z.array(rolloverLineSchema),
    /** Send it back with the same options to apply exactly this preview. */
    token: z.string(),
  })
  .meta({
    id: 'RolloverPreview',
    description: 'What starting the new season would change; nothing is written.',
  });
export type RolloverPreview = z.infer<typeof rolloverPreviewSchema>;

export const rolloverResultSchema = z
  .object({
    record: rolloverRecordSchema,
    message: z.string(),
  })
  .meta({ id: 'RolloverResult' });
export type RolloverResult = z.infer<typeof rolloverResultSchema>;
