import {
  adminOrderSchema,
  checkInInputSchema,
  counterActionInputSchema,
  counterAnswerSchema,
  counterDaySchema,
  counterOrderSchema,
  fileAnswerSchema,
  orderIdInputSchema,
  pickListInputSchema,
  pickListSchema,
  recordPaymentInputSchema,
  undoCounterInputSchema,
} from '@nursery/domain';
import { cachedAnswer } from '../answers.ts';
import { answerOnce } from '../idempotency/service.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import { pickListAnswer, pickListExport } from './pickList.ts';
import {
  actAtCounter,
  checkIn,
  clearPayment,
  counterDay,
  counterOrderById,
  recordPayment,
  undoCheckIn,
} from './service.ts';

// Staff-only: none of these paths is in PUBLIC_PROCEDURES.
export const pickupRouter = router({
  /** Marks an order picked up by the signed-in staff member, now (Orders/CheckIn). */
  checkIn: procedure
    .input(checkInInputSchema)
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) => checkIn(ctx.shop, requireStaff(ctx), input)),
  /** Undoes a mistaken check-in. */
  undoCheckIn: procedure
    .input(undoCounterInputSchema)
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) => undoCheckIn(ctx.shop, requireStaff(ctx), input)),
  /** Records what was paid at the counter (cash or check, the amount in dollars). */
  recordPayment: procedure
    .input(recordPaymentInputSchema)
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) =>
      answerOnce(ctx, 'pickup.recordPayment', input, () => recordPayment(ctx.shop, requireStaff(ctx), input)),
    ),
  /** Takes back a payment recorded by mistake. */
  clearPayment: procedure
    .input(undoCounterInputSchema)
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) => clearPayment(ctx.shop, requireStaff(ctx), input)),
  /** One tap at the counter with its action id, sent at once or from a phone's queue: recorded once. */
  act: procedure
    .input(counterActionInputSchema)
    .output(counterAnswerSchema)
    .mutation(({ ctx, input }) => actAtCounter(ctx.shop, requireStaff(ctx), input)),
  /** A pick-up day's orders with their lines, for the counter to keep on the phone. */
  counterDay: procedure
    .input(pickListInputSchema)
    .output(counterDaySchema)
    .query(({ ctx, input }) => counterDay(ctx.shop, input)),
  /** One order with the tokens of its check-in and payment, for the order page a staff phone opens from its QR code. */
  counterOrder: procedure
    .input(orderIdInputSchema)
    .output(counterOrderSchema)
    .query(({ ctx, input }) => counterOrderById(ctx.shop, input.orderId)),
  /** A pick-up day's pick list: each order's lines to pull and each product's total for the day. */
  pickList: procedure
    .input(pickListInputSchema)
    .output(cachedAnswer(pickListSchema))
    .query(({ ctx, input }) => pickListAnswer(ctx.shop, input, ctx.signal)),
  /** The same pick list as an .xls workbook. */
  pickListExport: procedure
    .input(pickListInputSchema)
    .output(fileAnswerSchema)
    .query(({ ctx, input }) => pickListExport(ctx.shop, input, ctx.signal)),
});
