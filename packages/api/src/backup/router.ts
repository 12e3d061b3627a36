import { fileAnswerSchema, settingsSchema } from '@nursery/domain';
import { z } from 'zod';
import { storedUploadSchema } from '../input.ts';
import { getAllSettings } from '../settings/service.ts';
import { BACKUPS_FOR_PEOPLE, peopleProcedure, router } from '../trpc.ts';
import { backupDownload, restoreBackupFile } from './service.ts';

export const backupRouter = router({
  /** The whole shop as one .zip (database snapshot, media, manifest); served as a file download by REST. */
  create: peopleProcedure(BACKUPS_FOR_PEOPLE)
    .output(fileAnswerSchema)
    .mutation(({ ctx }) => backupDownload(ctx.shop)),
  restore: peopleProcedure(BACKUPS_FOR_PEOPLE)
    // The REST adapter streams the upload into the data folder (upload.toDisk); it is read from there.
    .input(z.object({ file: storedUploadSchema }))
    .output(settingsSchema)
    .mutation(async ({ ctx, input }) => {
      await restoreBackupFile(ctx.shop, input.file.path, input.file.size);
      return getAllSettings(ctx.shop);
    }),
});
