import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../messages.ts';
import {
  ADMIN_ORDER_NAME_REQUIRED,
  adminOrderUpdateSchema,
  contactSpamSchema,
  MANUAL_PRICE_INVALID,
  ORDER_VERSION_REQUIRED,
  orderFlagsSchema,
  orderIdInputSchema,
  orderSeasonInputSchema,
  SEASON_INVALID,
} from './orders.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

const valid = {
  name: 'Ada Quill',
  phoneNumber: '555-010-2233',
  products: [{ productId: 3, quantity: 2 }],
};

describe('adminOrderUpdateSchema', () => {
  it('reads a manual price typed with up to two decimals into cents, and keeps calculated lines unpriced', () => {
    const parsed = adminOrderUpdateSchema.parse({
      ...valid,
      products: [
        { productId: 1, quantity: 3, isStatic: true, price: '12.5' },
        { productId: 2, quantity: 1, isStatic: true, price: 0.07 },
        { productId: 3, quantity: 4, isStatic: false, price: 'ignored' },
        { productId: 4, quantity: 1, isStatic: true, price: '$1200.00' },
      ],
    });
    expect(parsed.products.map((l) => l.priceCents)).toEqual([1250, 7, null, 120000]);
    expect(parsed.products.map((l) => l.isStatic)).toEqual([true, true, false, true]);
    expect(parsed.isTaxExempt).toBe(false);
  });

  it('refuses a manual price that is not dollars and cents, or missing', () => {
    for (const price of ['12.345', 'ten', '-3', '1e3', 12.345]) {
      const result = adminOrderUpdateSchema.safeParse({
        ...valid,
        products: [{ productId: 1, quantity: 1, isStatic: true, price }],
      });
      expect(messages(result), String(price)).toContain(MANUAL_PRICE_INVALID);
    }
    const missing = adminOrderUpdateSchema.safeParse({
      ...valid,
      products: [{ productId: 1, quantity: 1, isStatic: true }],
    });
    expect(messages(missing)).toContain('Enter a unit price for each product with a manual price.');
  });

  it('asks for a name, a phone number and products, and a version when changing an order', () => {
    expect(messages(adminOrderUpdateSchema.safeParse({ products: [] }))).toEqual([
      ADMIN_ORDER_NAME_REQUIRED,
      ORDER_MESSAGES.phone,
      ORDER_MESSAGES.products,
    ]);
    // A missing list (required in the published document) is refused first, with the same words, and the
    // other problems are still named in the same answer.
    for (const body of [{}, { products: null }]) {
      expect(messages(adminOrderUpdateSchema.safeParse(body))).toEqual([
        ORDER_MESSAGES.products,
        ADMIN_ORDER_NAME_REQUIRED,
        ORDER_MESSAGES.phone,
      ]);
    }
    expect(messages(adminOrderUpdateSchema.safeParse({ ...valid, orderId: 5 }))).toEqual([
      ORDER_VERSION_REQUIRED,
    ]);
    expect(adminOrderUpdateSchema.parse({ ...valid, orderId: '5', version: 2 }).orderId).toBe(5);
    // First and last name make the name when no whole name is sent.
    expect(
      adminOrderUpdateSchema.safeParse({ ...valid, name: '', firstName: 'Ada', lastName: 'Q' }).success,
    ).toBe(true);
  });

  it('refuses the same product on two lines and quantities that are not whole numbers from 1', () => {
    const twice = adminOrderUpdateSchema.safeParse({
      ...valid,
      products: [
        { productId: 1, quantity: 1 },
        { productId: 1, quantity: 2 },
      ],
    });
    expect(messages(twice)).toEqual(['Product 1 is on the order twice; put its whole quantity on one line.']);
    for (const quantity of [0, -1, 1.5, 100001, '3']) {
      expect(
        adminOrderUpdateSchema.safeParse({ ...valid, products: [{ productId: 1, quantity }] }).success,
      ).toBe(false);
    }
  });
});

describe('query inputs', () => {
  it('reads ids, seasons and flags from query text', () => {
    expect(orderIdInputSchema.parse({ orderId: '42' })).toEqual({ orderId: 42 });
    for (const orderId of ['', 'abc', '0', '-1', '1.5', 1.5, null]) {
      expect(orderIdInputSchema.safeParse({ orderId }).success, String(orderId)).toBe(false);
    }
    expect(orderSeasonInputSchema.parse({ season: '2024' })).toEqual({ season: 2024 });
    expect(orderSeasonInputSchema.parse({ season: '-1' })).toEqual({ season: -1 });
    expect(orderSeasonInputSchema.parse({ season: 0 })).toEqual({ season: -1 });
    expect(messages(orderSeasonInputSchema.safeParse({ season: '12' }))).toEqual([SEASON_INVALID]);
    expect(messages(orderSeasonInputSchema.safeParse({ season: '2024.5' }))).toEqual([SEASON_INVALID]);
    expect(orderFlagsSchema.parse({ orderId: 3, isTaxExempt: 'true' })).toEqual({
      orderId: 3,
      isTaxExempt: true,
    });
    expect(contactSpamSchema.parse({ contactId: '7', isSpam: 'False' })).toEqual({
      contactId: 7,
      isSpam: false,
    });
    expect(contactSpamSchema.safeParse({ contactId: '7', isSpam: 'maybe' }).success).toBe(false);
  });
});
