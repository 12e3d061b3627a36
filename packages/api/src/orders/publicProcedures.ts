import { orderDetailsSchema, orderLookupSchema } from '@nursery/domain';
import { procedure } from '../trpc.ts';
import { lookupOrder } from './lookup.ts';
import { submitOrder } from './submit.ts';

export const ordersPublicProcedures = {
  /** Places an order from the storefront cart (Orders/Submit). */
  submit: procedure.input(orderDetailsSchema).mutation(({ ctx, input }) => submitOrder(ctx.shop, input)),
  /** An order by its number and the phone number it was placed with (Orders/GetOrderById). */
  byId: procedure.input(orderLookupSchema).query(({ ctx, input }) => lookupOrder(ctx, input)),
};
