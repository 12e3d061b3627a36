import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAX_RATE_BASIS_POINTS,
  lineTaxCents,
  lineTotals,
  orderLineUnitPriceCents,
  orderTotals,
  type PriceTier,
  priceLine,
  selectTier,
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
    expect(lineTaxCents(10, 550)).toBe(1); // 0.55
    expect(lineTaxCents(1000, 550)).toBe(55);
    // 8.875%: $100.00 -> 887.5 cents -> 888; $10.00 -> 88.75 -> 89; $4.00 -> 35.5 -> 36.
    expect(lineTaxCents(10000, 887.5)).toBe(888);
    expect(lineTaxCents(1000, 887.5)).toBe(89);
    expect(lineTaxCents(400, 887.5)).toBe(36);
    expect(lineTaxCents(-400, 887.5)).toBe(-36);
    expect(lineTaxCents(9, 550)).toBe(0); // 0.495
    expect(lineTaxCents(100, 550)).toBe(6); // 5.5
    expect(lineTaxCents(0, 550)).toBe(0);
    expect(lineTaxCents(1999, 550)).toBe(110); // 109.945
  });
  it('line totals honour tax exemption', () => {
    expect(lineTotals(1000, 550, false)).toEqual({ taxCents: 55, totalCents: 1055 });
    expect(lineTotals(1000, 550, true)).toEqual({ taxCents: 0, totalCents: 1000 });
  });
  it('order tax is the sum of line taxes', () => {
    // Each line's 0.55 rounds to 1 cent; taxing the 20-cent sum would give 1.1 -> 1.
    const lines = [{ subtotalCents: 10 }, { subtotalCents: 10 }];
    expect(orderTotals(lines, 550, false)).toEqual({ subtotalCents: 20, taxCents: 2, totalCents: 22 });
  });
  it('exempt orders carry no tax', () => {
    expect(orderTotals([{ subtotalCents: 1000 }], 550, true)).toEqual({
      subtotalCents: 1000,
      taxCents: 0,
      totalCents: 1000,
    });
  });
  it('an empty order totals zero', () => {
    expect(orderTotals([], 550, false)).toEqual({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
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
