import { contactSchema, contactSpamSchema } from '@nursery/domain';
import { pagedAnswer } from '../answers.ts';
import { pageInputSchema } from '../pagedList.ts';
import { procedure } from '../trpc.ts';
import { allContacts, setContactSpam } from './adminContacts.ts';

export const contactsAdminProcedures = {
  /** Every contact form message, newest first, or a page of them (Contact/GetUserComments). */
  all: procedure
    .input(pageInputSchema.optional())
    .output(pagedAnswer(contactSchema))
    .query(({ ctx, input }) => allContacts(ctx.shop, input)),
  /** Marks a message as spam or not (Contact/SetSpam). */
  setSpam: procedure
    .input(contactSpamSchema)
    .output(contactSchema)
    .mutation(({ ctx, input }) => setContactSpam(ctx.shop, input.contactId, input.isSpam)),
};
