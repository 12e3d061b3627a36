import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAX_RATE_BASIS_POINTS,
  distributeTax,
  orderLineUnitPriceCents,
  orderTotals,
  type PriceTier,
  priceLine,
  selectTier,
  taxOfCents,
  tierLabel,
} from './pricing.ts';

const tiers: PriceTier[] = [
  { productPriceId: 3, startQuantity: 100, endQuantity: null, priceCents: 150 },
  { productPriceId: 1, startQuantity: 1, endQuantity: 9, priceCents: 300 },
  { productPriceId: 2, startQuantity: 10, endQuantity: 99, priceCents: 200 },
];

describe('selectTier', () => {
  it('picks the tier at its start and end boundaries', () => {
    expect(selectTier(tiers, 1)?.productPriceId).toBe(1);
    expect(selectTier(tiers, 9)?.productPriceId).toBe(1);
    expect(selectTier(tiers, 10)?.productPriceId).toBe(2);
    expect(selectTier(tiers, 99)?.productPriceId).toBe(2);
  });
  it('uses the open-ended tier for any larger quantity', () => {
    expect(selectTier(tiers, 100)?.productPriceId).toBe(3);
    expect(selectTier(tiers, 100000)?.productPriceId).toBe(3);
  });
  it('gives null when nothing matches or there are no tiers', () => {
    expect(selectTier(tiers, 0)).toBeNull();
    expect(selectTier([], 5)).toBeNull();
    expect(selectTier([{ startQuantity: 5, endQuantity: 10, priceCents: 1 }], 11)).toBeNull();
  });
  it('takes the first match in start order when tiers overlap', () => {
    const overlapping: PriceTier[] = [
      { productPriceId: 2, startQuantity: 5, endQuantity: null, priceCents: 1 },
      { productPriceId: 1, startQuantity: 1, endQuantity: 10, priceCents: 2 },
    ];
    expect(selectTier(overlapping, 7)?.productPriceId).toBe(1);
  });
});

describe('priceLine', () => {
  it('multiplies the unit price', () => {
    expect(priceLine(tiers, 10)).toEqual({ tier: tiers[2], unitPriceCents: 200, subtotalCents: 2000 });
  });
  it('is null without a matching tier', () => {
    expect(priceLine(tiers, 0)).toBeNull();
    expect(priceLine([], 1)).toBeNull();
  });
});

describe('tax', () => {
  it('defaults to 5.5%', () => {
    expect(DEFAULT_TAX_RATE_BASIS_POINTS).toBe(550);
  });
  it('rounds half-up to the cent', () => {
    expect(taxOfCents(10, 550)).toBe(1); // 0.55
    expect(taxOfCents(1000, 550)).toBe(55);
    // 8.875%: $100.00 -> 887.5 cents -> 888; $10.00 -> 88.75 -> 89; $4.00 -> 35.5 -> 36.
    expect(taxOfCents(10000, 887.5)).toBe(888);
    expect(taxOfCents(1000, 887.5)).toBe(89);
    expect(taxOfCents(400, 887.5)).toBe(36);
    expect(taxOfCents(-400, 887.5)).toBe(-36);
    expect(taxOfCents(9, 550)).toBe(0); // 0.495
    expect(taxOfCents(100, 550)).toBe(6); // 5.5
    expect(taxOfCents(0, 550)).toBe(0);
    expect(taxOfCents(1999, 550)).toBe(110); // 109.945
  });
  it('order tax is 5.5% of the subtotal, not the sum of rounded line taxes', () => {
    // $1.00 + $1.00 + $4.00: per line 0.055 -> 6, 6 and 0.22 -> 22 = 34 cents; 5.5% of $6.00 is 33 cents.
    const lines = [{ subtotalCents: 100 }, { subtotalCents: 100 }, { subtotalCents: 400 }];
    const totals = orderTotals(lines, 550, false);
    expect(totals).toMatchObject({ subtotalCents: 600, taxCents: 33, totalCents: 633 });
    // The lines' shares add up to it: the one cent left over goes to the first of the two half-cent lines.
    expect(totals.lines.map((l) => l.taxCents)).toEqual([6, 5, 22]);
    expect(totals.lines.map((l) => l.totalCents)).toEqual([106, 105, 422]);
  });
  it('shares the left-over cents by largest remainder, earlier lines first on a tie', () => {
    // Six $1.00 lines: 33 cents, three lines of 6 and three of 5 (each exact share is 5.5).
    expect(distributeTax([100, 100, 100, 100, 100, 100], 550, false)).toEqual([6, 6, 6, 5, 5, 5]);
    // $0.10 + $0.10: 1.1 cents -> 1 cent, on the first line; per line it would have been 2.
    expect(distributeTax([10, 10], 550, false)).toEqual([1, 0]);
    // Remainders 0.545 (7.19 -> 39.545) and 0.9 (9.80 -> 53.9): the larger remainder gets the cent.
    expect(distributeTax([719, 980], 550, false)).toEqual([39, 54]);
    expect(distributeTax([], 550, false)).toEqual([]);
  });
  it('every order shares its tax exactly, whatever the lines', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 500; n++) {
      const lines = Array.from({ length: 1 + (next() % 7) }, () => ({ subtotalCents: next() % 500000 }));
      const subtotal = lines.reduce((sum, l) => sum + l.subtotalCents, 0);
      const totals = orderTotals(lines, 550, false);
      expect(totals.taxCents).toBe(Math.floor((subtotal * 550 + 5000) / 10000));
      expect(totals.lines.reduce((sum, l) => sum + l.taxCents, 0)).toBe(totals.taxCents);
      totals.lines.forEach((l, i) => {
        const exact = (lines[i]!.subtotalCents * 550) / 10000;
        expect(l.taxCents).toBeGreaterThanOrEqual(Math.floor(exact));
        expect(l.taxCents).toBeLessThanOrEqual(Math.ceil(exact));
      });
    }
  });
  it('exempt orders carry no tax', () => {
    expect(orderTotals([{ subtotalCents: 1000 }], 550, true)).toEqual({
      subtotalCents: 1000,
      taxCents: 0,
      totalCents: 1000,
      lines: [{ subtotalCents: 1000, taxCents: 0, totalCents: 1000 }],
    });
  });
  it('an empty order totals zero', () => {
    expect(orderTotals([], 550, false)).toEqual({ subtotalCents: 0, taxCents: 0, totalCents: 0, lines: [] });
  });
});

describe('tierLabel', () => {
  it('labels a single tier as a unit price', () => {
    expect(tierLabel({ startQuantity: 1, endQuantity: null }, 1)).toBe('Price per Unit');
  });
  it('labels ranges', () => {
    expect(tierLabel({ startQuantity: 1, endQuantity: 9 }, 2)).toBe('1-9');
    expect(tierLabel({ startQuantity: 10, endQuantity: null }, 2)).toBe('10+');
    expect(tierLabel({ startQuantity: 5, endQuantity: 5 }, 3)).toBe('5');
  });
});

describe('orderLineUnitPriceCents: the price a line was sold at is kept', () => {
  const tiers = [
    { startQuantity: 1, endQuantity: 9, priceCents: 1200 },
    { startQuantity: 10, endQuantity: null, priceCents: 1000 },
  ];
  it('keeps the sold price while the quantity stays, though the tiers changed since', () => {
    expect(orderLineUnitPriceCents(tiers, 3, { quantity: 3, unitPriceCents: 1500, isStatic: false })).toBe(
      1500,
    );
  });
  it('prices a changed quantity or a new line from the tiers', () => {
    expect(orderLineUnitPriceCents(tiers, 4, { quantity: 3, unitPriceCents: 1500, isStatic: false })).toBe(
      1200,
    );
    expect(orderLineUnitPriceCents(tiers, 12, undefined)).toBe(1000);
  });
  it('a line that had a manual price is priced from the tiers once it becomes calculated', () => {
    expect(orderLineUnitPriceCents(tiers, 3, { quantity: 3, unitPriceCents: 99, isStatic: true })).toBe(1200);
  });
  it('is null when no tier covers the quantity', () => {
    expect(orderLineUnitPriceCents([], 3, null)).toBeNull();
  });
});
