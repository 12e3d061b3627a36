import { describe, expect, it } from 'vitest';
import {
  isTypeActive,
  isUnfiltered,
  productTypeCounts,
  soloType,
  toggleType,
  visibleProducts,
} from './filters';

const p = (id: number, typeId: number, type: string) => ({
  productId: id,
  productTypeId: typeId,
  productType: type,
});
const products = [
  p(1, 2, 'Deciduous'),
  p(2, 3, 'Conifer'),
  p(3, 2, 'Deciduous'),
  p(4, 8, 'Seeds'),
  p(5, 2, 'Deciduous'),
];
const all = [2, 3, 8];

describe('category filters', () => {
  it('counts products per type, most first', () => {
    expect(productTypeCounts(products)).toEqual([
      { productTypeId: 2, productType: 'Deciduous', count: 3 },
      { productTypeId: 3, productType: 'Conifer', count: 1 },
      { productTypeId: 8, productType: 'Seeds', count: 1 },
    ]);
  });

  it('toggles a type off and on again, back to "all"', () => {
    const off = toggleType(null, 3, all);
    expect(off).toEqual([2, 8]);
    expect(isTypeActive(off, 3)).toBe(false);
    expect(toggleType(off, 3, all)).toBeNull();
  });

  it('never leaves zero types active', () => {
    const one = soloType(8);
    expect(toggleType(one, 8, all)).toBe(one);
  });

  it('solo shows one type only', () => {
    expect(visibleProducts(products, null, soloType(3)).map((x) => x.productId)).toEqual([2]);
  });

  it('is unfiltered only with no text and every type', () => {
    expect(isUnfiltered(null, '', all)).toBe(true);
    expect(isUnfiltered([2, 3, 8], '  ', all)).toBe(true);
    expect(isUnfiltered(null, 'oak', all)).toBe(false);
    expect(isUnfiltered([2], '', all)).toBe(false);
  });

  it('keeps the order of search results and applies the types to them', () => {
    const results = [products[4]!, products[1]!, products[0]!];
    expect(visibleProducts(products, results, [2]).map((x) => x.productId)).toEqual([5, 1]);
  });
});
