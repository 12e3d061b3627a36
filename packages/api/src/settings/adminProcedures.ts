import {
  productStockEmailsInputSchema,
  renameSavedMessageInputSchema,
  savedMessageSchema,
  saveMessageInputSchema,
  setMessageInputSchema,
  settingsSchema,
} from '@nursery/domain';
import { z } from 'zod';
import { answerOnce } from '../idempotency/service.ts';
import { queryBoolean, queryId, uploadedFileSchema } from '../input.ts';
import { procedure, requireStaff } from '../trpc.ts';
import {
  clearActivePdf,
  deleteSavedMessage,
  listSavedMessages,
  renameSavedMessage,
  saveMessageAs,
  setActivePdf,
  setMessage,
  setOnlineOrderingOpen,
  setProductStockEmails,
} from './service.ts';

export const settingsAdminProcedures = {
  savedMessages: procedure
    .output(z.array(savedMessageSchema))
    .query(({ ctx }) => listSavedMessages(ctx.shop)),
  saveMessageAs: procedure
    .input(saveMessageInputSchema)
    .output(settingsSchema)
    .mutation(({ ctx, input }) =>
      answerOnce(ctx, 'settings.saveMessageAs', input, () =>
        saveMessageAs(ctx.shop, requireStaff(ctx), input),
      ),
    ),
  deleteSavedMessage: procedure
    .input(z.object({ messageId: queryId('messageId') }, { error: 'Name the saved message: messageId=3.' }))
    .output(z.array(savedMessageSchema))
    .mutation(({ ctx, input }) => deleteSavedMessage(ctx.shop, requireStaff(ctx), input.messageId)),
  renameSavedMessage: procedure
    .input(renameSavedMessageInputSchema)
    .output(z.array(savedMessageSchema))
    .mutation(({ ctx, input }) => renameSavedMessage(ctx.shop, requireStaff(ctx), input)),
  setOrdersClosed: procedure
    .input(
      z.object(
        { isOpen: queryBoolean('isOpen') },
        { error: 'Say whether online ordering is open: isOpen=true or false.' },
      ),
    )
    .output(settingsSchema)
    .mutation(({ ctx, input }) => setOnlineOrderingOpen(ctx.shop, requireStaff(ctx), input.isOpen)),
  setActivePdf: procedure
    .input(z.object({ file: uploadedFileSchema }))
    .output(settingsSchema)
    .mutation(({ ctx, input }) => setActivePdf(ctx.shop, requireStaff(ctx), input.file)),
  clearActivePdf: procedure
    .output(settingsSchema)
    .mutation(({ ctx }) => clearActivePdf(ctx.shop, requireStaff(ctx))),
  setProductStockEmails: procedure
    .input(productStockEmailsInputSchema)
    .output(settingsSchema)
    .mutation(({ ctx, input }) => setProductStockEmails(ctx.shop, requireStaff(ctx), input.emails)),
  setMessage: procedure
    .input(setMessageInputSchema)
    .output(settingsSchema)
    .mutation(({ ctx, input }) => setMessage(ctx.shop, requireStaff(ctx), input.html)),
};
