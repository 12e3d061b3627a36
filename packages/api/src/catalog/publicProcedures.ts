import { productsToShowSchema } from '@nursery/domain';
import { procedure } from '../trpc.ts';
import { productsToShow } from './storefront.ts';

export const catalogPublicProcedures = {
  /** The storefront's product list (GetProductsToShow). */
  productsToShow: procedure
    .input(productsToShowSchema.optional())
    .query(({ ctx, input }) => productsToShow(ctx.shop, { ignoreCache: input?.ignoreCache === true })),
};
