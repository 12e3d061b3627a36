import { describe, expect, it } from 'vitest';
import type { AdminOrder, ProductChoice } from '../shared/orders/types';
import {
  addableProducts,
  digitsOnly,
  isLineModified,
  type LineDraft,
  lineUnitCents,
  matchingProducts,
  newLineFor,
  orderUpdateBody,
  type PricedLineDraft,
  priceLines,
  problemList,
  problemsOf,
  problemsStill,
  shownTotals,
  withPriceMode,
} from './orderDraft';

// Only what the editor reads of a product choice.
const choice = (productId: number, name: string, extra: Partial<ProductChoice> = {}) =>
  ({
    productId,
    displayNameAndSize: name,
    isActive: true,
    isActiveOrSpecialOrder: true,
    isSpecialOrder: false,
    productStatus: 2,
    prices: [
      { startQuantity: 1, endQuantity: 9, priceCents: 500, price: 5 },
      { startQuantity: 10, endQuantity: null, priceCents: 400, price: 4 },
    ],
    ...extra,
  }) as unknown as ProductChoice;

const oak = choice(1, 'Bur Oak 2 gal');
const line = (change: Partial<LineDraft> = {}): LineDraft => ({
  key: 'saved-1',
  productId: 1,
  quantity: '3',
  isStatic: false,
  price: '',
  ...change,
});

describe("the order editor's lines", () => {
  it('price from the tiers, keep the price they were sold at until the quantity changes, and take a typed price as is', () => {
    expect(lineUnitCents(line({ quantity: '12' }), oak)).toBe(400);
    const sold = { unitPriceCents: 450, quantity: 3, isStatic: false };
    expect(lineUnitCents(line({ sold }), oak)).toBe(450);
    expect(lineUnitCents(line({ sold, quantity: '4' }), oak)).toBe(500);
    expect(lineUnitCents(line({ isStatic: true, price: '7.25' }), oak)).toBe(725);
    expect(lineUnitCents(line({ isStatic: true, price: '7.255' }), oak)).toBeNull();
    expect(priceLines([line({ quantity: '12' })], new Map([[1, oak]]))[0]?.subtotalCents).toBe(4800);
  });

  it('count a line as changed by quantity, mode or (for manual lines) price, and a new line always', () => {
    const saved = line();
    expect(isLineModified(saved, line())).toBe(false);
    expect(isLineModified(saved, line({ quantity: '4' }))).toBe(true);
    expect(isLineModified(saved, line({ price: '9.00' }))).toBe(false);
    expect(
      isLineModified(line({ isStatic: true, price: '1.00' }), line({ isStatic: true, price: '2.00' })),
    ).toBe(true);
    expect(isLineModified(undefined, line())).toBe(true);
  });

  it('start a manual price at what the tiers charge, and keep one already typed', () => {
    expect(withPriceMode(line({ quantity: '10' }), true, oak)).toMatchObject({
      isStatic: true,
      price: '4.00',
    });
    expect(withPriceMode(line({ price: '3.10' }), true, oak).price).toBe('3.10');
    expect(withPriceMode(line({ isStatic: true, price: '3.10' }), false, oak).isStatic).toBe(false);
  });

  it('add special-order products as manual lines at their first price, others calculated', () => {
    const special = choice(2, 'Big tree', { isSpecialOrder: true });
    expect(newLineFor(special)).toMatchObject({ productId: 2, quantity: '1', isStatic: true, price: '5.00' });
    expect(newLineFor(special, '99.50').price).toBe('99.50');
    expect(newLineFor(oak)).toMatchObject({ isStatic: false, price: '' });
    expect(newLineFor(oak).key).not.toBe(newLineFor(oak).key);
  });

  it('offer what is not on the order yet, by name; a new order only what is on sale unless asked', () => {
    const resting = choice(3, 'Aspen', { isActive: false, isActiveOrSpecialOrder: false });
    const choices = [oak, resting, choice(4, 'Alder')];
    const names = (list: ProductChoice[]) => list.map((p) => p.displayNameAndSize);
    expect(names(addableProducts(choices, [line()], { isNew: false, showNonActive: false }))).toEqual([
      'Alder',
      'Aspen',
    ]);
    expect(names(addableProducts(choices, [], { isNew: true, showNonActive: false }))).toEqual([
      'Alder',
      'Bur Oak 2 gal',
    ]);
    expect(addableProducts(choices, [], { isNew: true, showNonActive: true })).toHaveLength(3);
  });

  it('offer for what was typed the products with every word in any order, those starting with it first', () => {
    const choices = [
      choice(5, 'Red Oak'),
      choice(6, 'Weed Mat'),
      choice(7, 'White Oak'),
      choice(8, 'White Pine'),
    ];
    const names = (typed: string) => matchingProducts(choices, typed).map((p) => p.displayNameAndSize);
    expect(names('')).toEqual(['Red Oak', 'Weed Mat', 'White Oak', 'White Pine']);
    expect(names('Wh')).toEqual(['White Oak', 'White Pine']);
    expect(names('oak')).toEqual(['Red Oak', 'White Oak']);
    expect(names('  oak  white ')).toEqual(['White Oak']);
    expect(names('ma')).toEqual(['Weed Mat']);
    expect(names('zz')).toEqual([]);
  });

  it('digits only in a quantity, and the update carries prices only for manual lines', () => {
    expect(digitsOnly('0012a3')).toBe('123');
    expect(digitsOnly('')).toBe('');
    const fields = {
      name: 'Ada',
      email: 'a@b.co',
      phoneNumber: '5550101',
      workPhoneNumber: '',
      comments: '',
    };
    const body = orderUpdateBody(null, fields, true, [
      line(),
      line({ key: 'x', productId: 2, quantity: '', isStatic: true, price: ' 3.5 ' }),
    ]);
    expect(body).not.toHaveProperty('orderId');
    expect(body.isTaxExempt).toBe(true);
    expect(body.products).toEqual([
      { productId: 1, quantity: 3, isStatic: false, price: null },
      { productId: 2, quantity: 0, isStatic: true, price: '3.5' },
    ]);
  });
});

describe('shownTotals', () => {
  // An order stored by the old per-line rule: $1 + $1 + $4, taxed 6 + 6 + 22 cents.
  const stored = { isTaxExempt: false, subtotal: 6, tax: 0.34, total: 6.34 } as unknown as AdminOrder;
  const priced = [100, 100, 400].map((subtotalCents) => ({ subtotalCents }) as PricedLineDraft);
  it('shows an unchanged order with the tax it was placed with, as the save keeps it', () => {
    expect(shownTotals(stored, priced, 550, false, false)).toEqual({
      subtotalCents: 600,
      taxCents: 34,
      totalCents: 634,
    });
  });
  it("taxes a changed order, a changed exemption and a new order by today's rule (5.5% of the subtotal)", () => {
    expect(shownTotals(stored, priced, 550, false, true)).toMatchObject({ taxCents: 33, totalCents: 633 });
    expect(shownTotals(stored, priced, 550, true, false)).toMatchObject({ taxCents: 0, totalCents: 600 });
    expect(shownTotals(null, priced, 550, false, false)).toMatchObject({ taxCents: 33, totalCents: 633 });
  });
});

describe("the order editor's problems", () => {
  const fields = { name: '', email: 'x', phoneNumber: '', workPhoneNumber: '', comments: '' };
  const lines = [
    line({ key: 'a', quantity: '0' }),
    line({ key: 'b', productId: 2, isStatic: true, price: 'abc' }),
  ];

  it('go to the field their path names, without the path in the message', () => {
    const problems = problemsOf(
      [
        { path: ['name'], message: 'You must enter a name for the order.' },
        {
          path: ['products', 0, 'quantity'],
          message: 'Each product on an order needs a quantity of at least 1.',
        },
        { path: ['products', 1], message: 'A manual price must be an amount in dollars.' },
        { path: ['products'], message: 'You must add one or more products to your order.' },
        { path: [], message: 'Order 4 is deleted.' },
      ],
      lines,
    );
    expect(problems.fields).toEqual({ name: 'You must enter a name for the order.' });
    expect(problems.lines).toEqual({
      a: { quantity: 'Each product on an order needs a quantity of at least 1.' },
      b: { price: 'A manual price must be an amount in dollars.' },
    });
    expect(problems.products).toBe('You must add one or more products to your order.');
    expect(problems.general).toEqual(['Order 4 is deleted.']);
    const list = problemList(problems, (key) => (key === 'a' ? 'Bur Oak' : 'Pin Oak'));
    expect(list).toEqual([
      'You must enter a name for the order.',
      'Bur Oak: Each product on an order needs a quantity of at least 1.',
      'Pin Oak: A manual price must be an amount in dollars.',
      'You must add one or more products to your order.',
      'Order 4 is deleted.',
    ]);
    for (const message of list) expect(message).not.toMatch(/products\.\d|\bname:/);
  });

  it('stop marking a field or line once it is changed', () => {
    const problems = problemsOf(
      [
        { path: ['name'], message: 'Name needed.' },
        { path: ['products', 0, 'quantity'], message: 'At least 1.' },
        { path: ['products'], message: 'Twice.' },
      ],
      lines,
    );
    const checked = { problems, fields, lines };
    expect(problemsStill(checked, fields, lines)).toEqual(problems);
    const later = problemsStill(checked, { ...fields, name: 'Ada' }, [
      { ...lines[0]!, quantity: '2' },
      lines[1]!,
      line({ key: 'c', productId: 3 }),
    ]);
    expect(later.fields).toEqual({});
    expect(later.lines).toEqual({});
    expect(later.products).toBeUndefined();
  });
});
