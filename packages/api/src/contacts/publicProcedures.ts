import { contactReceiptSchema, contactSubmissionSchema } from '@nursery/domain';
import { procedure } from '../trpc.ts';
import { insertContact } from './insert.ts';

export const contactsPublicProcedures = {
  /** A message from the contact form (Contact/InsertUserComment). */
  insert: procedure
    .input(contactSubmissionSchema)
    .output(contactReceiptSchema)
    .mutation(({ ctx, input }) => insertContact(ctx, input)),
};
