import { productsToShowSchema, storefrontProductSchema } from '@nursery/domain';
import { z } from 'zod';
import { cachedAnswer } from '../answers.ts';
import { procedure } from '../trpc.ts';
import { productsToShow } from './storefront.ts';

export const catalogPublicProcedures = {
  /**
   * The storefront's product list (GetProductsToShow). A rebuild costs several times a cached answer, so
   * `ignoreCache` is honoured for staff only (after editing the database by hand); anyone else gets the cached
   * list as if they had not asked, or a loop of visitors asking would slow every visitor down.
   */
  productsToShow: procedure
    .input(productsToShowSchema.optional())
    .output(cachedAnswer(z.array(storefrontProductSchema)))
    .query(({ ctx, input }) =>
      productsToShow(ctx.shop, { ignoreCache: input?.ignoreCache === true && ctx.caller.kind === 'staff' }),
    ),
};
