import { siteConfigSchema } from '@nursery/domain';
import { currentSeason } from '../stock/levels.ts';
import { procedure, router } from '../trpc.ts';

export const siteRouter = router({
  /** What the browser needs to know about this shop: its identity, sign-in and tax configuration. */
  config: procedure.output(siteConfigSchema).query(({ ctx }) => {
    const { config } = ctx.shop;
    return {
      shop: config.shop,
      taxRateBasisPoints: config.taxRateBasisPoints,
      seasonStartMonth: config.seasonStartMonth,
      currentSeason: currentSeason(ctx.shop),
      oidc: {
        issuer: config.oidc.issuer,
        clientId: config.oidc.clientId,
        audience: config.oidc.audience,
        embedded: config.oidc.embedded,
        extraScopes: config.oidc.extraScopes,
      },
    };
  }),
});
