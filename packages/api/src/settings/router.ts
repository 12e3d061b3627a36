import { procedure, router } from '../trpc.ts';
import { getAllSettings } from './service.ts';

export const settingsRouter = router({
  all: procedure.query(({ ctx }) => getAllSettings(ctx.shop)),
});
