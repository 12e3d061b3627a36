import { contactSchema, contactSpamSchema } from '@nursery/domain';
import { z } from 'zod';
import { typedAnswer } from '../answers.ts';
import { procedure } from '../trpc.ts';
import { allContacts, setContactSpam } from './adminContacts.ts';

export const contactsAdminProcedures = {
  /** Every contact form message, newest first (Contact/GetUserComments). */
  all: procedure.output(typedAnswer(z.array(contactSchema))).query(({ ctx }) => allContacts(ctx.shop)),
  /** Marks a message as spam or not (Contact/SetSpam). */
  setSpam: procedure
    .input(contactSpamSchema)
    .output(contactSchema)
    .mutation(({ ctx, input }) => setContactSpam(ctx.shop, input.contactId, input.isSpam)),
};
