import { describe, expect, it } from 'vitest';
import { EMAIL_SPECIAL_CHARACTERS, INVALID_EMAIL } from './email.ts';
import { CHECKOUT_EMPTY_CART, ORDERING_CLOSED_CHECKOUT } from './messages.ts';
import {
  checkoutGate,
  isValidCartQuantity,
  isValidOrderLineQuantity,
  orderDetailsProblems,
  parseTypedCartQuantity,
  phoneDigits,
  phoneOpensOrder,
  QUANTITY_MAX,
  typedCartQuantityProblem,
  validateOrderDetails,
} from './orderDetails.ts';

const good = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  confirmEmail: 'ada@example.com',
  phoneNumber: '555-0100',
  orderProductXrefs: [{ productId: 1, quantity: 2 }],
};

describe('validateOrderDetails', () => {
  it('accepts a complete order', () => {
    expect(validateOrderDetails(good)).toEqual([]);
  });
  it('returns every message together, in the spec order', () => {
    expect(validateOrderDetails({})).toEqual([
      'You must enter a first name for your order.',
      'You must enter a last name for your order.',
      'You must enter an email for your order.',
      'You must confirm your email.',
      'You must enter a valid phone number for your order.',
      'You must add one or more products to your order.',
    ]);
  });
  it('treats whitespace as empty', () => {
    expect(
      validateOrderDetails({
        ...good,
        firstName: '  ',
        lastName: '\t',
        phoneNumber: ' ',
        email: ' ',
        confirmEmail: ' ',
      }),
    ).toEqual([
      'You must enter a first name for your order.',
      'You must enter a last name for your order.',
      'You must enter an email for your order.',
      'You must confirm your email.',
      'You must enter a valid phone number for your order.',
    ]);
  });
  it('compares emails trimmed and case-insensitively', () => {
    expect(validateOrderDetails({ ...good, confirmEmail: '  ADA@Example.com ' })).toEqual([]);
    expect(validateOrderDetails({ ...good, confirmEmail: 'ada@example.org' })).toEqual([
      'Your emails do not match.',
    ]);
  });
  it('refuses an address the shop cannot mail, on the email field, where the checkout marks it', () => {
    expect(validateOrderDetails({ ...good, email: 'ada@example', confirmEmail: 'ada@example' })).toEqual([
      INVALID_EMAIL,
    ]);
    expect(
      orderDetailsProblems({ ...good, email: 'ada@x.co?bcc=e@f.g', confirmEmail: 'ada@x.co?bcc=e@f.g' }),
    ).toEqual([{ message: EMAIL_SPECIAL_CHARACTERS, field: 'email' }]);
    // A missing address has only the spec's message.
    expect(orderDetailsProblems({ ...good, email: ' ' })).toEqual([
      { message: 'You must enter an email for your order.', field: 'email' },
    ]);
  });
  it('needs a line with a positive quantity', () => {
    expect(validateOrderDetails({ ...good, orderProductXrefs: [] })).toEqual([
      'You must add one or more products to your order.',
    ]);
    expect(validateOrderDetails({ ...good, orderProductXrefs: [{ productId: 1, quantity: 0 }] })).toEqual([
      'You must add one or more products to your order.',
    ]);
  });
  it('accepts any non-empty phone', () => {
    expect(validateOrderDetails({ ...good, phoneNumber: 'call me' })).toEqual([]);
  });
});

describe('checkoutGate', () => {
  it('blocks an empty cart first', () => {
    expect(checkoutGate({ totalQuantity: 0, ordersAreClosed: false })).toBe(CHECKOUT_EMPTY_CART);
    expect(checkoutGate({ totalQuantity: -1, ordersAreClosed: true })).toBe(CHECKOUT_EMPTY_CART);
  });
  it('blocks while ordering is closed', () => {
    expect(checkoutGate({ totalQuantity: 1, ordersAreClosed: true })).toBe(ORDERING_CLOSED_CHECKOUT);
  });
  it('lets a filled cart through while open', () => {
    expect(checkoutGate({ totalQuantity: 1, ordersAreClosed: false })).toBeNull();
  });
});

describe('quantities', () => {
  it('has the spec maximum', () => {
    expect(QUANTITY_MAX).toBe(100000);
  });
  it('cart quantities are whole 0..100000', () => {
    expect(isValidCartQuantity(0)).toBe(true);
    expect(isValidCartQuantity(100000)).toBe(true);
    expect(isValidCartQuantity(100001)).toBe(false);
    expect(isValidCartQuantity(-1)).toBe(false);
    expect(isValidCartQuantity(1.5)).toBe(false);
  });
  it('order line quantities are whole 1..100000', () => {
    expect(isValidOrderLineQuantity(0)).toBe(false);
    expect(isValidOrderLineQuantity(1)).toBe(true);
    expect(isValidOrderLineQuantity(100000)).toBe(true);
    expect(isValidOrderLineQuantity(100001)).toBe(false);
    expect(isValidOrderLineQuantity(Number.NaN)).toBe(false);
  });
  it('ignores typed values that are not a number, too large or negative', () => {
    expect(parseTypedCartQuantity('12', 3)).toBe(12);
    expect(parseTypedCartQuantity(' 0 ', 3)).toBe(0);
    expect(parseTypedCartQuantity('100000', 3)).toBe(100000);
    expect(parseTypedCartQuantity('100001', 3)).toBe(3);
    expect(parseTypedCartQuantity('-2', 3)).toBe(3);
    expect(parseTypedCartQuantity('abc', 3)).toBe(3);
    expect(parseTypedCartQuantity('', 3)).toBe(3);
    expect(parseTypedCartQuantity('1.5', 3)).toBe(3);
  });
  it('says why a typed number above the maximum is ignored, in the words the order would be refused with', () => {
    expect(typedCartQuantityProblem('100001')).toBe('You can order at most 100000 of one product.');
    expect(typedCartQuantityProblem(' 2000000 ')).toBe('You can order at most 100000 of one product.');
    for (const fine of ['100000', '0', '', 'abc', '-2', '1.5'])
      expect(typedCartQuantityProblem(fine)).toBeNull();
  });
});

describe('phoneDigits', () => {
  it('keeps digits only', () => {
    expect(phoneDigits('(555) 010-0100')).toBe('5550100100');
    expect(phoneDigits(undefined)).toBe('');
  });
});

describe('phoneOpensOrder', () => {
  const order = (phoneNumber: string) => ({ phoneNumber, phoneDigits: phoneDigits(phoneNumber) });

  it('compares digits, with or without the country code', () => {
    expect(phoneOpensOrder(order('(555) 123-4567'), '555.123.4567')).toBe(true);
    expect(phoneOpensOrder(order('+1 555 123 4567'), '5551234567')).toBe(true);
    expect(phoneOpensOrder(order('(555) 123-4567'), '555 123 4568')).toBe(false);
  });

  it('compares the words of a phone without digits', () => {
    expect(phoneOpensOrder(order('Call the  Barn'), 'call the barn')).toBe(true);
    expect(phoneOpensOrder(order('call the barn'), 'call me')).toBe(false);
    expect(phoneOpensOrder(order('  '), '')).toBe(false);
  });
});
