import { z } from 'zod';
import { CUSTOMER_EMAIL_KINDS } from '../customerEmails.ts';

/** One customer e-mail's text as Settings edits it, with the placeholders it may use. */
export const customerEmailTemplateSchema = z
  .object({
    kind: z.enum(CUSTOMER_EMAIL_KINDS),
    label: z.string(),
    subject: z.string(),
    body: z.string(),
    isDefault: z.boolean().describe('True while staff have not changed the shop’s own text.'),
    defaultSubject: z.string(),
    defaultBody: z.string(),
    placeholders: z
      .array(z.object({ name: z.string(), description: z.string() }))
      .describe('The placeholders this e-mail knows, written {name} in the subject or body.'),
  })
  .meta({ id: 'CustomerEmailTemplate' });
export type CustomerEmailTemplate = z.infer<typeof customerEmailTemplateSchema>;

export const customerEmailTemplatesSchema = z
  .array(customerEmailTemplateSchema)
  .meta({ id: 'CustomerEmailTemplates' });

export const ORDER_EMAIL_STATUSES = ['sent', 'waiting', 'retrying', 'failed', 'not-sent'] as const;
export type OrderEmailStatus = (typeof ORDER_EMAIL_STATUSES)[number];

/** One e-mail the shop wrote to a customer (about an order, or a waitlist's back-in-stock notice), and what became of it. */
export const orderEmailSchema = z
  .object({
    emailId: z.number().int(),
    orderId: z.number().int().nullable().describe('The order it is about; null for a back-in-stock notice.'),
    kind: z.string().describe('receipt, order-changed, pickup-reminder or back-in-stock.'),
    label: z.string(),
    to: z.string(),
    subject: z.string(),
    createdTimestamp: z.string().describe('ISO 8601 instant the e-mail was written to the outbox.'),
    displayCreatedTimestamp: z.string(),
    status: z
      .enum(ORDER_EMAIL_STATUSES)
      .describe(
        'sent; waiting (not tried yet); retrying (failed, tried again automatically); failed (no more automatic tries: use Retry); not-sent (no mail server configured, kept in the outbox).',
      ),
    displayStatus: z.string(),
    sentTimestamp: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    canRetry: z.boolean(),
  })
  .meta({ id: 'OrderEmail' });
export type OrderEmail = z.infer<typeof orderEmailSchema>;

export const orderEmailsSchema = z.array(orderEmailSchema).meta({ id: 'OrderEmails' });

/** Waitlist/Join's answer: the entry as stored (joining twice keeps one entry). */
export const waitlistJoinedSchema = z
  .object({
    productId: z.number().int(),
    email: z.string(),
    quantity: z.number().int(),
    message: z.string(),
  })
  .meta({ id: 'WaitlistJoined' });
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

export const waitlistEntrySchema = z
  .object({
    waitlistEntryId: z.number().int(),
    productId: z.number().int(),
    email: z.string(),
    quantity: z.number().int(),
    joinedTimestamp: z.string().describe('ISO 8601 instant.'),
    displayJoinedTimestamp: z.string(),
    toldTimestamp: z
      .string()
      .nullable()
      .describe(
        'When the back-in-stock e-mail went out (the mail server took it); null while nobody was told, including when its e-mail is waiting, failed or could not be sent.',
      ),
    displayToldTimestamp: z.string().nullable(),
    notice: orderEmailSchema
      .nullable()
      .describe(
        'The back-in-stock e-mail and what became of it (sent, waiting, retrying, failed, not-sent), with canRetry; null before one is written, and after the outbox let it go (30 days).',
      ),
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** A product's waitlist for staff: who is waiting (in the order they joined) and who was told. */
export const productWaitlistSchema = z
  .object({
    productId: z.number().int(),
    waiting: z
      .number()
      .int()
      .describe('Entries whose customer was not told yet (no e-mail went out to them).'),
    entries: z.array(waitlistEntrySchema),
  })
  .meta({ id: 'ProductWaitlist' });
export type ProductWaitlist = z.infer<typeof productWaitlistSchema>;

/** How many wait on each product's waitlist with no back-in-stock e-mail written yet; products nobody waits for are left out. */
export const waitlistWaitingSchema = z
  .array(
    z.object({
      productId: z.number().int(),
      waiting: z.number().int().describe('Entries whose back-in-stock e-mail is not written yet.'),
    }),
  )
  .meta({ id: 'WaitlistWaiting' });
export type WaitlistWaiting = z.infer<typeof waitlistWaitingSchema>;
