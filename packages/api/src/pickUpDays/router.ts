import {
  openPickUpDaySchema,
  pickUpDayIdInputSchema,
  pickUpDayInputSchema,
  pickUpDaySchema,
} from '@nursery/domain';
import { z } from 'zod';
import { answerOnce } from '../idempotency/service.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import { savePickUpDay } from './save.ts';
import { deletePickUpDay, listPickUpDays, openPickUpDays } from './service.ts';

export const pickUpDaysRouter = router({
  /** Public (PUBLIC_PROCEDURES): the days from today on, full ones marked, for the checkout. */
  open: procedure.output(z.array(openPickUpDaySchema)).query(({ ctx }) => openPickUpDays(ctx.shop)),
  /** Staff only from here. */
  all: procedure.output(z.array(pickUpDaySchema)).query(({ ctx }) => listPickUpDays(ctx.shop)),
  save: procedure
    .input(pickUpDayInputSchema)
    .output(z.array(pickUpDaySchema))
    .mutation(({ ctx, input }) =>
      answerOnce(ctx, 'pickUpDays.save', input, () => savePickUpDay(ctx.shop, requireStaff(ctx), input)),
    ),
  delete: procedure
    .input(pickUpDayIdInputSchema)
    .output(z.array(pickUpDaySchema))
    .mutation(({ ctx, input }) => {
      requireStaff(ctx);
      return deletePickUpDay(ctx.shop, input.pickUpDayId);
    }),
});
