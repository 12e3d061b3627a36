import { z } from 'zod';

/** What the browser needs to know about this shop: its identity, sign-in and tax configuration. */
export const siteConfigSchema = z
  .object({
    shop: z.object({
      name: z.string(),
      address: z.string(),
      phone: z.string(),
      phone2: z.string(),
      email: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      timeZone: z.string(),
      brandFlagLabel: z.string(),
    }),
    taxRateBasisPoints: z.number().int(),
    seasonStartMonth: z.number().int(),
    currentSeason: z.number().int(),
    oidc: z.object({
      issuer: z.string(),
      clientId: z.string(),
      audience: z.string(),
      embedded: z.boolean(),
      extraScopes: z.array(z.string()),
    }),
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof siteConfigSchema>;
