import { productsToShowSchema, storefrontProductSchema } from '@nursery/domain';
import { z } from 'zod';
import { cachedAnswer } from '../answers.ts';
import { procedure } from '../trpc.ts';
import { productsToShow } from './storefront.ts';

export const catalogPublicProcedures = {
  /** The storefront's product list (GetProductsToShow). */
  productsToShow: procedure
    .input(productsToShowSchema.optional())
    .output(cachedAnswer(z.array(storefrontProductSchema)))
    .query(({ ctx, input }) => productsToShow(ctx.shop, { ignoreCache: input?.ignoreCache === true })),
};
