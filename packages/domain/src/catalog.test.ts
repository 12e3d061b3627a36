import { describe, expect, it } from 'vitest';
import {
  ADMIN_SELECTABLE_STATUSES,
  isOrderableOnline,
  isShownOnStorefront,
  ORDERABLE_STATUSES,
  ProductStatus,
  productStatusName,
  productStatusStyle,
  STOREFRONT_STATUSES,
} from './productStatus.ts';
import { DEFAULT_PRODUCT_TYPE_ID, isProductTypeId, PRODUCT_TYPES, productTypeName } from './productTypes.ts';

describe('product types', () => {
  it('lists the thirteen types', () => {
    expect(PRODUCT_TYPES.map((t) => t.productTypeId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(productTypeName(9)).toBe('Bigger Trees/Liners');
    expect(productTypeName(10)).toBe('Balled and Burlap/Potted');
    expect(productTypeName(11)).toBe('special offers group');
    expect(productTypeName(99)).toBe('');
    expect(DEFAULT_PRODUCT_TYPE_ID).toBe(9);
  });
  it('recognises ids', () => {
    expect(isProductTypeId(1)).toBe(true);
    expect(isProductTypeId(13)).toBe(true);
    expect(isProductTypeId(0)).toBe(false);
    expect(isProductTypeId(14)).toBe(false);
    expect(isProductTypeId('1')).toBe(false);
  });
});

describe('product status', () => {
  it('names and styles each status', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(productStatusName)).toEqual([
      'Inactive',
      'Active',
      'Sold Out',
      'Deleted',
      'Special Order',
      'Call for Availability',
      'Nursery',
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map(productStatusStyle)).toEqual([
      'danger',
      'primary',
      'warning',
      'secondary',
      'info',
      'info',
      'success',
    ]);
  });
  it('groups statuses as the spec and decisions say', () => {
    expect(STOREFRONT_STATUSES).toEqual([2, 3, 6, 7]);
    expect(ORDERABLE_STATUSES).toEqual([2, 7]);
    expect(ADMIN_SELECTABLE_STATUSES).toEqual([1, 2, 3, 5, 6, 7]);
    expect(isShownOnStorefront(ProductStatus.SpecialOrder)).toBe(false);
    expect(isShownOnStorefront(ProductStatus.SoldOut)).toBe(true);
    expect(isOrderableOnline(ProductStatus.Nursery)).toBe(true);
    expect(isOrderableOnline(ProductStatus.CallForAvailability)).toBe(false);
    expect(isOrderableOnline(ProductStatus.SoldOut)).toBe(false);
  });
});
