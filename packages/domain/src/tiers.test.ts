import { describe, expect, it } from 'vitest';
import { ProductStatus } from './productStatus.ts';
import { emptyPricesProblem, FREE_PRICE, freePriceProblem, PRICES_REQUIRED, validateTiers } from './tiers.ts';

const t = (startQuantity: number, endQuantity: number | null, priceCents: number | null = 100) => ({
  startQuantity,
  endQuantity,
  priceCents,
});

describe('validateTiers', () => {
  it('accepts a sound table in any row order', () => {
    expect(validateTiers([t(1, null)])).toEqual([]);
    expect(validateTiers([t(10, null), t(1, 9)])).toEqual([]);
    expect(validateTiers([t(1, 9), t(10, 99), t(100, null)])).toEqual([]);
    expect(validateTiers([t(1, 50)])).toEqual([]);
    expect(validateTiers([t(1, 1, 0)])).toEqual([]);
  });
  it('needs at least one tier', () => {
    expect(validateTiers([])).toEqual(['A product needs at least one price.']);
  });
  it('refuses a start below 1', () => {
    expect(validateTiers([t(0, null)])).toEqual([
      'Price 1: the start quantity must be a whole number of at least 1.',
    ]);
  });
  it('requires the first tier to start at 1', () => {
    expect(validateTiers([t(2, null)])).toEqual([
      'Price 1: the first price must start at quantity 1, not 2.',
    ]);
  });
  it('refuses an end below the start', () => {
    expect(validateTiers([t(1, 9), t(10, 5)])).toEqual([
      'Price 2: the end quantity 5 is below the start quantity 10.',
    ]);
  });
  it('refuses missing and negative prices', () => {
    expect(validateTiers([t(1, 9, null), t(10, null, -1)])).toEqual([
      'Price 1: enter a price.',
      'Price 2: the price cannot be negative.',
    ]);
  });
  it('reports overlaps', () => {
    expect(validateTiers([t(1, 10), t(10, null)])).toEqual([
      'Price 1 and Price 2 overlap: quantity 10 is in both.',
    ]);
    expect(validateTiers([t(1, 20), t(10, 30)])).toEqual([
      'Price 1 and Price 2 overlap: quantities 10 to 20 are in both.',
    ]);
  });
  it('reports gaps', () => {
    expect(validateTiers([t(1, 9), t(11, null)])).toEqual([
      'There is a gap between Price 1 and Price 2: quantity 10 has no price.',
    ]);
    expect(validateTiers([t(1, 9), t(20, null)])).toEqual([
      'There is a gap between Price 1 and Price 2: quantities 10 to 19 have no price.',
    ]);
  });
  it('allows only one open-ended tier', () => {
    expect(validateTiers([t(1, null), t(10, null)])).toEqual([
      'Only one price can be open-ended (no end quantity), but Price 1 and Price 2 are.',
    ]);
  });
  it('wants the open-ended tier last', () => {
    expect(validateTiers([t(1, null), t(10, 20)])).toEqual([
      'Price 1: only the price with the highest start quantity can be open-ended.',
    ]);
  });
  it('reports every problem together', () => {
    expect(validateTiers([t(1, 5, null), t(8, 4)])).toEqual([
      'Price 1: enter a price.',
      'Price 2: the end quantity 4 is below the start quantity 8.',
    ]);
  });
});

describe('emptyPricesProblem: only Special Order products may have no prices', () => {
  it('refuses an empty price table for every other status', () => {
    for (const status of [
      ProductStatus.Inactive,
      ProductStatus.Active,
      ProductStatus.SoldOut,
      ProductStatus.CallForAvailability,
      ProductStatus.Nursery,
    ]) {
      expect(emptyPricesProblem(0, status), String(status)).toBe(PRICES_REQUIRED);
    }
  });
  it('lets a Special Order product go without, and any product with prices pass', () => {
    expect(emptyPricesProblem(0, ProductStatus.SpecialOrder)).toBeNull();
    expect(emptyPricesProblem(2, ProductStatus.Active)).toBeNull();
  });
  it('says the same as the price table check', () => {
    expect(validateTiers([])).toEqual([PRICES_REQUIRED]);
  });
});

describe('freePriceProblem: a product customers can order online is never $0.00', () => {
  it('refuses a $0.00 tier on Active and Nursery products, and allows it where nothing is sold online', () => {
    const prices = [t(1, 9, 250), t(10, null, 0)];
    expect(freePriceProblem(prices, ProductStatus.Active)).toBe(FREE_PRICE);
    expect(freePriceProblem(prices, ProductStatus.Nursery)).toBe(FREE_PRICE);
    for (const status of [
      ProductStatus.Inactive,
      ProductStatus.SoldOut,
      ProductStatus.CallForAvailability,
      ProductStatus.SpecialOrder,
    ]) {
      expect(freePriceProblem(prices, status), String(status)).toBeNull();
    }
    expect(freePriceProblem([t(1, null, 1)], ProductStatus.Active)).toBeNull();
  });
});
