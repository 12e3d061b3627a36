import { contactReceiptSchema, contactSubmissionSchema } from '@nursery/domain';
import { answerOnce } from '../idempotency/service.ts';
import { procedure } from '../trpc.ts';
import { insertContact } from './insert.ts';

export const contactsPublicProcedures = {
  /** A message from the contact form (Contact/InsertUserComment). */
  insert: procedure
    .input(contactSubmissionSchema)
    .output(contactReceiptSchema)
    .mutation(({ ctx, input }) => answerOnce(ctx, 'contacts.insert', input, () => insertContact(ctx, input))),
};
