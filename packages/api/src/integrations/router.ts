import {
  addIntegrationClientInputSchema,
  integrationClientSchema,
  newIntegrationClientSchema,
  revokeIntegrationClientInputSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { ShopError } from '../errors.ts';
import { staffName } from '../orders/adminUpdate.ts';
import { PEOPLE_ONLY, peopleProcedure, requireStaff, router } from '../trpc.ts';
import { createIntegrationClient, listIntegrationClients, revokeIntegrationClient } from './service.ts';

export const EXTERNAL_PROVIDER_INTEGRATIONS =
  "Integration clients get their tokens from the shop's own sign-in, which is off while OIDC_ISSUER is set: create a machine-to-machine client at your provider instead (see docs/integrations.md).";

// For people only: an integration client cannot see, make or revoke clients (and so hand out credentials).
const integrationsProcedure = peopleProcedure(PEOPLE_ONLY);

export const integrationsRouter = router({
  list: integrationsProcedure
    .output(z.array(integrationClientSchema))
    .query(({ ctx }) => listIntegrationClients(ctx.shop.db)),
  add: integrationsProcedure
    .input(addIntegrationClientInputSchema)
    .output(newIntegrationClientSchema)
    .mutation(({ ctx, input }) => {
      const staff = requireStaff(ctx);
      if (!ctx.shop.config.oidc.embedded) {
        throw new ShopError({ kind: 'conflict', message: EXTERNAL_PROVIDER_INTEGRATIONS });
      }
      const created = createIntegrationClient(ctx.shop.db, input, staffName(staff));
      ctx.shop.log.info(
        { clientId: created.client.clientId, scope: created.client.scope, by: staffName(staff) },
        'integration client created',
      );
      return created;
    }),
  revoke: integrationsProcedure
    .input(revokeIntegrationClientInputSchema)
    .output(integrationClientSchema)
    .mutation(({ ctx, input }) => {
      const staff = requireStaff(ctx);
      const revoked = revokeIntegrationClient(ctx.shop.db, input.clientId, staffName(staff));
      ctx.shop.log.info({ clientId: revoked.clientId, by: staffName(staff) }, 'integration client revoked');
      return revoked;
    }),
});
