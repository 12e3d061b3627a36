import { describe, expect, it } from 'vitest';
import { ProductStatus } from './productStatus.ts';
import {
  seasonPlanInputSchema,
  seasonReportInputSchema,
  sellThrough,
  suggestQuantity,
} from './seasonReport.ts';

const usual = { unmetDemand: 0, productStatus: ProductStatus.Active, hasEarlierSeasons: true };

describe('suggestQuantity', () => {
  it('takes the best of three seasons plus the demand not met', () => {
    expect(suggestQuantity({ ...usual, soldBySeason: [40, 60, 50], unmetDemand: 5 })).toEqual({
      quantity: 65,
      basis: 'usual',
      reason: 'Best of three seasons 60 plus 5 not met.',
    });
  });
  it('follows two seasons of rising or falling sales by a tenth', () => {
    expect(suggestQuantity({ ...usual, soldBySeason: [110, 100, 90] }).quantity).toBe(121);
    expect(suggestQuantity({ ...usual, soldBySeason: [50, 70, 100] }).quantity).toBe(90);
    // One season up and one down is no trend.
    expect(suggestQuantity({ ...usual, soldBySeason: [50, 70, 60] }).quantity).toBe(70);
  });
  it('treats new, special-order, discontinued and unsold products on their own terms', () => {
    expect(
      suggestQuantity({ ...usual, hasEarlierSeasons: false, soldBySeason: [12, 0, 0], unmetDemand: 3 }),
    ).toMatchObject({
      quantity: 15,
      basis: 'new',
    });
    expect(
      suggestQuantity({ ...usual, productStatus: ProductStatus.SpecialOrder, soldBySeason: [5, 5, 5] }),
    ).toMatchObject({ quantity: 0, basis: 'specialOrder' });
    for (const productStatus of [ProductStatus.Inactive, ProductStatus.Deleted]) {
      expect(suggestQuantity({ ...usual, productStatus, soldBySeason: [5, 5, 5] })).toMatchObject({
        quantity: 0,
        basis: 'discontinued',
      });
    }
    expect(suggestQuantity({ ...usual, soldBySeason: [0, 0, 0] })).toMatchObject({
      quantity: 0,
      basis: 'noSales',
    });
  });
});

describe('season report inputs', () => {
  it('reads a season from the query string and refuses what is not one', () => {
    expect(seasonReportInputSchema.parse({ season: '2025' })).toEqual({ season: 2025 });
    expect(seasonReportInputSchema.parse({})).toEqual({});
    expect(seasonReportInputSchema.safeParse({ season: '25' }).success).toBe(false);
    expect(seasonReportInputSchema.safeParse({ season: '-1' }).success).toBe(false);
  });
  it('takes a planned quantity from 0 up, or null', () => {
    expect(seasonPlanInputSchema.parse({ season: 2025, productId: 3, quantity: null }).quantity).toBeNull();
    expect(seasonPlanInputSchema.safeParse({ season: 2025, productId: 3, quantity: 1.5 }).success).toBe(
      false,
    );
    expect(seasonPlanInputSchema.safeParse({ season: 2025, productId: 3, quantity: '7' }).success).toBe(
      false,
    );
  });
  it('says sell-through only where something was offered', () => {
    expect(sellThrough(0, 5)).toBeNull();
    expect(sellThrough(20, 5)).toBe(0.25);
  });
});
