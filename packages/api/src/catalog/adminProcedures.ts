import { productFlagsInputSchema, productInputSchema } from '@nursery/domain';
import { z } from 'zod';
import { queryBoolean, queryId, queryInt } from '../input.ts';
import { procedure, requireStaff } from '../trpc.ts';
import {
  allProductsWithStats,
  deleteProduct,
  productOrders,
  saveProduct,
  saveSpecialOrderProduct,
  setProductStatus,
  updateProductFlags,
} from './adminService.ts';

const productIdQuery = z.object({ productId: queryId('productId') });

const statusQuery = z.object({
  productId: queryId('productId'),
  productStatus: queryInt('productStatus').refine((n) => n >= 1 && n <= 7, {
    error:
      'productStatus must be one of 1 (Inactive), 2 (Active), 3 (Sold Out), 4 (Deleted), 5 (Special Order), 6 (Call for Availability), 7 (Nursery).',
  }),
});

/** Staff-only: none of these paths is in PUBLIC_PROCEDURES. */
export const catalogAdminProcedures = {
  allWithStats: procedure
    .input(z.object({ includeSpecialOrderProducts: queryBoolean.optional() }).optional())
    .query(({ ctx, input }) =>
      allProductsWithStats(ctx.shop, {
        includeSpecialOrderProducts: input?.includeSpecialOrderProducts === true,
      }),
    ),

  productOrders: procedure
    .input(productIdQuery)
    .query(({ ctx, input }) => productOrders(ctx.shop, input.productId)),

  setStatus: procedure
    .input(statusQuery)
    .mutation(({ ctx, input }) => setProductStatus(ctx.shop, requireStaff(ctx), input)),

  save: procedure.input(productInputSchema).mutation(({ ctx, input }) => saveProduct(ctx.shop, input)),

  updateFlags: procedure
    .input(productFlagsInputSchema)
    .mutation(({ ctx, input }) => updateProductFlags(ctx.shop, input)),

  saveSpecialOrder: procedure
    .input(productInputSchema)
    .mutation(({ ctx, input }) => saveSpecialOrderProduct(ctx.shop, input)),

  delete: procedure
    .input(productIdQuery)
    .mutation(({ ctx, input }) => deleteProduct(ctx.shop, requireStaff(ctx), input.productId)),
};
