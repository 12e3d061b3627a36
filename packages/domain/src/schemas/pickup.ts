import { z } from 'zod';
import { COUNTER_ACTION_KINDS } from '../counterActions.ts';
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

export const COUNTER_ACTION_ID_INVALID =
  'actionId must be 8 to 100 letters, digits, dashes or underscores: a new random id (a UUID) made on the device for each tap, and the same one when the tap is sent again.';
const COUNTER_TOKEN_INVALID = (field: string) =>
  `${field} must be the token of the check-in or payment shown when the tap was made, as the counter's day answered it (8 to 100 letters, digits, dashes or underscores).`;

const tokenPattern = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The id a device gives one tap at the counter: sent again with the same id (after a drop of the network, a
 * reload, a new sign-in), the tap is recorded once and answered as the first time.
 */
export const counterActionIdSchema = z
  .string({ error: COUNTER_ACTION_ID_INVALID })
  .regex(tokenPattern, COUNTER_ACTION_ID_INVALID)
  .meta({
    description:
      'Optional. A random id (a UUID) the device made for this tap: sent again with the same id, the action is recorded once and answered as the first time.',
    examples: ['5b7c3a7e-0f1d-4c5e-9a43-2d8e6f1c9b20'],
  });

const counterTokenSchema = (field: string, what: string) =>
  z
    .string({ error: COUNTER_TOKEN_INVALID(field) })
    .regex(tokenPattern, COUNTER_TOKEN_INVALID(field))
    .describe(what);

const undoesSchema = counterTokenSchema(
  'undoes',
  "Optional. The token of the check-in or payment the undo was tapped on (GetCounterDay's checkInToken or paymentToken): if another one stands now, nothing is undone. Left out, whatever is recorded now is undone.",
);

/** Marks an order picked up: only the order is named, who and when come from the server. */
export const checkInInputSchema = z
  .object({
    orderId: wholeId('The order id'),
    actionId: counterActionIdSchema.optional(),
  })
  .meta({ examples: [{ orderId: 1, actionId: '5b7c3a7e-0f1d-4c5e-9a43-2d8e6f1c9b20' }] });
export type CheckInInput = z.infer<typeof checkInInputSchema>;

/** Undoes a check-in, or takes back a payment: the one the tap was made on, when `undoes` names it. */
export const undoCounterInputSchema = z.object({
  orderId: wholeId('The order id'),
  actionId: counterActionIdSchema.optional(),
  undoes: undoesSchema.optional(),
});
export type UndoCounterInput = z.infer<typeof undoCounterInputSchema>;

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

function checkNumberOnlyForCheck(
  value: { method: string; checkNumber: string | null },
  ctx: z.RefinementCtx<{ method: string; checkNumber: string | null }>,
) {
  if (value.method !== 'check' && value.checkNumber) {
    ctx.addIssue({
      code: 'custom',
      message: CHECK_NUMBER_ONLY_FOR_CHECK,
      path: ['checkNumber'],
      input: value,
    });
  }
}

/** What was paid at the counter for an order; it replaces what was recorded before. */
export const recordPaymentInputSchema = z
  .object({
    orderId: wholeId('The order id'),
    method: z.enum(PAID_METHODS, { error: PAYMENT_METHOD_INVALID }),
    amount: paymentAmountSchema,
    checkNumber: optionalTextInput('checkNumber', CHECK_NUMBER_MAX),
    actionId: counterActionIdSchema.optional(),
    replaces: counterTokenSchema(
      'replaces',
      'Optional. The token of the payment shown when this one was typed (paymentToken), null when none was shown: if another payment was recorded meanwhile, it stands and this one is not recorded. Left out, this payment replaces whatever is recorded.',
    )
      .nullable()
      .optional(),
  })
  .superRefine(checkNumberOnlyForCheck)
  .meta({
    examples: [
      {
        orderId: 1,
        method: 'check',
        amount: 42.5,
        checkNumber: '1047',
        actionId: '5b7c3a7e-0f1d-4c5e-9a43-2d8e6f1c9b20',
        replaces: null,
      },
    ],
  });
export type RecordPaymentInput = z.output<typeof recordPaymentInputSchema>;

/** Which pick list: a pick-up day's number, or 'none' for this season's orders without a day. */
export const pickListInputSchema = z.object({
  pickUpDay: z.union([z.literal('none'), wholeId('pickUpDay')], {
    error: "pickUpDay must be the number of a pick-up day, or 'none' for the orders without one.",
  }),
});
export type PickListInput = z.output<typeof pickListInputSchema>;

/**
 * One tap at the counter as a phone sends it, queued or at once: the kind says which, the rest as the REST
 * calls take it. The answer says whether it was recorded (the counter's rule, counterActions.ts).
 */
/** Longest name of the staff member a tap was made by, as the phone kept it. */
export const TAPPED_BY_MAX = 200;

/**
 * Who made a tap on the phone, when someone else is signed in as it is sent (a tap that waited through a
 * sign-out and the next person's sign-in): the check-in or payment is theirs, sent by whoever is signed in.
 */
const tappedBySchema = optionalTextInput('tappedBy', TAPPED_BY_MAX).meta({
  description:
    'Optional. The name of the staff member who made the tap on the device, when another is signed in as it is sent: recorded as theirs, "sent by" the signed-in staff member.',
});

export const counterActionInputSchema = z
  .discriminatedUnion(
    'kind',
    [
      checkInInputSchema.extend({
        kind: z.literal('checkIn'),
        actionId: counterActionIdSchema,
        tappedBy: tappedBySchema,
      }),
      undoCounterInputSchema.extend({
        kind: z.literal('undoCheckIn'),
        actionId: counterActionIdSchema,
        tappedBy: tappedBySchema,
      }),
      undoCounterInputSchema.extend({
        kind: z.literal('clearPayment'),
        actionId: counterActionIdSchema,
        tappedBy: tappedBySchema,
      }),
      z
        .object({
          kind: z.literal('recordPayment'),
          orderId: wholeId('The order id'),
          actionId: counterActionIdSchema,
          tappedBy: tappedBySchema,
          method: z.enum(PAID_METHODS, { error: PAYMENT_METHOD_INVALID }),
          amount: paymentAmountSchema,
          checkNumber: optionalTextInput('checkNumber', CHECK_NUMBER_MAX),
          replaces: counterTokenSchema('replaces', 'The payment shown when this one was typed.')
            .nullable()
            .optional(),
        })
        .superRefine(checkNumberOnlyForCheck),
    ],
    { error: `kind must be one of ${COUNTER_ACTION_KINDS.join(', ')}.` },
  )
  .meta({
    examples: [{ kind: 'checkIn', orderId: 1, actionId: '5b7c3a7e-0f1d-4c5e-9a43-2d8e6f1c9b20' }],
  });
export type CounterActionInput = z.output<typeof counterActionInputSchema>;
/** A tap as a phone sends it: the order by its number, the amount in dollars. */
export type CounterActionSent = z.input<typeof counterActionInputSchema> & { orderId: number };
