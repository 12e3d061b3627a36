import { describe, expect, it } from 'vitest';
import { productIdParam, productPath, productSlug } from './productPage.ts';

describe('productSlug', () => {
  it('makes lower-case words joined by dashes', () => {
    expect(productSlug('White Pine')).toBe('white-pine');
    expect(productSlug('White Pine Transplant')).toBe('white-pine-transplant');
    expect(productSlug('  Red   Osier Dogwood ')).toBe('red-osier-dogwood');
    expect(productSlug('Balled and Burlap/Potted')).toBe('balled-and-burlap-potted');
  });

  it('drops accents, apostrophes and size quotes', () => {
    expect(productSlug('Épinette Blanche')).toBe('epinette-blanche');
    expect(productSlug("Doug's Pick")).toBe('dougs-pick');
    expect(productSlug('Doug’s Pick')).toBe('dougs-pick');
    expect(productSlug('Oak 12-18"')).toBe('oak-12-18');
    expect(productSlug('Tree Tube (4 ft.)')).toBe('tree-tube-4-ft');
  });

  it('never gives an empty slug or markup', () => {
    expect(productSlug('???')).toBe('product');
    expect(productSlug('')).toBe('product');
    expect(productSlug('日本の木')).toBe('product');
    expect(productSlug('<script>alert(1)</script>')).toBe('script-alert-1-script');
  });

  it('cuts a long name at a word boundary', () => {
    const slug = productSlug(`${'Very Long Name '.repeat(20)}End`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('very-long-name-very')).toBe(true);
    expect(productSlug('x'.repeat(200))).toBe('x'.repeat(80));
  });
});

describe('productPath and productIdParam', () => {
  it('writes the canonical path and reads its id back', () => {
    expect(productPath({ productId: 12, name: 'White Pine' })).toBe('/Products/12/white-pine');
    expect(productIdParam('12')).toBe(12);
  });

  it('refuses segments that are no product id', () => {
    for (const segment of ['', '0', '012', '-1', '1.5', '1e3', 'abc', '9'.repeat(16), ' 1']) {
      expect(productIdParam(segment), segment).toBeNull();
    }
  });
});
