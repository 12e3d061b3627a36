import {
  fileAnswerSchema,
  seasonPlanInputSchema,
  seasonPlanResultSchema,
  seasonReportInputSchema,
  seasonReportSchema,
} from '@nursery/domain';
import { typedAnswer } from '../answers.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import { saveSeasonPlan, seasonReport } from './service.ts';
import { seasonReportExport } from './workbook.ts';

/** Staff-only: none of these paths is in PUBLIC_PROCEDURES. */
export const seasonReportRouter = router({
  get: procedure
    .input(seasonReportInputSchema)
    .output(typedAnswer(seasonReportSchema))
    .query(({ ctx, input }) => seasonReport(ctx.shop, input.season)),
  savePlan: procedure
    .input(seasonPlanInputSchema)
    .output(seasonPlanResultSchema)
    .mutation(({ ctx, input }) => saveSeasonPlan(ctx.shop, requireStaff(ctx), input)),
  export: procedure
    .input(seasonReportInputSchema)
    .output(fileAnswerSchema)
    .query(({ ctx, input }) => seasonReportExport(ctx.shop, input.season)),
});
