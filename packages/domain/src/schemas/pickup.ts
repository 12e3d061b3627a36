import { z } from 'zod';
import { toCents } from '../money.ts';
import {
  CHECK_NUMBER_MAX,
  CHECK_NUMBER_ONLY_FOR_CHECK,
  PAID_METHODS,
  PAYMENT_AMOUNT_INVALID,
  PAYMENT_MAX_DOLLARS,
  PAYMENT_METHOD_INVALID,
} from '../pickup.ts';
import { optionalTextInput } from '../schemas.ts';
import { wholeId } from './orders.ts';

/** Marks an order picked up, or undoes that: only the order is named, who and when come from the server. */
export const checkInInputSchema = z.object({ orderId: wholeId('The order id') });
export type CheckInInput = z.infer<typeof checkInInputSchema>;

/**
 * Dollars as typed at the counter (45.5 or "45.50", a leading $ allowed), at most two decimals, not negative:
 * answers cents. The desk's form checks with the same schema, so staff see the server's message at once.
 */
export const paymentAmountSchema = z
  .union([z.number(), z.string()], { error: PAYMENT_AMOUNT_INVALID })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? String(v) : v.trim().replace(/^\$/, '');
    const dollars = Number(s);
    if (!/^(\d+(\.\d{1,2})?|\.\d{1,2})$/.test(s) || !Number.isFinite(dollars)) {
      ctx.issues.push({ code: 'custom', message: PAYMENT_AMOUNT_INVALID, input: v });
      return z.NEVER;
    }
    if (dollars > PAYMENT_MAX_DOLLARS) {
      ctx.issues.push({
        code: 'custom',
        message: `amount can be at most $${PAYMENT_MAX_DOLLARS.toLocaleString('en-US')}.`,
        input: v,
      });
      return z.NEVER;
    }
    return toCents(dollars);
  });

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
