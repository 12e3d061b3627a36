import { router } from '../trpc.ts';
import { ordersAdminProcedures } from './adminProcedures.ts';
import { ordersPublicProcedures } from './publicProcedures.ts';

// Public procedures must also be listed in PUBLIC_PROCEDURES (trpc.ts); everything else is staff-only.
export const ordersRouter = router({ ...ordersPublicProcedures, ...ordersAdminProcedures });
