import {
  type OrderDetailsInput,
  orderDetailsSchema,
  orderLookupSchema,
  orderSchema,
  type SubmittedOrder,
  submittedOrderSchema,
} from '@nursery/domain';
import { typedAnswer } from '../answers.ts';
import type { RawJson } from '../rawJson.ts';
import { type ApiContext, procedure } from '../trpc.ts';
import { lookupOrder } from './lookup.ts';
import { submitOrder } from './submit.ts';

/**
 * A storefront order: taken from the client's hourly budget, which a refused order gets back. Its answer is
 * already JSON text (submit.ts), which the REST adapter sends as it is.
 */
export async function placeOrder(
  ctx: ApiContext,
  input: OrderDetailsInput,
): Promise<RawJson<SubmittedOrder>> {
  const budget = ctx.shop.limiters.orders;
  budget.take(ctx.clientIp);
  try {
    return await submitOrder(ctx.shop, input);
  } catch (error) {
    budget.giveBack(ctx.clientIp);
    throw error;
  }
}

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
