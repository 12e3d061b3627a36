import { z } from 'zod';
import { emailProblem } from '../email.ts';
import { ORDER_MESSAGES } from '../messages.ts';
import { toCents } from '../money.ts';
import { QUANTITY_MAX } from '../orderDetails.ts';
import { ORDER_FILTER_MAX, ORDER_LIST_SORTS, ORDER_TAX_FILTERS } from '../orderList.ts';
import { ORDER_PICKUP_FILTERS } from '../pickup.ts';
import { idTooLarge, isWholeButTooLarge, queryFlag, queryNumberText, wholeNumberOf } from '../queryText.ts';
import { optionalTextInput as optionalText, textInput as text } from '../schemas.ts';
import { ALL_SEASONS } from '../seasons.ts';

/**
 * Back-office inputs for orders and contact submissions. The order edit page checks the same
 * schema before saving, so staff see the server's messages without a round trip.
 */

export const ADMIN_ORDER_LINES_MAX = 500;
/** A unit price typed by hand above this is a slip of the finger, not a nursery price. */
export const MANUAL_PRICE_MAX_DOLLARS = 100_000;

export const ADMIN_ORDER_NAME_REQUIRED = 'You must enter a name for the order.';
export const MANUAL_PRICE_INVALID =
  'A manual price must be an amount in dollars with at most two decimals, such as 12.50.';
export const ORDER_VERSION_REQUIRED =
  'Send the version of the order you are changing, so that changes made by someone else are not overwritten.';
const PICK_UP_DAY_ID_INVALID = 'pickUpDayId must be the number of a pick-up day, or null for none.';
export const SEASON_INVALID = 'The season must be a starting year such as 2024, or -1 for all seasons.';

/** The version a record was read at, sent back with a change so one made meanwhile is not overwritten. */
export const optionalVersion = z
  .number({ error: 'The version must be a number.' })
  .int({ error: 'The version must be a whole number.' })
  .positive({ error: 'The version must be a positive number.' })
  .nullish();

/**
 * A positive whole number from JSON or from a query string, where everything arrives as text.
 * Anything else (fractions, '12abc', negative) is refused with the field's own name.
 */
export const wholeId = (what: string) =>
  queryNumberText(`${what} must be a positive whole number.`).transform((v, ctx) => {
    const n = wholeNumberOf(v);
    if (Number.isNaN(n) || n <= 0) {
      const message = isWholeButTooLarge(v) ? idTooLarge(what) : `${what} must be a positive whole number.`;
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    return n;
  });

const flag = (what: string) => queryFlag(`${what} must be true or false.`);

export const orderIdInputSchema = z.object({ orderId: wholeId('The order id') });

export const orderSeasonInputSchema = z.object({
  season: queryNumberText(SEASON_INVALID).transform((v, ctx) => {
    const n = wholeNumberOf(v, { negative: true });
    if (Number.isNaN(n) || (n > 0 && (n < 1900 || n > 9999))) {
      ctx.issues.push({ code: 'custom', message: SEASON_INVALID, input: v });
      return z.NEVER;
    }
    // The spec's screen loads every order for any season that is not above 0; the server agrees.
    return n > 0 ? n : ALL_SEASONS;
  }),
});

/**
 * Dollars as typed in the Unit Price cell (12.5 or "12.50"), at most two decimals; answers cents,
 * null when empty, or the message that says what is wrong.
 */
/**
 * One page of the admin Orders list as the screen asks for it: season (-1 all), the text and tax filters, the
 * sort and the page (0 first). Filtered, sorted and paged by the server, so the screen holds one page
 * whatever the number of orders (docs/decisions.md).
 */
export const orderListQuerySchema = z.object({
  /** Left out: the current season, so the screen need not wait for the season list before its first page. */
  season: orderSeasonInputSchema.shape.season.optional(),
  text: z
    .string({ error: 'The filter must be text.' })
    .max(ORDER_FILTER_MAX, { error: `The filter may be at most ${ORDER_FILTER_MAX} characters.` })
    .default(''),
  tax: z.enum(ORDER_TAX_FILTERS, { error: 'tax must be all, exempt or taxed.' }).default('all'),
  /** Orders of one pick-up day (its number), those without one ('none'), or every order ('all'). */
  pickUpDay: z
    .union([z.literal('all'), z.literal('none'), z.number().int().positive()], {
      error: "pickUpDay must be 'all', 'none' or the number of a pick-up day.",
    })
    .default('all'),
  pickup: z.enum(ORDER_PICKUP_FILTERS, { error: 'pickup must be all, waiting or pickedUp.' }).default('all'),
  sort: z
    .enum(ORDER_LIST_SORTS, { error: `sort must be one of ${ORDER_LIST_SORTS.join(', ')}.` })
    .default('createdTimestamp'),
  desc: z.boolean({ error: 'desc must be true or false.' }).default(true),
  page: z.number({ error: 'page must be a whole number.' }).int().min(0).max(1_000_000).default(0),
  pageSize: z.number({ error: 'pageSize must be a whole number.' }).int().min(1).max(100).default(10),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export function parseManualPrice(v: unknown): { cents: number | null } | { error: string } {
  if (v === null || v === undefined || v === '') return { cents: null };
  if (typeof v !== 'number' && typeof v !== 'string') return { error: MANUAL_PRICE_INVALID };
  const s = typeof v === 'number' ? String(v) : v.trim().replace(/^\$/, '');
  if (s === '') return { cents: null };
  if (!/^\d+(\.\d{1,2})?$/.test(s) && !/^\.\d{1,2}$/.test(s)) return { error: MANUAL_PRICE_INVALID };
  const dollars = Number(s);
  if (!Number.isFinite(dollars) || dollars > MANUAL_PRICE_MAX_DOLLARS) {
    return { error: `A manual price can be at most $${MANUAL_PRICE_MAX_DOLLARS.toLocaleString('en-US')}.` };
  }
  return { cents: toCents(dollars) };
}

/** A price as a person or a program writes it: parseManualPrice reads it, and refuses anything else. */
const manualPriceField = z
  .union([z.number(), z.string(), z.null()], { error: MANUAL_PRICE_INVALID })
  .optional();

export const adminOrderLineSchema = z
  .object({
    productId: z
      .number({ error: 'Each product on an order needs a product id.' })
      .int({ error: 'A product id is a whole number.' })
      .positive({ error: 'A product id is a positive number.' }),
    quantity: z
      .number({ error: 'Each product on an order needs a quantity.' })
      .int({ error: 'Quantities are whole numbers.' })
      .min(1, { error: 'Each product on an order needs a quantity of at least 1.' })
      .max(QUANTITY_MAX, { error: `An order can have at most ${QUANTITY_MAX} of one product.` }),
    /** Unit price in dollars; read only for manual (isStatic) lines, the server prices the others. */
    price: manualPriceField.describe(
      'Unit price in US dollars (12.5 or "12.50", a leading $ allowed) of a manual (isStatic) line; ignored on calculated lines, which the server prices from the tiers.',
    ),
    /**
     * The unit price as an order's lines carry it when read (where `price` is the line subtotal): when
     * sent, it wins, so an order read and sent back unchanged keeps its manual prices instead of having
     * each multiplied by its quantity.
     */
    unitPrice: manualPriceField.describe(
      'Unit price in US dollars, as an order read from the shop carries it (where price is the line subtotal); when sent it wins over price, so an order sent back unchanged keeps its manual prices.',
    ),
    isStatic: z
      .boolean({ error: 'isStatic must be true or false.' })
      .nullish()
      .transform((v) => v === true),
  })
  .transform((line, ctx) => {
    const base = { productId: line.productId, quantity: line.quantity, isStatic: line.isStatic };
    // A calculated line's price is whatever the screen showed; the server prices it from the tiers.
    if (!line.isStatic) return { ...base, priceCents: null };
    const typed =
      line.unitPrice === undefined || line.unitPrice === null || line.unitPrice === ''
        ? line.price
        : line.unitPrice;
    const price = parseManualPrice(typed);
    if ('error' in price || price.cents === null) {
      ctx.issues.push({
        code: 'custom',
        message: 'error' in price ? price.error : 'Enter a unit price for each product with a manual price.',
        input: typed,
      });
      return z.NEVER;
    }
    return { ...base, priceCents: price.cents };
  });

/** The whole order as the edit page sends it: no orderId creates a new one. */
export const adminOrderUpdateSchema = z
  .object({
    orderId: wholeId('The order id').nullish(),
    name: optionalText('Name', 201),
    firstName: text('First name', 100),
    lastName: text('Last name', 100),
    email: text('Email', 254),
    phoneNumber: text('Phone number', 40),
    workPhoneNumber: optionalText('Work phone number', 40),
    comments: optionalText('Comments', 4000, 'many'),
    isTaxExempt: z
      .boolean({ error: 'isTaxExempt must be true or false.' })
      .nullish()
      .transform((v) => v === true),
    version: optionalVersion,
    /**
     * The order's pick-up day: a day's number, null for none, or left out to keep the order's day as it is
     * (so a client that predates pick-up days never clears one by saving).
     */
    pickUpDayId: z
      .number({ error: PICK_UP_DAY_ID_INVALID })
      .int({ error: PICK_UP_DAY_ID_INVALID })
      .positive({ error: PICK_UP_DAY_ID_INVALID })
      .nullable()
      .optional(),
    // Required: an order without products is refused, with the same words whether the list is missing or
    // empty (the empty list is refused below).
    products: z
      .array(adminOrderLineSchema, {
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? ORDER_MESSAGES.products
            : 'The products of the order must be a list.',
      })
      .max(ADMIN_ORDER_LINES_MAX, {
        error: `An order can have at most ${ADMIN_ORDER_LINES_MAX} different products.`,
      }),
  })
  .superRefine(
    (value, ctx) => {
      const name = value.name ?? [value.firstName, value.lastName].filter(Boolean).join(' ');
      if (!name)
        ctx.addIssue({ code: 'custom', message: ADMIN_ORDER_NAME_REQUIRED, path: ['name'], input: value });
      const problem = value.email ? emailProblem(value.email) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['email'], input: value.email });
      // The public lookup needs the phone number, so an order without one could never be looked up.
      if (!value.phoneNumber) {
        ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.phone, path: ['phoneNumber'], input: value });
      }
      // Undefined only when the list was missing, which its own schema has refused already.
      const products: AdminOrderLineInput[] | undefined = value.products;
      if (products?.length === 0) {
        ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.products, path: ['products'], input: value });
      }
      const seen = new Set<number>();
      for (const line of products ?? []) {
        if (seen.has(line.productId)) {
          ctx.addIssue({
            code: 'custom',
            message: `Product ${line.productId} is on the order twice; put its whole quantity on one line.`,
            path: ['products'],
            input: line,
          });
        }
        seen.add(line.productId);
      }
      if (value.orderId && !value.version) {
        ctx.addIssue({ code: 'custom', message: ORDER_VERSION_REQUIRED, path: ['version'], input: value });
      }
    },
    {
      // Zod skips these checks once an issue has stopped parsing (`continue` not set), as a missing list does;
      // they run after that one too, so one answer names everything the order lacks.
      when: (payload) =>
        payload.issues.every(
          (issue) =>
            issue.continue === true ||
            (issue.code === 'invalid_type' && issue.path?.join('.') === 'products'),
        ),
    },
  )
  // What the checks above require, for the OpenAPI document (zod writes only `products`): a phone number, a
  // name (whole, or a first or last name), and for an edit (an orderId) the version it was read at.
  // The example: a new order (no orderId), as one is taken over the phone.
  .meta({
    required: ['phoneNumber', 'products'],
    allOf: [
      {
        description: 'A name: name, or firstName and/or lastName.',
        anyOf: [{ required: ['firstName'] }, { required: ['lastName'] }, { required: ['name'] }],
      },
      {
        description: 'A new order (no orderId), or an edit: orderId with the version the order was read at.',
        anyOf: [
          { title: 'New order', properties: { orderId: false } },
          { title: 'Order edit', required: ['orderId', 'version'] },
        ],
      },
    ],
    examples: [
      {
        firstName: 'Robin',
        lastName: 'Meadows',
        email: 'robin@example.com',
        phoneNumber: '608-555-0142',
        products: [{ productId: 1, quantity: 3 }],
      },
    ],
  });

export const orderFlagsSchema = z.object({
  orderId: wholeId('The order id'),
  isTaxExempt: flag('isTaxExempt'),
  /** Optional: the flag is set, not toggled, so a late second click cannot undo someone else's change. */
  version: optionalVersion,
});

export const contactSpamSchema = z.object({
  contactId: wholeId('The contact id'),
  isSpam: flag('isSpam'),
});

export type AdminOrderLineInput = z.infer<typeof adminOrderLineSchema>;
export type AdminOrderUpdateInput = z.infer<typeof adminOrderUpdateSchema>;
/** What the edit page sends before parsing. */
export type AdminOrderUpdateFormInput = z.input<typeof adminOrderUpdateSchema>;
export type OrderFlagsInput = z.infer<typeof orderFlagsSchema>;
export type ContactSpamInput = z.infer<typeof contactSpamSchema>;
