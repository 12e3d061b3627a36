import { router } from '../trpc.ts';
import { catalogAdminProcedures } from './adminProcedures.ts';
import { catalogPublicProcedures } from './publicProcedures.ts';
import { catalogSheetProcedures } from './sheetProcedures.ts';

// Public procedures must also be listed in PUBLIC_PROCEDURES (trpc.ts); everything else is staff-only.
export const catalogRouter = router({
  ...catalogPublicProcedures,
  ...catalogAdminProcedures,
  ...catalogSheetProcedures,
});
