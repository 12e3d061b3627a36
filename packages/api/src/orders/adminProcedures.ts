import {
  adminOrderSchema,
  adminOrderUpdateSchema,
  orderFlagsSchema,
  orderIdInputSchema,
  orderListItemSchema,
  orderListPageSchema,
  orderListQuerySchema,
  orderSeasonInputSchema,
  productSchema,
  restoredOrderSchema,
  seasonChoicesSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { pagedAnswer, typedAnswer } from '../answers.ts';
import { jsonAnswer, withIdempotencyKey } from '../idempotency/service.ts';
import { pageInputSchema } from '../pagedList.ts';
import { procedure, requireStaff } from '../trpc.ts';
import {
  allOrders,
  deletedOrders,
  orderListPage,
  orderProductChoices,
  ordersForSeason,
  seasonChoices,
} from './adminList.ts';
import { adminOrderDetails } from './adminOrder.ts';
import { deleteOrder, restoreOrder, saveAdminOrder, setOrderFlags } from './adminUpdate.ts';

// Staff-only: none of these paths is in PUBLIC_PROCEDURES.
export const ordersAdminProcedures = {
  /** One order with its lines, deleted or not (Orders/GetOrderDetailsById). */
  detailsById: procedure
    .input(orderIdInputSchema)
    .output(adminOrderSchema)
    .query(({ ctx, input }) => adminOrderDetails(ctx.shop, input.orderId)),
  /** Every order that is not deleted, newest first, or a page of them (Orders/GetAllOrders). */
  all: procedure
    .input(pageInputSchema.optional())
    .output(pagedAnswer(orderListItemSchema))
    .query(({ ctx, input }) => allOrders(ctx.shop, input)),
  /** The orders of one season, -1 for all, or a page of them (Orders/GetAllOrdersForSeason). */
  allForSeason: procedure
    .input(orderSeasonInputSchema.extend(pageInputSchema.shape))
    .output(pagedAnswer(orderListItemSchema))
    .query(({ ctx, input: { season, ...page } }) => ordersForSeason(ctx.shop, season, page)),
  /**
   * Deleted orders, most recently deleted first, or a page of them (Orders/GetAllDeletedOrders); with text,
   * those the Orders screen's filter finds.
   */
  allDeleted: procedure
    .input(pageInputSchema.extend({ text: orderListQuerySchema.shape.text.optional() }).optional())
    .output(pagedAnswer(orderListItemSchema))
    .query(({ ctx, input }) => deletedOrders(ctx.shop, input)),
  /** One page of the admin Orders screen, filtered and sorted by the server, with the number matching. */
  page: procedure
    .input(orderListQuerySchema)
    .output(typedAnswer(orderListPageSchema))
    .query(({ ctx, input }) => orderListPage(ctx.shop, input)),
  /** The season dropdown: the current season down to the oldest with an order, plus All Seasons. */
  seasons: procedure.output(seasonChoicesSchema).query(({ ctx }) => seasonChoices(ctx.shop)),
  /** Products staff may put on an order, special-order and inactive ones included. */
  productChoices: procedure
    .output(typedAnswer(z.array(productSchema)))
    .query(({ ctx }) => orderProductChoices(ctx.shop)),
  /** Creates (no orderId) or replaces a whole order (Orders/Update). */
  update: procedure
    .input(adminOrderUpdateSchema)
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) =>
      // The order's transaction keeps the answer (adminUpdate.ts): no crash leaves a staff order made twice.
      withIdempotencyKey(
        ctx,
        'orders.update',
        input,
        jsonAnswer<ReturnType<typeof saveAdminOrder>>(),
        async (claim) => ({
          answer: saveAdminOrder(ctx.shop, requireStaff(ctx), input, claim),
          kept: true,
        }),
      ),
    ),
  /** Sets tax exemption and recomputes the tax (Orders/Update/Flags). */
  updateFlags: procedure
    .input(orderFlagsSchema)
    .output(adminOrderSchema)
    .mutation(({ ctx, input }) => setOrderFlags(ctx.shop, requireStaff(ctx), input)),
  /** Soft-deletes an order (Orders/DeleteOrder). */
  delete: procedure
    .input(orderIdInputSchema)
    .output(orderListItemSchema)
    .mutation(({ ctx, input }) => deleteOrder(ctx.shop, requireStaff(ctx), input.orderId)),
  /** Brings a deleted order back (Orders/RestoreOrder). */
  restore: procedure
    .input(orderIdInputSchema)
    .output(restoredOrderSchema)
    .mutation(({ ctx, input }) => restoreOrder(ctx.shop, requireStaff(ctx), input.orderId)),
};
