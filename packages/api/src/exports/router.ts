import { procedure, router } from '../trpc.ts';
import { currentSeasonOrdersExport, stockExport, yearOverYearData, yearOverYearExport } from './service.ts';

export const exportsRouter = router({
  stock: procedure.query(({ ctx }) => stockExport(ctx.shop)),
  yearOverYear: procedure.query(({ ctx }) => yearOverYearExport(ctx.shop)),
  /** The same figures as the YearOverYearByMonth workbook, as JSON for the Orders list's chart. */
  yearOverYearData: procedure.query(({ ctx }) => yearOverYearData(ctx.shop)),
  currentSeasonOrdersWithProducts: procedure.query(({ ctx }) => currentSeasonOrdersExport(ctx.shop)),
});
