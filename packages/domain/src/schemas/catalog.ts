import { z } from 'zod';
import { toCents } from '../money.ts';
import { ADMIN_SELECTABLE_STATUSES, ProductStatus } from '../productStatus.ts';
import { DEFAULT_PRODUCT_TYPE_ID, isProductTypeId, PRODUCT_TYPES } from '../productTypes.ts';
import { idTooLarge, isWholeButTooLarge, numberTooLarge, wholeNumberOf } from '../queryText.ts';
import { optionalTextInput, textInput as text } from '../schemas.ts';
import { STOCK_CHANGE_MAX, STOCK_CHANGE_TOO_LARGE } from '../stockChange.ts';
import { validateTiers } from '../tiers.ts';
import { optionalVersion } from './orders.ts';

/**
 * Admin catalogue inputs: the product form, the flags toggle and the stock summary. The browser
 * checks the same schemas before sending, so staff see the server's messages without a round trip.
 */

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_TEXT_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 4000;
export const PRODUCT_TIERS_MAX = 50;
export const STOCK_NOTES_MAX = 2000;
export const STOCK_UPDATES_MAX = 1000;

/** Digits or empty, as the price table's quantity cells send them; empty means null. */
const tierQuantity = (field: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${field} must be a whole number.` })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : Number.NaN;
      if (!Number.isSafeInteger(n)) {
        const message = isWholeButTooLarge(v) ? numberTooLarge(field) : `${field} must be a whole number.`;
        ctx.issues.push({ code: 'custom', message, input: v });
        return z.NEVER;
      }
      return n;
    });

export const TIER_PRICE_INVALID = 'A price must be an amount in dollars and cents, such as 12.50.';
export const TIER_PRICE_MAX_DOLLARS = 1_000_000;
export const TIER_PRICE_TOO_HIGH = 'A price can be at most $1,000,000.00.';

/** Whole cents: 4.5 and 4.25 are, 0.001 and 4.255 are not (toCents would round them away unseen). */
const isWholeCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/**
 * Dollars as typed (12.5, "12.50" or "$12.50"), at most two decimals; empty means null. Kept in cents
 * from here on. A minus sign passes so the tier rules can say "the price cannot be negative".
 */
const tierPrice = z
  .union([z.number(), z.string().trim()], { error: TIER_PRICE_INVALID })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const s =
      typeof v === 'number'
        ? v
        : /^-?\$?(\d+(\.\d{1,2})?|\.\d{1,2})$/.test(v)
          ? Number(v.replace('$', ''))
          : Number.NaN;
    if (!Number.isFinite(s) || !isWholeCents(s)) {
      ctx.issues.push({ code: 'custom', message: TIER_PRICE_INVALID, input: v });
      return z.NEVER;
    }
    // 2500000.00 is dollars and cents: telling staff it is not would send them looking for a typo.
    if (Math.abs(s) > TIER_PRICE_MAX_DOLLARS) {
      ctx.issues.push({ code: 'custom', message: TIER_PRICE_TOO_HIGH, input: v });
      return z.NEVER;
    }
    return toCents(s);
  });

export const productPriceInputSchema = z.object({
  productPriceId: z.number().int().positive().nullish(),
  startQuantity: tierQuantity('The start quantity'),
  endQuantity: tierQuantity('The end quantity'),
  price: tierPrice,
});

/**
 * A product id that may be absent, null, 0 (or '0') or '' for a product that is not saved yet. Text is read as
 * decimal digits only (wholeNumberOf): Number() read '0x10' as 16 and '1e1' as 10, so a save meant for a new
 * product overwrote another one.
 */
const optionalProductId = z
  .union([z.number(), z.string().trim()], { error: 'The product id must be a number.' })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = wholeNumberOf(v);
    if (n === 0) return null;
    if (Number.isNaN(n) || n < 0) {
      ctx.issues.push({
        code: 'custom',
        message: isWholeButTooLarge(v)
          ? idTooLarge('The product id')
          : 'The product id must be a positive whole number.',
        input: v,
      });
      return z.NEVER;
    }
    return n;
  });

export const productIdSchema = z
  .number({ error: 'The product id must be a number.' })
  // Past 2^53 a number is still whole: no product has such an id, and the message says so.
  .refine((n) => !isWholeButTooLarge(n), { error: idTooLarge('The product id'), abort: true })
  .int({ error: 'The product id must be a whole number.' })
  .positive({ error: 'The product id must be a positive number.' });

const selectableStatus = z
  .number({ error: 'The product status must be a number.' })
  .refine((n) => (ADMIN_SELECTABLE_STATUSES as readonly number[]).includes(n), {
    error: `The product status must be one of ${ADMIN_SELECTABLE_STATUSES.join(', ')}; delete a product with the delete button.`,
  });

export interface SavedTier {
  productPriceId: number | null;
  startQuantity: number;
  endQuantity: number | null;
  priceCents: number;
}

/**
 * The product modal's form. Extra fields of a product object (display texts, stock figures) are
 * dropped, so the admin can send back the product it was given. An empty price table passes here:
 * only a special-order product may have one, which the server decides with the stored status.
 */
const productInputFields = z.object({
  productId: optionalProductId,
  name: text('Name', PRODUCT_NAME_MAX).refine((v) => v.length > 0, {
    error: 'Enter a name for the product.',
  }),
  description: text('Description', PRODUCT_DESCRIPTION_MAX, 'many'),
  productTypeId: z
    .number({ error: 'Choose a product type.' })
    .refine(isProductTypeId, {
      error: `The product type must be one of ${PRODUCT_TYPES.map((t) => t.productTypeId).join(', ')}.`,
    })
    .nullish()
    .transform((v) => v ?? DEFAULT_PRODUCT_TYPE_ID),
  species: text('Species', PRODUCT_TEXT_MAX),
  zones: text('Zones', PRODUCT_TEXT_MAX),
  productSize: text('Product size', PRODUCT_TEXT_MAX),
  productStatus: selectableStatus.nullish(),
  isDougs: z.boolean({ error: 'The brand flag must be true or false.' }).nullish(),
  /** The version the product was read at; optional so API clients that predate it keep working. */
  version: optionalVersion,
  prices: z
    .array(productPriceInputSchema, { error: 'The prices must be a list.' })
    .max(PRODUCT_TIERS_MAX, { error: `A product can have at most ${PRODUCT_TIERS_MAX} prices.` })
    .nullish()
    .transform((v) => v ?? []),
});

/** The OpenAPI document's example of a product saved with its price tiers. */
const PRODUCT_INPUT_EXAMPLE = {
  name: 'Bur Oak',
  description: 'A long-lived native oak.',
  productTypeId: 2,
  species: 'Quercus macrocarpa',
  zones: '3-8',
  productSize: '18-24 in.',
  productStatus: 2,
  prices: [
    { startQuantity: 1, endQuantity: 9, price: 12.5 },
    { startQuantity: 10, endQuantity: null, price: 10 },
  ],
};

/**
 * A product's fields with their tiers checked and in cents. `meta` is what the OpenAPI document says the call
 * requires (zod writes none: every field has a default) and its example.
 */
const productInput = (meta: { required: string[]; examples: Record<string, unknown>[] }) =>
  productInputFields
    .meta(meta)
    .superRefine((product, ctx) => {
      if (product.prices.length === 0) return;
      const problems = validateTiers(
        product.prices.map((p) => ({
          startQuantity: p.startQuantity ?? Number.NaN,
          endQuantity: p.endQuantity,
          priceCents: p.price,
        })),
      );
      for (const message of problems)
        ctx.addIssue({ code: 'custom', message, path: ['prices'], input: product.prices });
    })
    .transform(({ prices, ...product }) => ({
      ...product,
      // Checked above: every start quantity and price is present.
      prices: prices.map(
        (p): SavedTier => ({
          productPriceId: p.productPriceId ?? null,
          startQuantity: p.startQuantity ?? 0,
          endQuantity: p.endQuantity,
          priceCents: p.price ?? 0,
        }),
      ),
    }));

// A product is refused without a name ('Enter a name for the product.') and, unless it is a Special Order
// product, without a price (PRICES_REQUIRED, asked by the save with the stored status).
export const productInputSchema = productInput({
  required: ['name', 'prices'],
  examples: [PRODUCT_INPUT_EXAMPLE],
});

/** A special-order product needs only its name: it is priced by hand on the order. */
export const specialOrderProductInputSchema = productInput({
  required: ['name'],
  examples: [{ name: 'Special: white oak, 6 ft', description: 'Balled and burlapped, dug to order.' }],
});

/** The Flags column: the admin sends the whole product, only the flags are read. */
export const productFlagsInputSchema = z.object({
  productId: productIdSchema,
  isDougs: z.boolean({ error: 'The brand flag must be true or false.' }),
});

export const stockUpdateInputSchema = z.object({
  productId: productIdSchema,
  changeInStock: z
    .number({ error: 'The change in stock must be a number.' })
    .refine((n) => !isWholeButTooLarge(n), { error: STOCK_CHANGE_TOO_LARGE, abort: true })
    .int({ error: 'The change in stock must be a whole number.' })
    .refine((n) => n !== 0, { error: 'A change in stock of 0 changes nothing; leave that product out.' })
    .refine((n) => Math.abs(n) <= STOCK_CHANGE_MAX, { error: STOCK_CHANGE_TOO_LARGE }),
  // The shop's rule for free text: a NUL or a bidi override was stored as sent and shown in the history.
  notes: optionalTextInput('Notes', STOCK_NOTES_MAX, 'many'),
});

export const stockUpdatesInputSchema = z
  .array(stockUpdateInputSchema, { error: 'Send the stock changes as a list.' })
  .min(1, { error: 'There are no stock changes to save.' })
  .max(STOCK_UPDATES_MAX, { error: `At most ${STOCK_UPDATES_MAX} stock changes can be saved at once.` });

/** Special-order products are made from an order; they are always new and always Special Order. */
export const SPECIAL_ORDER_STATUS = ProductStatus.SpecialOrder;

export type ProductInput = z.infer<typeof productInputSchema>;
export type ProductFormInput = z.input<typeof productInputSchema>;
export type ProductFlagsInput = z.infer<typeof productFlagsInputSchema>;
export type StockUpdateInput = z.infer<typeof stockUpdateInputSchema>;
