import { stockHistoryEntrySchema, stockUpdateResultSchema, stockUpdatesInputSchema } from '@nursery/domain';
import { z } from 'zod';
import { typedAnswer } from '../answers.ts';
import { answerOnce } from '../idempotency/service.ts';
import { queryId, queryInt } from '../input.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import { insertStockUpdates, stockHistory } from './service.ts';

/** Staff-only: none of these paths is in PUBLIC_PROCEDURES. */
export const stockRouter = router({
  history: procedure
    .input(
      z.object({
        productId: queryId('productId'),
        season: queryInt('season')
          .refine((n) => n >= 2000 && n <= 2200, { error: 'season must be a year such as 2024.' })
          .optional(),
      }),
    )
    .output(typedAnswer(z.array(stockHistoryEntrySchema)))
    .query(({ ctx, input }) =>
      stockHistory(ctx.shop, input.productId, input.season === undefined ? {} : { season: input.season }),
    ),

  insertUpdates: procedure
    .input(stockUpdatesInputSchema)
    .output(stockUpdateResultSchema)
    .mutation(({ ctx, input }) =>
      answerOnce(ctx, 'stock.insertUpdates', input, () =>
        insertStockUpdates(ctx.shop, requireStaff(ctx), input),
      ),
    ),
});
