import { z } from 'zod';
import { emailProblem, INVALID_EMAIL } from './email.ts';
import { LOOKUP_BLANK_ORDER_NUMBER, ORDER_MESSAGES, ORDER_NOT_FOUND } from './messages.ts';
import {
  ORDER_DETAILS_LIMITS as LIMITS,
  orderDetailsProblems,
  QUANTITY_MAX,
  QUANTITY_TOO_LARGE,
  tooLongText,
} from './orderDetails.ts';
import { isWholeButTooLarge, queryFlag } from './queryText.ts';
import { asMultiLine, asOneLine } from './textLines.ts';

/**
 * Input schemas shared by the browser and the server, so a visitor sees the same message the
 * server would send. Messages say what to do, since they are shown to people, not logged.
 */

const tooLong = (field: string, max: number) => ({ error: tooLongText(field, max) });

/**
 * A text field of any form, storefront or back office: control characters handled as above, trimmed, at most
 * `max` long. Missing or null becomes '' so the spec's "you must enter" rule, not a type error, speaks.
 */
export const textInput = (field: string, max: number, lines: 'one' | 'many' = 'one') =>
  z
    .string({ error: `${field} must be text.` })
    .overwrite(lines === 'one' ? asOneLine : asMultiLine)
    .trim()
    .max(max, tooLong(field, max))
    .nullish()
    .transform((v) => v ?? '');
const text = textInput;

/** As textInput, with missing, null or '' as null. */
export const optionalTextInput = (field: string, max: number, lines: 'one' | 'many' = 'one') =>
  z
    .string({ error: `${field} must be text.` })
    .overwrite(lines === 'one' ? asOneLine : asMultiLine)
    .trim()
    .max(max, tooLong(field, max))
    .nullish()
    .transform((v) => (v ? v : null));
const optionalText = optionalTextInput;

const PICK_UP_DAY_ID_INVALID = 'pickUpDayId must be the number of a pick-up day, such as 3.';
/** The pick-up day chosen at checkout; left out or null when the shop offers none. */
export const pickUpDayIdField = z
  .number({ error: PICK_UP_DAY_ID_INVALID })
  .int({ error: PICK_UP_DAY_ID_INVALID })
  .positive({ error: PICK_UP_DAY_ID_INVALID })
  .nullish()
  .transform((v) => v ?? null);

export const orderLineInputSchema = z.object(
  {
    // A value that is there but not a finite number ("48", 1e309) is told so, not called missing.
    productId: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'Each product on an order needs a product id.'
            : 'A product id is a positive whole number, like 48.',
      })
      .int({ error: 'A product id is a whole number.' })
      .positive({ error: 'A product id is a positive number.' }),
    quantity: z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'Each product on an order needs a quantity.'
            : `Quantities are whole numbers from 1 to ${QUANTITY_MAX}, written as numbers (3, not "3").`,
      })
      .int({ error: 'Quantities are whole numbers.' })
      .min(1, { error: 'Each product on an order needs a quantity of at least 1.' })
      .max(QUANTITY_MAX, { error: QUANTITY_TOO_LARGE }),
  },
  { error: 'Each order line is an object like {"productId": 48, "quantity": 3}.' },
);

export const orderDetailsSchema = z
  .object(
    {
      firstName: text(LIMITS.firstName.label, LIMITS.firstName.max),
      lastName: text(LIMITS.lastName.label, LIMITS.lastName.max),
      name: optionalText('Name', 201),
      email: text(LIMITS.email.label, LIMITS.email.max),
      confirmEmail: text(LIMITS.confirmEmail.label, LIMITS.confirmEmail.max),
      phoneNumber: text(LIMITS.phoneNumber.label, LIMITS.phoneNumber.max),
      workPhoneNumber: optionalText(LIMITS.workPhoneNumber.label, LIMITS.workPhoneNumber.max),
      comments: optionalText(LIMITS.comments.label, LIMITS.comments.max, 'many'),
      orderProductXrefs: z
        .array(orderLineInputSchema, { error: 'The order lines must be a list.' })
        .max(500, { error: 'An order can have at most 500 different products.' })
        .nullish()
        .transform((v) => v ?? []),
      // Required by the server only while the shop offers pick-up days (PickUpDays/GetOpenPickUpDays).
      pickUpDayId: pickUpDayIdField,
    },
    {
      error:
        'Send the order as a JSON object with firstName, lastName, email, confirmEmail, phoneNumber and orderProductXrefs.',
    },
  )
  // What validateOrderDetails refuses without, so a body valid by the OpenAPI document is not refused for a
  // missing field (null or '' is refused too, with the spec's message).
  .meta({
    required: ['firstName', 'lastName', 'email', 'confirmEmail', 'phoneNumber', 'orderProductXrefs'],
    examples: [
      {
        firstName: 'Robin',
        lastName: 'Meadows',
        email: 'robin@example.com',
        confirmEmail: 'robin@example.com',
        phoneNumber: '608-555-0142',
        comments: 'Pick-up on Saturday.',
        orderProductXrefs: [{ productId: 1, quantity: 3 }],
      },
    ],
  })
  .superRefine((value, ctx) => {
    for (const { message, field } of orderDetailsProblems(value)) {
      ctx.addIssue({ code: 'custom', message, path: [field], input: value });
    }
  });

export const orderLookupSchema = z.object({
  orderId: z.preprocess(
    (v) => {
      // The shop writes an order's number as 'Order #493' (its page, its e-mails), so a customer may copy the '#'.
      const text = typeof v === 'string' ? v.trim().replace(/^#\s*/, '') : v;
      if (text === null || text === '') return undefined;
      // Decimal only: Number() would read '0x1ed' or '4.93e2' as order 493.
      if (typeof text === 'string') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      return text;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? LOOKUP_BLANK_ORDER_NUMBER : 'The order number must be a number.',
      })
      // 12345678901234567890 is a whole number, only past any order the shop can have: said as for any order
      // number it does not have (a wrong number, a wrong phone).
      .refine((n) => !isWholeButTooLarge(n), { error: ORDER_NOT_FOUND, abort: true })
      .int({ error: 'The order number must be a whole number.' })
      .positive({ error: 'The order number must be a positive number.' }),
  ),
  // A query string repeating phoneNumber arrives as a list: say what is wanted, not zod's "expected string".
  phoneNumber: z
    .string({ error: 'Send one phone number, as text.' })
    .trim()
    .max(40, tooLong('Phone number', 40))
    .optional(),
});

export const productsToShowSchema = z.object({
  ignoreCache: queryFlag('ignoreCache must be true or false.').optional(),
});

/** Accepts what a browser naturally sends: Date.now(), a numeric string, or an ISO timestamp. */
const loadTimeSchema = z
  .union([z.number(), z.string().trim()], { error: 'loadTime must be a time.' })
  .transform((v, ctx) => {
    const ms = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Date.parse(v);
    if (!Number.isFinite(ms)) {
      ctx.issues.push({ code: 'custom', message: 'loadTime must be a time.', input: v });
      return z.NEVER;
    }
    return ms;
  });

export const contactSubmissionSchema = z
  .object(
    {
      name: z
        .string({ error: 'Please enter your name.' })
        .overwrite(asOneLine)
        .trim()
        .min(1, { error: 'Please enter your name.' })
        .max(100, tooLong('Name', 100)),
      // Hidden from people; a filled-in value marks the submission as spam.
      subject: z.string().trim().max(200, tooLong('Subject', 200)).optional().meta({
        description:
          'A spam trap, hidden from people on the contact page: leave it out or empty. A message with any text here is stored as spam (for staff to review) and still answered with the same 200.',
      }),
      email: z
        .string({ error: INVALID_EMAIL })
        .overwrite(asOneLine)
        .trim()
        .max(254, tooLong('Email', 254))
        .superRefine((email, ctx) => {
          const problem = emailProblem(email);
          if (problem) ctx.addIssue({ code: 'custom', message: problem, input: email });
        }),
      comments: z
        .string({ error: 'Please enter your comments.' })
        .overwrite(asMultiLine)
        .trim()
        .min(1, { error: 'Please enter your comments.' })
        .max(5000, tooLong('Comments', 5000)),
      loadTime: loadTimeSchema.meta({
        description:
          'When the visitor opened the form: milliseconds since 1970-01-01 UTC (what Date.now() gives; digits as text, or an ISO 8601 time, are read too). People take time to write, so a message sent less than 3 seconds after loadTime is stored as spam and still answered with the same 200: send the time the form was shown, not the time of sending.',
        examples: [1741961100000],
      }),
    },
    { error: 'Send the message as a JSON object with name, email, comments and loadTime.' },
  )
  .meta({
    examples: [
      {
        name: 'Robin Meadows',
        email: 'robin@example.com',
        comments: 'Do you have bare-root bur oaks this spring?',
        loadTime: 1741961100000,
      },
    ],
  });

export type OrderLineInput = z.infer<typeof orderLineInputSchema>;
export type OrderDetailsInput = z.infer<typeof orderDetailsSchema>;
/** What a form may send before parsing fills in defaults. */
export type OrderDetailsFormInput = z.input<typeof orderDetailsSchema>;
export type OrderLookupInput = z.infer<typeof orderLookupSchema>;
export type ProductsToShowInput = z.infer<typeof productsToShowSchema>;
export type ContactSubmissionInput = z.infer<typeof contactSubmissionSchema>;
