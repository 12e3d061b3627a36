import {
  fileAnswerSchema,
  seasonPlanInputSchema,
  seasonPlanResultSchema,
  seasonReportInputSchema,
  seasonReportSchema,
} from '@nursery/domain';
import { cachedAnswer } from '../answers.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import { saveSeasonPlan, seasonReportAnswer } from './service.ts';
import { seasonReportExport } from './workbook.ts';

/** Staff-only: none of these paths is in PUBLIC_PROCEDURES. */
export const seasonReportRouter = router({
  get: procedure
    .input(seasonReportInputSchema)
    .output(cachedAnswer(seasonReportSchema))
    .query(({ ctx, input }) => seasonReportAnswer(ctx.shop, input.season, ctx.signal)),
  savePlan: procedure
    .input(seasonPlanInputSchema)
    .output(seasonPlanResultSchema)
    .mutation(({ ctx, input }) => saveSeasonPlan(ctx.shop, requireStaff(ctx), input)),
  export: procedure
    .input(seasonReportInputSchema)
    .output(fileAnswerSchema)
    .query(({ ctx, input }) => seasonReportExport(ctx.shop, input.season, ctx.signal)),
});
