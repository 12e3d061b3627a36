import { seasonOf, siteConfigSchema } from '@nursery/domain';
import { procedure, router } from '../trpc.ts';

export const siteRouter = router({
  /** What the browser needs to know about this shop: its identity, sign-in and tax configuration. */
  config: procedure.output(siteConfigSchema).query(({ ctx }) => {
    const { config } = ctx.shop;
    return {
      shop: config.shop,
      taxRateBasisPoints: config.taxRateBasisPoints,
      seasonStartMonth: config.seasonStartMonth,
      currentSeason: seasonOf(ctx.shop.now(), config.shop.timeZone, config.seasonStartMonth),
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
