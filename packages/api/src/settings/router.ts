import { router } from '../trpc.ts';
import { settingsAdminProcedures } from './adminProcedures.ts';
import { settingsPublicProcedures } from './publicProcedures.ts';

export const settingsRouter = router({ ...settingsPublicProcedures, ...settingsAdminProcedures });
