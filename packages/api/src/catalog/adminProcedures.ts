import {
  deletedProductSchema,
  productFlagsInputSchema,
  productInputSchema,
  productOrderLineSchema,
  productSchema,
  productStatusChangeSchema,
  savedProductSchema,
  specialOrderProductInputSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { pagedAnswer, typedAnswer } from '../answers.ts';
import { answerOnce } from '../idempotency/service.ts';
import { queryBoolean, queryId, queryInt } from '../input.ts';
import { pageInputSchema } from '../pagedList.ts';
import { procedure, requireStaff } from '../trpc.ts';
import {
  deleteProduct,
  productOrders,
  productsWithStatsList,
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
    .input(
      pageInputSchema
        .extend({ includeSpecialOrderProducts: queryBoolean('includeSpecialOrderProducts').optional() })
        .optional(),
    )
    .output(pagedAnswer(productSchema))
    .query(({ ctx, input }) =>
      productsWithStatsList(
        ctx.shop,
        { includeSpecialOrderProducts: input?.includeSpecialOrderProducts === true },
        input,
      ),
    ),

  productOrders: procedure
    .input(productIdQuery)
    .output(typedAnswer(z.array(productOrderLineSchema)))
    .query(({ ctx, input }) => productOrders(ctx.shop, input.productId)),

  setStatus: procedure
    .input(statusQuery)
    .output(productStatusChangeSchema)
    .mutation(({ ctx, input }) => setProductStatus(ctx.shop, requireStaff(ctx), input)),

  save: procedure
    .input(productInputSchema)
    .output(savedProductSchema)
    .mutation(({ ctx, input }) => answerOnce(ctx, 'catalog.save', input, () => saveProduct(ctx.shop, input))),

  updateFlags: procedure
    .input(productFlagsInputSchema)
    .output(productSchema)
    .mutation(({ ctx, input }) => updateProductFlags(ctx.shop, input)),

  saveSpecialOrder: procedure
    .input(specialOrderProductInputSchema)
    .output(productSchema)
    .mutation(({ ctx, input }) =>
      answerOnce(ctx, 'catalog.saveSpecialOrder', input, () => saveSpecialOrderProduct(ctx.shop, input)),
    ),

  delete: procedure
    .input(productIdQuery)
    .output(deletedProductSchema)
    .mutation(({ ctx, input }) => deleteProduct(ctx.shop, requireStaff(ctx), input.productId)),
};
