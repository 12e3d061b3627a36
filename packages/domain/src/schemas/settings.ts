import { z } from 'zod';
import { isEmailAddress } from '../email.ts';
import { splitEmailList } from '../settings.ts';
import { asMultiLine, asOneLine } from '../textLines.ts';

/** Long enough for a season's worth of announcements, short enough that a paste accident is caught. */
export const MESSAGE_MAX_LENGTH = 20_000;
export const SAVED_MESSAGE_NAME_MAX_LENGTH = 100;
export const STOCK_EMAILS_MAX_LENGTH = 4_000;

export const setMessageInputSchema = z.object({
  // Required, null or '' to clear: a body without html (a misspelt field, an empty object) must not
  // silently wipe the banner every visitor sees.
  html: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'Send the message as {"html": "..."}; an empty text clears it.'
          : 'The message must be text (HTML).',
    })
    .max(MESSAGE_MAX_LENGTH, { error: `The message can be at most ${MESSAGE_MAX_LENGTH} characters.` })
    .nullable()
    .transform((v) => v ?? ''),
});

/** A saved message's name, for Save as... and Rename alike. */
const savedMessageName = z
  .string({ error: 'Give the saved message a name.' })
  .overwrite(asOneLine)
  .trim()
  .min(1, { error: 'Give the saved message a name.' })
  .max(SAVED_MESSAGE_NAME_MAX_LENGTH, {
    error: `A saved message name can be at most ${SAVED_MESSAGE_NAME_MAX_LENGTH} characters.`,
  });

const savedMessageId = z
  .number({ error: 'Name the saved message by its messageId (a whole number).' })
  .int({ error: 'messageId must be a positive whole number.' })
  .positive({ error: 'messageId must be a positive whole number.' });

/** Rename: the message by its id and the new name ({"messageId": 3, "name": "Spring hours"}). */
export const renameSavedMessageInputSchema = z.object(
  { messageId: savedMessageId, name: savedMessageName },
  { error: 'Send {"messageId": ..., "name": "..."}.' },
);

export const saveMessageInputSchema = z.object({
  name: savedMessageName,
  html: z
    .string({ error: 'The message must be text (HTML).' })
    .max(MESSAGE_MAX_LENGTH, { error: `The message can be at most ${MESSAGE_MAX_LENGTH} characters.` }),
});

/** The stock e-mail list in the form it is stored: unique addresses joined by ', '. */
export function normalizeEmailList(text: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const address of splitEmailList(text)) {
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out.join(', ');
}

export const productStockEmailsInputSchema = z
  .object({
    emails: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'Send the list as {"emails": "a@example.com, b@example.com"}; an empty text clears it.'
            : 'The stock e-mail list must be text: addresses separated by commas.',
      })
      .overwrite(asMultiLine)
      .max(STOCK_EMAILS_MAX_LENGTH, {
        error: `The stock e-mail list can be at most ${STOCK_EMAILS_MAX_LENGTH} characters.`,
      })
      .nullable()
      .transform((v) => v ?? '')
      .superRefine((value, ctx) => {
        for (const address of splitEmailList(value)) {
          if (!isEmailAddress(address)) {
            ctx.addIssue({
              code: 'custom',
              message: `"${address}" is not a valid e-mail address. Separate addresses with commas, like a@example.com, b@example.com.`,
            });
          }
        }
      }),
  })
  .meta({ examples: [{ emails: 'stock@example.com, owner@example.com' }] });

export type SetMessageInput = z.infer<typeof setMessageInputSchema>;
export type SaveMessageInput = z.infer<typeof saveMessageInputSchema>;
export type RenameSavedMessageInput = z.infer<typeof renameSavedMessageInputSchema>;
export type ProductStockEmailsInput = z.infer<typeof productStockEmailsInputSchema>;
