import { z } from 'zod';
import { productSchema } from './catalog.ts';

/** One row of a product's stock history, as the Stock screen's history table shows it. */
export const stockHistoryEntrySchema = z
  .object({
    productQuantityId: z.number().int(),
    productId: z.number().int(),
    changeInStock: z.number().int(),
    fullName: z.string(),
    createdTimestamp: z.string().describe('ISO 8601 instant.'),
    displayCreatedTimestamp: z.string(),
    createdTimestampMinutesHoursDaysAgo: z.string(),
    notes: z.string().nullable(),
    season: z.number().int(),
    displaySeason: z.string(),
  })
  .meta({ id: 'StockHistoryEntry' });
export type StockHistoryEntry = z.infer<typeof stockHistoryEntrySchema>;

/** InsertProductStockUpdates's answer. */
export const stockUpdateResultSchema = z
  .object({
    products: z
      .array(productSchema)
      .describe('The touched products with their new figures (and Sold Out where stock ran out).'),
    productQuantities: z.array(stockHistoryEntrySchema).describe('The history rows just written.'),
  })
  .meta({ id: 'StockUpdateResult' });
export type StockUpdateResult = z.infer<typeof stockUpdateResultSchema>;
