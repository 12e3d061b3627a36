import { z } from 'zod';

/** A message left on the contact form, as the Contacts screen lists it. */
export const contactSchema = z
  .object({
    contactId: z.number().int(),
    name: z.string(),
    email: z.string(),
    comments: z.string(),
    isSpam: z.boolean(),
    spamReason: z
      .string()
      .nullable()
      .describe(
        'Why the shop marked it as spam on arrival (honeypot, too fast, links); null when staff decided or it is not spam.',
      ),
    createdTimestamp: z.string().describe('ISO 8601 instant.'),
    displayCreatedDate: z.string(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

/** Contact/InsertUserComment's answer. */
export const contactReceiptSchema = z
  .object({ contactSubmissionId: z.number().int() })
  .meta({ id: 'ContactReceipt' });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
