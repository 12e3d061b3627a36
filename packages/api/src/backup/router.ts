import { fileAnswerSchema, settingsSchema } from '@nursery/domain';
import { z } from 'zod';
import { storedUploadSchema } from '../input.ts';
import { getAllSettings } from '../settings/service.ts';
import { BACKUPS_FOR_PEOPLE, fileOverRestOnly, peopleProcedure, router } from '../trpc.ts';
import { backupDownload, restoreBackupFile } from './service.ts';

const replicaStatusSchema = z
  .object({
    syncSeconds: z.number(),
    replicas: z.array(
      z.object({
        name: z.string(),
        address: z.string(),
        lastCopiedAt: z.string().nullable(),
        failingSince: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
    mediaWaiting: z.number(),
    warning: z.string().nullable(),
  })
  .nullable();

export const backupRouter = router({
  /** The continuous copy (REPLICA_URL): where it goes, when it last copied, and a warning when it fails; null when off. */
  replica: peopleProcedure(BACKUPS_FOR_PEOPLE)
    .output(replicaStatusSchema)
    .query(({ ctx }) => ctx.shop.replica?.status() ?? null),
  /** The whole shop as one .zip (database snapshot, media, manifest); served as a file download by REST. */
  create: peopleProcedure(BACKUPS_FOR_PEOPLE)
    .output(fileAnswerSchema)
    .mutation(({ ctx }) => {
      fileOverRestOnly(ctx, 'POST /api/v1/BackupAuth');
      return backupDownload(ctx.shop, ctx.signal);
    }),
  restore: peopleProcedure(BACKUPS_FOR_PEOPLE)
    // The REST adapter streams the upload into the data folder (upload.toDisk); it is read from there.
    .input(z.object({ file: storedUploadSchema('POST /api/v1/RestoreAuth') }))
    .output(settingsSchema)
    .mutation(async ({ ctx, input }) => {
      await restoreBackupFile(ctx.shop, input.file.path, input.file.size, ctx.signal);
      return getAllSettings(ctx.shop);
    }),
});
