import { settingsSchema } from '@nursery/domain';
import { procedure } from '../trpc.ts';
import { getAllSettings, settingsForVisitors } from './service.ts';

export const settingsPublicProcedures = {
  all: procedure
    .output(settingsSchema)
    .query(({ ctx }) =>
      ctx.caller.kind === 'staff' ? getAllSettings(ctx.shop) : settingsForVisitors(ctx.shop),
    ),
};
