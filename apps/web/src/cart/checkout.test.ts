import { orderDetailsSchema } from '@nursery/domain';
import { describe, expect, it } from 'vitest';
import type { StorefrontProduct } from '../storefront/types';
import { EMPTY_ORDER_DETAILS } from './cartState';
import { cartSummary, invalidOrderFields, orderDetailsMessages, orderInput } from './checkout';

// Only what the cart reads of a product; the rest of the storefront's row does not matter here.
const product = (productId: number, priceCents: number) =>
  ({
    productId,
    name: `Plant ${productId}`,
    productSize: '1 gal',
    productStatus: 2,
    prices: [{ startQuantity: 1, endQuantity: null, priceCents, price: priceCents / 100 }],
  }) as unknown as StorefrontProduct;

const byId = new Map([
  [1, product(1, 500)],
  [2, product(2, 1250)],
]);
const cart = {
  '1': { productId: 1, cartQuantity: 3, addedAt: 1 },
  '2': { productId: 2, cartQuantity: 1, addedAt: 2 },
};

describe('the cart as it will be ordered', () => {
  it('totals only the lines that can be ordered, with tax at the shop rate', () => {
    const everything = cartSummary(cart, byId, () => true, 1000);
    expect(everything.allLines.map((l) => l.subtotalCents)).toEqual([1500, 1250]);
    expect(everything.totals).toMatchObject({ subtotalCents: 2750, taxCents: 275, totalCents: 3025 });
    expect(everything.quantity).toBe(4);

    // Product 2 sold out meanwhile: still listed, not ordered, not counted.
    const soldOut = cartSummary(cart, byId, (id) => id !== 2, 1000);
    expect(soldOut.allLines).toHaveLength(2);
    expect(soldOut.orderedLines.map((l) => l.entry.productId)).toEqual([1]);
    expect(soldOut.totals.subtotalCents).toBe(1500);
    expect(soldOut.quantity).toBe(3);
  });

  it('takes the details trimmed, optional ones as null, and names the fields a check would refuse', () => {
    const input = orderInput(
      {
        ...EMPTY_ORDER_DETAILS,
        firstName: ' Ada ',
        lastName: 'Maple ',
        email: 'ada@example.com',
        workPhoneNumber: ' ',
      },
      cart,
      (id) => id === 1,
    );
    expect(input).toMatchObject({ name: 'Ada Maple', workPhoneNumber: null, comments: null });
    expect(input.orderProductXrefs).toEqual([{ productId: 1, quantity: 3 }]);
    expect([...invalidOrderFields(input)].sort()).toEqual(['confirmEmail', 'phoneNumber']);
    // Letter case does not make two addresses differ (docs/decisions.md).
    expect(
      invalidOrderFields({ ...input, confirmEmail: 'ADA@example.com', phoneNumber: '555 0101' }).size,
    ).toBe(0);
    // An address the server would refuse is marked on the details step already.
    expect([
      ...invalidOrderFields({
        ...input,
        email: 'ada@example',
        confirmEmail: 'ada@example',
        phoneNumber: '555 0101',
      }),
    ]).toEqual(['email']);
  });

  it('refuses on the details step the comment the order would be refused for at Submit, in the same words', () => {
    const input = orderInput(
      {
        ...EMPTY_ORDER_DETAILS,
        firstName: 'Ada',
        lastName: 'Maple',
        email: 'ada@example.com',
        confirmEmail: 'ada@example.com',
        phoneNumber: '555 0101',
        comments: 'x'.repeat(5000),
      },
      cart,
      (id) => id === 1,
    );
    const server = orderDetailsSchema.safeParse(input);
    expect(server.success).toBe(false);
    const serverMessages = server.success ? [] : server.error.issues.map((issue) => issue.message);
    expect(orderDetailsMessages(input)).toEqual(serverMessages);
    expect(orderDetailsMessages(input)).toEqual(['Comments can be at most 4000 characters.']);
    expect([...invalidOrderFields(input)]).toEqual(['comments']);
    expect(orderDetailsMessages({ ...input, comments: 'x'.repeat(4000) })).toEqual([]);
  });
});
