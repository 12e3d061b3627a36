import { staffAccountSchema, staffIdentitySchema } from '@nursery/domain';
import { z } from 'zod';
import { procedure, requireStaff, router } from '../trpc.ts';
import { listStaffAccounts } from './service.ts';

// Accounts of the embedded sign-in are managed from the command line (pnpm staff); the admin area can read them.
export const staffRouter = router({
  /** Who is signed in, as the server sees the token. */
  me: procedure.output(staffIdentitySchema).query(({ ctx }) => requireStaff(ctx)),
  /** The embedded provider's accounts (empty when an external provider is configured). */
  list: procedure
    .output(z.array(staffAccountSchema))
    .query(({ ctx }) => (ctx.shop.config.oidc.embedded ? listStaffAccounts(ctx.shop.db) : [])),
});
