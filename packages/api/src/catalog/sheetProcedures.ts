import { catalogSheetResultSchema, fileAnswerSchema } from '@nursery/domain';
import { z } from 'zod';
import { typedAnswer } from '../answers.ts';
import { uploadedFileSchema } from '../input.ts';
import { procedure, requireStaff } from '../trpc.ts';
import { applyCatalogSheet, catalogSheetDownload, previewCatalogSheet } from './spreadsheet.ts';

/** The catalogue spreadsheet, staff-only: none of these paths is in PUBLIC_PROCEDURES. */
export const catalogSheetProcedures = {
  sheetCsv: procedure.output(fileAnswerSchema).query(({ ctx }) => catalogSheetDownload(ctx.shop, 'csv')),
  sheetXlsx: procedure.output(fileAnswerSchema).query(({ ctx }) => catalogSheetDownload(ctx.shop, 'xlsx')),
  previewSheet: procedure
    .input(z.object({ file: uploadedFileSchema }))
    // Typed, not parsed: the answer grows with the file (5,000 rows), and parsing it at once held the server.
    .output(typedAnswer(catalogSheetResultSchema))
    .mutation(({ ctx, input }) => previewCatalogSheet(ctx.shop, input.file)),
  applySheet: procedure
    .input(
      z.object({
        file: uploadedFileSchema,
        token: z
          .string({ error: 'Preview the file first: send the token its preview answered.' })
          .min(1, { error: 'Preview the file first: send the token its preview answered.' })
          .max(200, { error: 'The token is not one a preview answered. Preview the file again.' }),
      }),
    )
    .output(typedAnswer(catalogSheetResultSchema))
    .mutation(({ ctx, input }) => applyCatalogSheet(ctx.shop, requireStaff(ctx), input.file, input.token)),
};
