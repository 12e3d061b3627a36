import { contactSpamSchema } from '@nursery/domain';
import { procedure } from '../trpc.ts';
import { allContacts, setContactSpam } from './adminContacts.ts';

export const contactsAdminProcedures = {
  /** Every contact form message, newest first (Contact/GetUserComments). */
  all: procedure.query(({ ctx }) => allContacts(ctx.shop)),
  /** Marks a message as spam or not (Contact/SetSpam). */
  setSpam: procedure
    .input(contactSpamSchema)
    .mutation(({ ctx, input }) => setContactSpam(ctx.shop, input.contactId, input.isSpam)),
};
