import { z } from 'zod';
import {
  CUSTOMER_EMAIL_BODY_MAX_LENGTH,
  CUSTOMER_EMAIL_KINDS,
  CUSTOMER_EMAIL_SUBJECT_MAX_LENGTH,
  unknownPlaceholders,
  unknownPlaceholdersMessage,
} from '../customerEmails.ts';
import { emailProblem, INVALID_EMAIL } from '../email.ts';
import { QUANTITY_MAX } from '../orderDetails.ts';
import { asMultiLine, asOneLine } from '../textLines.ts';

// The customer e-mails' inputs, apart from their texts (customerEmails.ts), which an order's receipt reads on the
// order writer's thread without loading the schema library.

export const customerEmailTemplateInputSchema = z
  .object(
    {
      kind: z.enum(CUSTOMER_EMAIL_KINDS, {
        error: `Say which e-mail to change: kind is one of ${CUSTOMER_EMAIL_KINDS.join(', ')}.`,
      }),
      subject: z
        .string({ error: 'Give the e-mail a subject.' })
        .overwrite(asOneLine)
        .trim()
        .min(1, { error: 'Give the e-mail a subject.' })
        .max(CUSTOMER_EMAIL_SUBJECT_MAX_LENGTH, {
          error: `The subject can be at most ${CUSTOMER_EMAIL_SUBJECT_MAX_LENGTH} characters.`,
        }),
      body: z
        .string({ error: 'Write the text of the e-mail.' })
        .overwrite(asMultiLine)
        .trim()
        .min(1, { error: 'Write the text of the e-mail.' })
        .max(CUSTOMER_EMAIL_BODY_MAX_LENGTH, {
          error: `The text can be at most ${CUSTOMER_EMAIL_BODY_MAX_LENGTH} characters.`,
        }),
    },
    { error: 'Send the e-mail text as a JSON object with kind, subject and body.' },
  )
  .superRefine((input, ctx) => {
    for (const field of ['subject', 'body'] as const) {
      const unknown = unknownPlaceholders(input.kind, input[field]);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: unknownPlaceholdersMessage(input.kind, field, unknown),
        });
      }
    }
  });
export type CustomerEmailTemplateInput = z.infer<typeof customerEmailTemplateInputSchema>;

/** Leaving an e-mail address on a Sold Out or Call for Availability product (the storefront's waitlist). */
export const waitlistJoinInputSchema = z
  .object(
    {
      productId: z
        .number({ error: 'Say which product: productId is a whole number.' })
        .int({ error: 'Say which product: productId is a whole number.' })
        .positive({ error: 'Say which product: productId is a whole number.' }),
      email: z
        .string({ error: INVALID_EMAIL })
        .overwrite(asOneLine)
        .trim()
        .max(254, { error: 'Email can be at most 254 characters.' })
        .superRefine((email, ctx) => {
          const problem = emailProblem(email);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: email });
        }),
      quantity: z
        .number({ error: 'Quantity must be a whole number from 1 to 100000.' })
        .int({ error: 'Quantity must be a whole number from 1 to 100000.' })
        .min(1, { error: 'Quantity must be a whole number from 1 to 100000.' })
        .max(QUANTITY_MAX, { error: 'Quantity must be a whole number from 1 to 100000.' })
        .default(1),
    },
    { error: 'Send the waitlist entry as a JSON object with productId, email and quantity.' },
  )
  .meta({ examples: [{ productId: 1, email: 'robin@example.com', quantity: 2 }] });
export type WaitlistJoinInput = z.infer<typeof waitlistJoinInputSchema>;
