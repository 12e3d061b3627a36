import {
  addIntegrationClientInputSchema,
  integrationClientSchema,
  newIntegrationClientSchema,
  revokeIntegrationClientInputSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { ShopError } from '../errors.ts';
import { staffName } from '../orders/adminUpdate.ts';
import { procedure, requireStaff, router } from '../trpc.ts';
import { createIntegrationClient, listIntegrationClients, revokeIntegrationClient } from './service.ts';

export const EXTERNAL_PROVIDER_INTEGRATIONS =
  "Integration clients get their tokens from the shop's own sign-in, which is off while OIDC_ISSUER is set: create a machine-to-machine client at your provider instead (see docs/integrations.md).";

// Staff-only (not in PUBLIC_PROCEDURES) and people-only (PEOPLE_ONLY_PROCEDURES): an integration client
// cannot make or revoke clients.
export const integrationsRouter = router({
  list: procedure
    .output(z.array(integrationClientSchema))
    .query(({ ctx }) => listIntegrationClients(ctx.shop.db)),
  add: procedure
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
  revoke: procedure
    .input(revokeIntegrationClientInputSchema)
    .output(integrationClientSchema)
    .mutation(({ ctx, input }) => {
      const staff = requireStaff(ctx);
      const revoked = revokeIntegrationClient(ctx.shop.db, input.clientId, staffName(staff));
      ctx.shop.log.info({ clientId: revoked.clientId, by: staffName(staff) }, 'integration client revoked');
      return revoked;
    }),
});
