import { describe, expect, it } from 'vitest';
import { STOCK_CHANGE_MAX } from '../stockChange.ts';
import {
  productFlagsInputSchema,
  productIdSchema,
  productInputSchema,
  stockUpdatesInputSchema,
} from './catalog.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('productInputSchema', () => {
  it('reads the price table as staff type it: digit strings, empty ends, dollars to cents', () => {
    const r = productInputSchema.parse({
      productId: '',
      name: '  Bur Oak ',
      prices: [
        { startQuantity: '1', endQuantity: '9', price: '4.50' },
        { startQuantity: 10, endQuantity: '', price: 3.75 },
      ],
      displayPrice: 'ignored',
    });
    expect(r).toMatchObject({ productId: null, name: 'Bur Oak', productTypeId: 9, description: '' });
    expect(r.prices).toEqual([
      { productPriceId: null, startQuantity: 1, endQuantity: 9, priceCents: 450 },
      { productPriceId: null, startQuantity: 10, endQuantity: null, priceCents: 375 },
    ]);
    expect('displayPrice' in r).toBe(false);
  });

  it('refuses fractions of a cent instead of rounding them away unseen', () => {
    for (const price of [3.755, '4.255', 0.001, '1e3']) {
      const r = productInputSchema.safeParse({ name: 'Oak', prices: [{ startQuantity: 1, price }] });
      expect(messages(r)).toEqual(['A price must be an amount in dollars and cents, such as 12.50.']);
    }
    expect(
      productInputSchema.parse({ name: 'Oak', prices: [{ startQuantity: 1, price: '.5' }] }).prices[0]
        ?.priceCents,
    ).toBe(50);
  });

  it('says a price above the limit is too high, not that it is not dollars and cents', () => {
    for (const price of [1_000_000.01, '2500000.00', '$9999999.99']) {
      const r = productInputSchema.safeParse({ name: 'Oak', prices: [{ startQuantity: 1, price }] });
      expect(messages(r)).toEqual(['A price can be at most $1,000,000.00.']);
    }
    expect(
      productInputSchema.parse({ name: 'Oak', prices: [{ startQuantity: 1, price: 1_000_000 }] }).prices[0]
        ?.priceCents,
    ).toBe(100_000_000);
  });

  it('reports every tier problem with the shared rule texts', () => {
    const r = productInputSchema.safeParse({
      name: 'X',
      prices: [
        { startQuantity: '2', endQuantity: '5', price: '1' },
        { startQuantity: '5', endQuantity: null, price: null },
      ],
    });
    expect(messages(r)).toEqual([
      'Price 2: enter a price.',
      'Price 1: the first price must start at quantity 1, not 2.',
      'Price 1 and Price 2 overlap: quantity 5 is in both.',
    ]);
  });

  it('refuses letters in quantities and prices, a missing name and unknown types or statuses', () => {
    const r = productInputSchema.safeParse({
      name: '',
      productTypeId: 42,
      productStatus: 4,
      prices: [{ startQuantity: '1a', endQuantity: null, price: 'abc' }],
    });
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        'Enter a name for the product.',
        'The start quantity must be a whole number.',
        'A price must be an amount in dollars and cents, such as 12.50.',
      ]),
    );
    expect(messages(r).some((m) => m.startsWith('The product type must be one of'))).toBe(true);
    expect(messages(r).some((m) => m.startsWith('The product status must be one of'))).toBe(true);
  });

  it('reads a product id sent as text as decimal digits only, never as hex or an exponent', () => {
    // Number('0x10') is 16 and Number('1e1') is 10: a typo in a new product's id overwrote another product.
    for (const productId of ['0x10', '1e1', '12abc', '-3', '1.5', 1.5, -3]) {
      const r = productInputSchema.safeParse({ productId, name: 'Oak' });
      expect(messages(r), String(productId)).toEqual(['The product id must be a positive whole number.']);
    }
    expect(productInputSchema.parse({ productId: ' 16 ', name: 'Oak' }).productId).toBe(16);
    expect(productInputSchema.parse({ productId: 16, name: 'Oak' }).productId).toBe(16);
    // 0 means "not saved yet", as text too (it answered 404 "There is no product with id 0.").
    for (const productId of [0, '0', '', null, undefined]) {
      expect(productInputSchema.parse({ productId, name: 'Oak' }).productId, String(productId)).toBeNull();
    }
  });

  it('lets an empty price table through for the server to judge by status', () => {
    expect(productInputSchema.parse({ name: 'Custom order', prices: [] }).prices).toEqual([]);
  });
});

describe('flags and stock inputs', () => {
  it('needs a product id and a boolean flag', () => {
    expect(productFlagsInputSchema.parse({ productId: 3, isDougs: true, name: 'x' })).toEqual({
      productId: 3,
      isDougs: true,
    });
    expect(productFlagsInputSchema.safeParse({ productId: 3 }).success).toBe(false);
  });
  it('takes whole, nonzero changes up to 1,000,000 with optional notes', () => {
    expect(stockUpdatesInputSchema.parse([{ productId: 1, changeInStock: -4, notes: '  ' }])).toEqual([
      { productId: 1, changeInStock: -4, notes: null },
    ]);
    // Notes follow the shop's rule for free text: a NUL or a bidi override was stored and shown as sent.
    expect(
      stockUpdatesInputSchema.parse([{ productId: 1, changeInStock: 2, notes: ' a\u0000b\u202e\r\nc ' }]),
    ).toEqual([{ productId: 1, changeInStock: 2, notes: 'ab\nc' }]);
    expect(
      messages(stockUpdatesInputSchema.safeParse([{ productId: 1, changeInStock: 2, notes: 5 }])),
    ).toEqual(['Notes must be text.']);
    expect(messages(stockUpdatesInputSchema.safeParse([]))).toEqual(['There are no stock changes to save.']);
    expect(messages(stockUpdatesInputSchema.safeParse([{ productId: 1, changeInStock: 0 }]))).toEqual([
      'A change in stock of 0 changes nothing; leave that product out.',
    ]);
    expect(messages(stockUpdatesInputSchema.safeParse([{ productId: 1, changeInStock: 1_000_001 }]))).toEqual(
      ['A change in stock can be at most 1,000,000.'],
    );
  });
});

describe('a 20-digit number', () => {
  // Past 2^53 a number is still whole: "must be a whole number" would be untrue.
  const huge = 2 ** 64; // 18446744073709551616, as a JSON body's 20 digits parse

  it('as a product id is larger than any the shop has', () => {
    expect(messages(productIdSchema.safeParse(huge))).toEqual([
      'The product id is larger than any the shop has.',
    ]);
    expect(messages(productIdSchema.safeParse(1.5))).toEqual(['The product id must be a whole number.']);
  });

  it('as a tier quantity is too large, as text or as a number', () => {
    for (const startQuantity of [huge, '18446744073709551616']) {
      const r = productInputSchema.safeParse({ name: 'Oak', prices: [{ startQuantity, price: 1 }] });
      expect(messages(r)).toEqual([
        `The start quantity is too large: the largest number the shop reads is ${Number.MAX_SAFE_INTEGER}.`,
      ]);
    }
  });

  it('as a change in stock is too large, as any change past the limit', () => {
    const r = stockUpdatesInputSchema.safeParse([{ productId: 1, changeInStock: huge }]);
    const past = stockUpdatesInputSchema.safeParse([{ productId: 1, changeInStock: STOCK_CHANGE_MAX + 1 }]);
    expect(messages(r)).toEqual(messages(past));
    expect(messages(r)).toHaveLength(1);
  });
});
