import { procedure } from '../trpc.ts';
import { getAllSettings, settingsForVisitors } from './service.ts';

export const settingsPublicProcedures = {
  all: procedure.query(({ ctx }) =>
    ctx.caller.kind === 'staff' ? getAllSettings(ctx.shop) : settingsForVisitors(ctx.shop),
  ),
};
