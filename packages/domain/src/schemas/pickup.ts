import { z } from 'zod';
import { toCents } from '../money.ts';
import {
  CHECK_NUMBER_MAX,
  CHECK_NUMBER_ONLY_FOR_CHECK,
  PAID_METHODS,
  PAYMENT_AMOUNT_INVALID,
  PAYMENT_AMOUNT_NOT_A_NUMBER,
  PAYMENT_MAX_DOLLARS,
  PAYMENT_METHOD_INVALID,
} from '../pickup.ts';
import { optionalTextInput } from '../schemas.ts';
import { wholeId } from './orders.ts';

/** Marks an order picked up, or undoes that: only the order is named, who and when come from the server. */
export const checkInInputSchema = z.object({ orderId: wholeId('The order id') });
export type CheckInInput = z.infer<typeof checkInInputSchema>;

/**
 * The amount paid, a JSON number of dollars with at most two decimals, not negative: answers cents. A string
 * ("45.50") is refused: a program sending one has mixed up a field, and a number is what the document
 * promises. The desk's form turns what was typed into a number first (`typedDollars`), then checks with this
 * same schema, so staff see the server's message at once.
 */
export const paymentAmountSchema = z
  .number({
    error: (issue) =>
      typeof issue.input === 'string' ? PAYMENT_AMOUNT_NOT_A_NUMBER : PAYMENT_AMOUNT_INVALID,
  })
  .transform((dollars, ctx) => {
    if (!Number.isFinite(dollars) || !/^\d+(\.\d{1,2})?$/.test(String(dollars))) {
      ctx.issues.push({ code: 'custom', message: PAYMENT_AMOUNT_INVALID, input: dollars });
      return z.NEVER;
    }
    if (dollars > PAYMENT_MAX_DOLLARS) {
      ctx.issues.push({
        code: 'custom',
        message: `amount can be at most $${PAYMENT_MAX_DOLLARS.toLocaleString('en-US')}.`,
        input: dollars,
      });
      return z.NEVER;
    }
    return toCents(dollars);
  });

/**
 * Dollars as typed at the counter (45.5, "45.50", a leading $ allowed) as the number paymentAmountSchema takes;
 * NaN for anything else (an empty box, letters, a minus), which the schema refuses with its message.
 */
export function typedDollars(text: string): number {
  const s = text.trim().replace(/^\$/, '');
  return /^(\d+(\.\d+)?|\.\d+)$/.test(s) ? Number(s) : Number.NaN;
}

/** What was paid at the counter for an order; it replaces what was recorded before. */
export const recordPaymentInputSchema = z
  .object({
    orderId: wholeId('The order id'),
    method: z.enum(PAID_METHODS, { error: PAYMENT_METHOD_INVALID }),
    amount: paymentAmountSchema,
    checkNumber: optionalTextInput('checkNumber', CHECK_NUMBER_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.method !== 'check' && value.checkNumber) {
      ctx.addIssue({
        code: 'custom',
        message: CHECK_NUMBER_ONLY_FOR_CHECK,
        path: ['checkNumber'],
        input: value,
      });
    }
  })
  .meta({ examples: [{ orderId: 1, method: 'check', amount: 42.5, checkNumber: '1047' }] });
export type RecordPaymentInput = z.output<typeof recordPaymentInputSchema>;

/** Which pick list: a pick-up day's number, or 'none' for this season's orders without a day. */
export const pickListInputSchema = z.object({
  pickUpDay: z.union([z.literal('none'), wholeId('pickUpDay')], {
    error: "pickUpDay must be the number of a pick-up day, or 'none' for the orders without one.",
  }),
});
export type PickListInput = z.output<typeof pickListInputSchema>;
