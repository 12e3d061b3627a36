import { router } from '../trpc.ts';
import { contactsAdminProcedures } from './adminProcedures.ts';
import { contactsPublicProcedures } from './publicProcedures.ts';

// Public procedures must also be listed in PUBLIC_PROCEDURES (trpc.ts); everything else is staff-only.
export const contactsRouter = router({ ...contactsPublicProcedures, ...contactsAdminProcedures });
