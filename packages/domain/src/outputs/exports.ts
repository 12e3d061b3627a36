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

export const EXCEL_CONTENT_TYPE = 'application/vnd.ms-excel';

/**
 * A spreadsheet export as the REST answer's `data`: the specification's base64 body, inside the envelope like
 * every other JSON answer, with the name the shop gives the file and what it is.
 */
export const exportWorkbookSchema = z
  .object({
    fileName: z
      .string()
      .describe(
        "The file's name: the shop's date today, then the export's name, e.g. 2025-03-15 ProductStock.xls.",
      ),
    contentType: z
      .literal(EXCEL_CONTENT_TYPE)
      .describe('The media type of the decoded file: an Excel 97-2003 (.xls) workbook.'),
    base64: z
      .string()
      .meta({
        contentEncoding: 'base64',
        contentMediaType: EXCEL_CONTENT_TYPE,
        // The first bytes of every .xls: the compound-file signature D0 CF 11 E0 A1 B1 1A E1.
        examples: ['0M8R4KGxGuE='],
      })
      .describe(
        'The .xls (BIFF8) file, base64 (RFC 4648 with padding, no line breaks): decode it and save it as fileName.',
      ),
  })
  .meta({ id: 'ExportWorkbook' });
export type ExportWorkbook = z.infer<typeof exportWorkbookSchema>;

/**
 * A file a procedure answers; the REST adapter sends it as the response body, or for a spreadsheet export as
 * an ExportWorkbook in the envelope.
 */
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
