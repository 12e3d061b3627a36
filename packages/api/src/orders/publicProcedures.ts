import {
  type OrderDetailsInput,
  orderDetailsSchema,
  orderLookupSchema,
  orderSchema,
  type SubmittedOrder,
  submittedOrderSchema,
} from '@nursery/domain';
import { typedAnswer } from '../answers.ts';
import { type AnswerForm, withIdempotencyKey } from '../idempotency/service.ts';
import { RawJson } from '../rawJson.ts';
import { type ApiContext, procedure } from '../trpc.ts';
import { lookupOrder } from './lookup.ts';
import { submitOrder } from './submit.ts';

/**
 * A storefront order: taken from the client's hourly budget, which a refused order gets back. Its answer is
 * already JSON text (submit.ts), which the REST adapter sends as it is.
 */
export function placeOrder(ctx: ApiContext, input: OrderDetailsInput): Promise<RawJson<SubmittedOrder>> {
  // A retry with the order's Idempotency-Key is answered with the order placed, and costs no budget.
  return withIdempotencyKey(ctx, 'orders.submit', input, SUBMIT_ANSWER, async (claim) => {
    const budget = ctx.shop.limiters.orders;
    budget.take(ctx.clientIp);
    try {
      // With a key, the order's transaction keeps the answer (submit.ts).
      return { answer: await submitOrder(ctx.shop, input, claim), kept: true };
    } catch (error) {
      budget.giveBack(ctx.clientIp);
      throw error;
    }
  });
}

/** A submit's answer is kept as the text it was sent as. */
const SUBMIT_ANSWER: AnswerForm<RawJson<SubmittedOrder>> = {
  toJson: (answer) => answer.json,
  fromJson: (json) => RawJson.fromJson<SubmittedOrder>(json),
};

export const ordersPublicProcedures = {
  /** Places an order from the storefront cart (Orders/Submit). */
  submit: procedure
    .input(orderDetailsSchema)
    // Typed, not parsed: the submit is the hot path and its Order is built by the same toOrder as byId's.
    .output(typedAnswer(submittedOrderSchema))
    .mutation(async ({ ctx, input }) => (await placeOrder(ctx, input)).value),
  /** An order by its number and the phone number it was placed with (Orders/GetOrderById). */
  byId: procedure
    .input(orderLookupSchema)
    .output(orderSchema)
    .query(({ ctx, input }) => lookupOrder(ctx, input)),
};
