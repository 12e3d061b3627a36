import { z } from 'zod';

/** What the catalogue spreadsheet's upload answers: its preview, and after the apply what it wrote. */

const fieldChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });

export const catalogSheetResultSchema = z
  .object({
    fileName: z.string(),
    /** Data rows read (blank rows not counted). */
    rows: z.number().int(),
    added: z.array(
      z.object({ row: z.number().int(), name: z.string(), changes: z.array(fieldChangeSchema) }),
    ),
    changed: z.array(
      z.object({
        row: z.number().int(),
        productId: z.number().int(),
        name: z.string(),
        changes: z.array(fieldChangeSchema),
      }),
    ),
    /** Rows left as they are, each with the reason, e.g. "Row 12: Tier 2 Price: A price must be ...". */
    refused: z.array(z.object({ row: z.number().int(), message: z.string() })),
    unchanged: z.number().int(),
    /** Send it back with the same file to apply exactly this preview. */
    token: z.string(),
    applied: z.boolean(),
  })
  .meta({
    id: 'CatalogSheetResult',
    description: 'What an uploaded catalogue spreadsheet adds, changes (field by field) and refuses.',
  });
export type CatalogSheetResult = z.infer<typeof catalogSheetResultSchema>;
