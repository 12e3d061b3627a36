import {
  productWaitlistSchema,
  waitlistJoinedSchema,
  waitlistJoinInputSchema,
  waitlistWaitingSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { answerOnce } from '../idempotency/service.ts';
import { queryId } from '../input.ts';
import { procedure, router } from '../trpc.ts';
import {
  joinWaitlist,
  productWaitlist,
  removeWaitlistEntry,
  retryWaitlistNotice,
  waitlistWaiting,
} from './service.ts';

// `join` is public (listed in PUBLIC_PROCEDURES, trpc.ts); the rest are staff-only.
export const waitlistRouter = router({
  join: procedure
    .input(waitlistJoinInputSchema)
    .output(waitlistJoinedSchema)
    .mutation(({ ctx, input }) => answerOnce(ctx, 'waitlist.join', input, () => joinWaitlist(ctx, input))),
  forProduct: procedure
    .input(z.object({ productId: queryId('productId') }))
    .output(productWaitlistSchema)
    .query(({ ctx, input }) => productWaitlist(ctx.shop, input.productId)),
  /** Products with customers still to be told, and how many: the Stock screen's restock hint. */
  waiting: procedure.output(waitlistWaitingSchema).query(({ ctx }) => waitlistWaiting(ctx.shop)),
  remove: procedure
    .input(z.object({ waitlistEntryId: queryId('waitlistEntryId') }))
    .output(productWaitlistSchema)
    .mutation(({ ctx, input }) => removeWaitlistEntry(ctx.shop, input.waitlistEntryId)),
  /** Tries a back-in-stock e-mail that did not go again at once (Retry beside the entry). */
  retryNotice: procedure
    .input(z.object({ emailId: queryId('emailId') }))
    .output(productWaitlistSchema)
    .mutation(({ ctx, input }) => retryWaitlistNotice(ctx.shop, input.emailId)),
});
