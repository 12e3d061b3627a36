import { fileAnswerSchema, yearOverYearSchema } from '@nursery/domain';
import { procedure, router } from '../trpc.ts';
import { currentSeasonOrdersExport, stockExport, yearOverYearData, yearOverYearExport } from './service.ts';

export const exportsRouter = router({
  stock: procedure.output(fileAnswerSchema).query(({ ctx }) => stockExport(ctx.shop, ctx.signal)),
  yearOverYear: procedure
    .output(fileAnswerSchema)
    .query(({ ctx }) => yearOverYearExport(ctx.shop, ctx.signal)),
  /** The same figures as the YearOverYearByMonth workbook, as JSON for the Orders list's chart. */
  yearOverYearData: procedure.output(yearOverYearSchema).query(({ ctx }) => yearOverYearData(ctx.shop)),
  currentSeasonOrdersWithProducts: procedure
    .output(fileAnswerSchema)
    .query(({ ctx }) => currentSeasonOrdersExport(ctx.shop, ctx.signal)),
});
