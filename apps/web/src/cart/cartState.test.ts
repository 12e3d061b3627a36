import { describe, expect, it } from 'vitest';
import {
  cartItemCount,
  cartLines,
  clearOrderDetails,
  goToStep,
  hideCart,
  initialCartState,
  keyCheckout,
  orderLinesOf,
  orderPlaced,
  parseStoredCart,
  parseStoredCheckoutKey,
  parseStoredOrderDetails,
  removeProduct,
  setOrderDetails,
  setQuantity,
  showCart,
  startSaving,
  stepQuantity,
  storableOrderDetails,
  totalQuantity,
  viewCart,
} from './cartState';

const T0 = 1_700_000_000_000;

describe('the cart state machine', () => {
  it('features a product by adding it with quantity 0, and forgets it again on close if still 0', () => {
    const shown = showCart(initialCartState(), 7, T0);
    expect(shown.showingCart).toBe(true);
    expect(shown.featuredProductId).toBe(7);
    expect(shown.cart[7]).toEqual({ productId: 7, cartQuantity: 0, addedAt: T0 });
    const hidden = hideCart(shown);
    expect(hidden.showingCart).toBe(false);
    expect(hidden.featuredProductId).toBeNull();
    expect(hidden.cart).toEqual({});
  });

  it('keeps an existing line and its place when it is featured again', () => {
    let s = setQuantity(initialCartState(), 3, 4, T0);
    s = showCart(s, 3, T0 + 50);
    expect(s.cart[3]).toEqual({ productId: 3, cartQuantity: 4, addedAt: T0 });
  });

  it('ignores negative, fractional, non-numeric and too large quantities', () => {
    const s = setQuantity(initialCartState(), 1, 5, T0);
    for (const bad of [-1, 2.5, Number.NaN, 100001, Number.POSITIVE_INFINITY]) {
      expect(setQuantity(s, 1, bad, T0)).toBe(s);
    }
    expect(setQuantity(s, 1, 100000, T0).cart[1]?.cartQuantity).toBe(100000);
    expect(setQuantity(s, 1, 0, T0).cart[1]?.cartQuantity).toBe(0);
  });

  it('steps by one and never below zero', () => {
    let s = stepQuantity(initialCartState(), 9, 1, T0);
    expect(s.cart[9]?.cartQuantity).toBe(1);
    s = stepQuantity(s, 9, -1, T0);
    s = stepQuantity(s, 9, -1, T0);
    expect(s.cart[9]?.cartQuantity).toBe(0);
  });

  it('lists lines in the order they were added, whatever their ids', () => {
    let s = setQuantity(initialCartState(), 30, 1, T0 + 2);
    s = setQuantity(s, 10, 2, T0 + 1);
    s = setQuantity(s, 20, 3, T0 + 3);
    expect(cartLines(s.cart).map((l) => l.productId)).toEqual([10, 30, 20]);
    expect(totalQuantity(s.cart)).toBe(6);
    expect(cartItemCount(s.cart)).toBe(3);
  });

  it('hides the modal when the featured product is removed, but not for another product', () => {
    let s = setQuantity(initialCartState(), 1, 2, T0);
    s = showCart(s, 2, T0);
    const other = removeProduct(s, 1);
    expect(other.showingCart).toBe(true);
    expect(other.cart[1]).toBeUndefined();
    const featured = removeProduct(s, 2);
    expect(featured.showingCart).toBe(false);
  });

  it('View Cart clears the featured product', () => {
    const s = viewCart(showCart(initialCartState(), 5, T0));
    expect(s.featuredProductId).toBeNull();
    expect(s.showingCart).toBe(true);
  });

  it('refuses to change step, close or edit details while saving', () => {
    let s = goToStep(showCart(setQuantity(initialCartState(), 1, 1, T0), null, T0), 'confirm');
    s = startSaving(s);
    expect(goToStep(s, 'details')).toBe(s);
    expect(hideCart(s)).toBe(s);
    expect(setOrderDetails(s, { firstName: 'X' })).toBe(s);
    expect(clearOrderDetails(s)).toBe(s);
  });

  it('closing goes back to the products step', () => {
    const s = hideCart(goToStep(showCart(initialCartState(), null, T0), 'details'));
    expect(s.step).toBe('products');
  });

  it('after an order: empty cart, closed modal, details kept without the comments or the pick-up day', () => {
    let s = setQuantity(initialCartState(), 1, 3, T0);
    s = setOrderDetails(s, { firstName: 'Ada', comments: 'Saturday', pickUpDayId: '4' });
    s = startSaving(goToStep(showCart(s, null, T0), 'confirm'));
    const done = orderPlaced(s);
    expect(done.cart).toEqual({});
    expect(done.showingCart).toBe(false);
    expect(done.saving).toBe(false);
    expect(done.step).toBe('products');
    expect(done.orderDetails.firstName).toBe('Ada');
    expect(done.orderDetails.comments).toBe('');
    expect(done.orderDetails.pickUpDayId).toBe('');
  });

  it('sends only lines with a quantity', () => {
    let s = setQuantity(initialCartState(), 1, 3, T0);
    s = setQuantity(s, 2, 0, T0 + 1);
    expect(orderLinesOf(s.cart)).toEqual([{ productId: 1, quantity: 3 }]);
  });
});

describe('lines the shop can no longer sell', () => {
  it('are left out of the order, so the server is never asked for what the cart says is not included', () => {
    let s = initialCartState();
    s = setQuantity(s, 25, 3, 1); // sold out since it was added
    s = setQuantity(s, 26, 2, 2); // made inactive: no longer in the product list
    s = setQuantity(s, 56, 5, 3);
    const orderable = (productId: number) => productId === 56;
    expect(orderLinesOf(s.cart, orderable)).toEqual([{ productId: 56, quantity: 5 }]);
    expect(totalQuantity(s.cart, orderable)).toBe(5);
    expect(orderLinesOf(s.cart, () => false)).toEqual([]);
    expect(totalQuantity(s.cart, () => false)).toBe(0);
  });
});

describe('the stored cart and details', () => {
  it('reads a stored cart and drops whatever is malformed', () => {
    const text = JSON.stringify({
      4: { productId: 4, cartQuantity: 2, addedAt: 5 },
      5: { productId: 5, cartQuantity: -3, addedAt: 5 },
      6: { productId: 'x', cartQuantity: 1 },
      7: { productId: 7, cartQuantity: 1 },
    });
    expect(parseStoredCart(text)).toEqual({
      4: { productId: 4, cartQuantity: 2, addedAt: 5 },
      7: { productId: 7, cartQuantity: 1, addedAt: 0 },
    });
    expect(parseStoredCart('not json')).toEqual({});
    expect(parseStoredCart('[1,2]')).toEqual({});
    expect(parseStoredCart(null)).toEqual({});
  });

  it('stores the details trimmed, without comments or pick-up day, and reads back only known fields', () => {
    const stored = storableOrderDetails({
      firstName: ' Ada ',
      lastName: 'Maple',
      email: 'a@example.com',
      confirmEmail: 'a@example.com',
      phoneNumber: '555',
      workPhoneNumber: '',
      comments: 'private',
      pickUpDayId: '3',
    });
    expect(stored).not.toHaveProperty('comments');
    expect(stored).not.toHaveProperty('pickUpDayId');
    expect(stored.firstName).toBe('Ada');
    expect(parseStoredOrderDetails(JSON.stringify({ ...stored, evil: 1, lastName: 5 }))).toEqual({
      firstName: 'Ada',
      email: 'a@example.com',
      confirmEmail: 'a@example.com',
      phoneNumber: '555',
      workPhoneNumber: '',
    });
  });
});

describe("the checkout's Idempotency-Key", () => {
  let made = 0;
  const makeKey = () => `key-${++made}`;
  const withLine = setQuantity(initialCartState(), 7, 2, 1);

  it('is made once for an order and kept while the order is the same', () => {
    const keyed = keyCheckout(withLine, '{"order":1}', makeKey);
    expect(keyed.checkoutKey).toEqual({ key: 'key-1', order: '{"order":1}' });
    // A retry, or Back and Confirm again, sends the same key.
    expect(keyCheckout(keyed, '{"order":1}', makeKey)).toBe(keyed);
  });

  it('is made anew for a changed order, and forgotten once the order is placed', () => {
    const keyed = keyCheckout(withLine, '{"order":1}', makeKey);
    const changed = keyCheckout(keyed, '{"order":2}', makeKey);
    expect(changed.checkoutKey?.order).toBe('{"order":2}');
    expect(changed.checkoutKey?.key).not.toBe(keyed.checkoutKey?.key);
    expect(orderPlaced(changed).checkoutKey).toBeNull();
  });

  it('reads back from storage only what it wrote', () => {
    expect(parseStoredCheckoutKey('{"key":"k","order":"{}"}')).toEqual({ key: 'k', order: '{}' });
    for (const text of [null, '', 'nope', '{"key":1,"order":"{}"}', '{"key":"","order":"{}"}', '[]']) {
      expect(parseStoredCheckoutKey(text)).toBeNull();
    }
  });
});
