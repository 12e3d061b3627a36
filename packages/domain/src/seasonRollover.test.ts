import { describe, expect, it } from 'vitest';
import { ProductStatus } from './productStatus.ts';
import {
  planRollover,
  type RolloverProduct,
  raisedPriceCents,
  rolloverOptionsSchema,
  tiersText,
} from './seasonRollover.ts';

describe('raisedPriceCents', () => {
  it('raises in whole cents, half-up', () => {
    expect(raisedPriceCents(1250, 300)).toBe(1288); // 12.875
    expect(raisedPriceCents(1000, 250)).toBe(1025);
    expect(raisedPriceCents(199, 500)).toBe(209); // 208.95
    expect(raisedPriceCents(100, 50)).toBe(101); // 100.5 rounds up
    expect(raisedPriceCents(100, 49)).toBe(100); // 100.49 rounds down
    expect(raisedPriceCents(1, 4999)).toBe(1); // 1.4999
    expect(raisedPriceCents(1, 5000)).toBe(2); // 1.5
  });

  it('keeps a price at 0% and never drifts on large amounts', () => {
    expect(raisedPriceCents(1234, 0)).toBe(1234);
    expect(raisedPriceCents(0, 1000)).toBe(0);
    // $1,000,000.00 raised 100%: exact in integers.
    expect(raisedPriceCents(100_000_000, 10_000)).toBe(200_000_000);
    // 1.005 in floating point is 1.00499..., the integer rule does not care.
    expect(raisedPriceCents(1005, 1000)).toBe(1106); // 1105.5
  });
});

describe('rolloverOptionsSchema', () => {
  it('reads a percentage with up to two decimals', () => {
    expect(rolloverOptionsSchema.parse({ raisePercent: 2.75, stock: 'keep' })).toEqual({
      raisePercent: 2.75,
      statuses: {},
      stock: 'keep',
    });
    expect(rolloverOptionsSchema.safeParse({ raisePercent: 2.755, stock: 'keep' }).success).toBe(false);
    expect(rolloverOptionsSchema.safeParse({ raisePercent: 101, stock: 'keep' }).success).toBe(false);
  });

  it('tells one message per problem: a raise out of range is not also told about its decimals', () => {
    const messages = (raisePercent: number) =>
      rolloverOptionsSchema
        .safeParse({ raisePercent, stock: 'keep' })
        .error?.issues.map((issue) => issue.message);
    expect(messages(1e308)).toEqual(['The price raise can be at most 100%.']);
    expect(messages(100.555)).toEqual(['The price raise can be at most 100%.']);
    expect(messages(-2.755)).toEqual(['The price raise cannot be negative; enter 0 to keep prices.']);
    expect(messages(2.755)).toEqual(['The price raise can have at most two decimals, such as 2.75.']);
  });

  it('refuses Deleted as a target and unknown statuses as a source', () => {
    expect(
      rolloverOptionsSchema.safeParse({ raisePercent: 0, stock: 'reset', statuses: { '2': 4 } }).success,
    ).toBe(false);
    expect(
      rolloverOptionsSchema.safeParse({ raisePercent: 0, stock: 'reset', statuses: { '4': 2 } }).success,
    ).toBe(false);
  });
});

const product = (over: Partial<RolloverProduct>): RolloverProduct => ({
  productId: 1,
  name: 'Bur Oak',
  productSize: '1 gal',
  productStatus: ProductStatus.Active,
  tiers: [
    { productPriceId: 10, startQuantity: 1, endQuantity: 9, priceCents: 1250 },
    { productPriceId: 11, startQuantity: 10, endQuantity: null, priceCents: 1000 },
  ],
  stockLeft: 12,
  ...over,
});

describe('planRollover', () => {
  it('raises carried products, keeps the prices of those not carried over, and carries counted stock', () => {
    const { lines, counts } = planRollover(
      [
        product({}),
        product({ productId: 2, productStatus: ProductStatus.SoldOut, stockLeft: -2 }),
        product({ productId: 3, productStatus: ProductStatus.CallForAvailability, stockLeft: null }),
      ],
      rolloverOptionsSchema.parse({ raisePercent: 3, stock: 'keep', statuses: { '3': 2, '6': 1 } }),
    );
    expect(lines.map((l) => [l.statusAfter, l.carried, l.tiers.map((t) => t.after), l.stockAfter])).toEqual([
      [2, true, [1288, 1030], 12],
      [2, true, [1288, 1030], 0],
      [1, false, [1250, 1000], null],
    ]);
    expect(counts).toEqual({
      products: 3,
      carried: 2,
      notCarried: 1,
      statusChanged: 2,
      pricesChanged: 2,
      stockCarried: 2,
    });
  });

  it('counts stock afresh when asked, and keeps prices at 0%', () => {
    const { lines, counts } = planRollover(
      [product({})],
      rolloverOptionsSchema.parse({ raisePercent: 0, stock: 'reset' }),
    );
    expect(lines[0]?.stockAfter).toBeNull();
    expect(lines[0]?.tiers.map((t) => t.after)).toEqual([1250, 1000]);
    expect(counts.pricesChanged).toBe(0);
    expect(counts.statusChanged).toBe(0);
  });

  it('never puts a product without prices on sale', () => {
    const { lines } = planRollover(
      [product({ productStatus: ProductStatus.SpecialOrder, tiers: [] })],
      rolloverOptionsSchema.parse({ raisePercent: 5, stock: 'reset', statuses: { '5': 2 } }),
    );
    expect(lines[0]?.statusAfter).toBe(ProductStatus.SpecialOrder);
    expect(lines[0]?.note).toBe('It has no prices, so it stays Special Order.');
  });
});

describe('tiersText', () => {
  it('writes a price table on one line', () => {
    expect(
      tiersText([
        { startQuantity: 1, endQuantity: 1, priceCents: 500 },
        { startQuantity: 2, endQuantity: 9, priceCents: 450 },
        { startQuantity: 10, endQuantity: null, priceCents: 400 },
      ]),
    ).toBe('1: $5.00, 2-9: $4.50, 10+: $4.00');
    expect(tiersText([])).toBe('no prices');
  });
});
