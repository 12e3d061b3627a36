import {
  currentSeasonSchema,
  fileAnswerSchema,
  rolloverApplySchema,
  rolloverOptionsSchema,
  rolloverPreviewSchema,
  rolloverResultSchema,
  rolloverStatusSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { queryId } from '../input.ts';
import {
  BACKUPS_FOR_PEOPLE,
  fileOverRestOnly,
  peopleProcedure,
  procedure,
  requireStaff,
  router,
} from '../trpc.ts';
import {
  applyRollover,
  currentSeasonAnswer,
  previewRollover,
  rolloverBackupDownload,
  rolloverStatus,
} from './service.ts';

/** Staff-only: none of these paths is in PUBLIC_PROCEDURES. */
export const seasonsRouter = router({
  /** The season orders and stock belong to now, with its label and days (Seasons/Current). */
  current: procedure.output(currentSeasonSchema).query(({ ctx }) => currentSeasonAnswer(ctx.shop)),
  /** The current and next season, whether a new season can be started, and the last one started. */
  rollover: procedure.output(rolloverStatusSchema).query(({ ctx }) => rolloverStatus(ctx.shop)),
  /** What starting the next season with these options would change; writes nothing. */
  previewRollover: procedure
    .input(rolloverOptionsSchema)
    .output(rolloverPreviewSchema)
    .mutation(({ ctx, input }) => previewRollover(ctx.shop, input)),
  /** Starts the next season exactly as previewed (the preview's token), after an automatic backup. */
  startSeason: procedure
    .input(rolloverApplySchema)
    .output(rolloverResultSchema)
    .mutation(({ ctx, input }) => applyRollover(ctx.shop, requireStaff(ctx), input)),
  /** The backup taken before a new season was started, to restore with Restore from Backup. */
  rolloverBackup: peopleProcedure(BACKUPS_FOR_PEOPLE)
    .input(z.object({ rolloverId: queryId('rolloverId') }))
    .output(fileAnswerSchema)
    .query(({ ctx, input }) => {
      fileOverRestOnly(ctx, `GET /api/v1/Seasons/Rollover/Backup?rolloverId=${input.rolloverId}`);
      return rolloverBackupDownload(ctx.shop, input.rolloverId);
    }),
});
