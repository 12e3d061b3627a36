import { fileAnswerSchema, settingsSchema } from '@nursery/domain';
import { z } from 'zod';
import { uploadedFileSchema } from '../input.ts';
import { getAllSettings } from '../settings/service.ts';
import { procedure, router } from '../trpc.ts';
import { backupDownload, restoreBackup } from './service.ts';

export const backupRouter = router({
  /** The whole shop as one .zip (database snapshot, media, manifest); served as a file download by REST. */
  create: procedure.output(fileAnswerSchema).mutation(({ ctx }) => backupDownload(ctx.shop)),
  restore: procedure
    .input(z.object({ file: uploadedFileSchema }))
    .output(settingsSchema)
    .mutation(async ({ ctx, input }) => {
      await restoreBackup(ctx.shop, input.file.data);
      return getAllSettings(ctx.shop);
    }),
});
