import { z } from 'zod';

/** One season of the year-over-year figures. */
export const yearOverYearSeasonSchema = z
  .object({
    season: z.number().int(),
    label: z.string(),
    orders: z.array(z.number().int()).describe('Orders placed in each month, in season order.'),
    revenue: z
      .array(z.number())
      .describe('Revenue (order subtotals before tax) in dollars per month, in season order.'),
    totalOrders: z.number().int(),
    totalRevenue: z.number(),
    displayTotalRevenue: z.string(),
  })
  .meta({ id: 'YearOverYearSeason' });
export type YearOverYearSeason = z.infer<typeof yearOverYearSeasonSchema>;

/** The YearOverYearByMonth workbook's figures as JSON, for the Orders list's chart. */
export const yearOverYearSchema = z
  .object({
    months: z.array(z.object({ month: z.number().int(), label: z.string() })),
    seasons: z.array(yearOverYearSeasonSchema),
  })
  .meta({ id: 'YearOverYear' });
export type YearOverYear = z.infer<typeof yearOverYearSchema>;

/** A file a procedure answers; the REST adapter sends it as the response body, not in the envelope. */
export const fileAnswerSchema = z
  .object({
    contentType: z.string(),
    fileName: z.string(),
    // A large file (a backup) is a stream, written out as it is made; the REST adapter pipes it.
    body: z.union([
      z.string(),
      z.custom<Uint8Array>((v) => v instanceof Uint8Array),
      z.custom<AsyncIterable<Uint8Array | string>>(
        (v) => typeof v === 'object' && v !== null && Symbol.asyncIterator in v,
      ),
    ]),
    /** Something the person downloading should know (sent as the X-Shop-Warning header, percent-encoded). */
    warning: z.string().optional(),
  })
  .meta({ id: 'FileAnswer' });
export type FileAnswer = z.infer<typeof fileAnswerSchema>;
