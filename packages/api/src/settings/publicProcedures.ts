import { procedure } from '../trpc.ts';
import { getAllSettings } from './service.ts';

export const settingsPublicProcedures = {
  all: procedure.query(({ ctx }) => getAllSettings(ctx.shop)),
};
