import { describe, expect, it } from 'vitest';
import { cardPictureUrl, placeholderArt, productIdParam, productPath, productSlug } from './productPage.ts';
import { PRODUCT_TYPES } from './productTypes.ts';

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

describe('cardPictureUrl', () => {
  const photo = '/media/products/7/thumb.webp';
  it('is the photo when the product has one, else the drawing of its kind', () => {
    expect(cardPictureUrl({ hasImage: true, thumbnailImageUrl: photo, productTypeId: 1 })).toBe(photo);
    expect(cardPictureUrl({ hasImage: false, thumbnailImageUrl: null, productTypeId: 1 })).toBe(
      '/images/placeholders/fruit.svg',
    );
    // A photo being replaced (no image flagged) shows the drawing, not a link that may be gone.
    expect(cardPictureUrl({ hasImage: false, thumbnailImageUrl: photo, productTypeId: 3 })).toBe(
      '/images/placeholders/conifer.svg',
    );
    expect(cardPictureUrl({ hasImage: true, thumbnailImageUrl: null, productTypeId: 99 })).toBe(
      '/images/placeholders/default.svg',
    );
  });

  it('draws every kind of product with one of the drawings', () => {
    const arts = new Set(PRODUCT_TYPES.map((t) => placeholderArt(t.productTypeId)));
    expect([...arts].sort()).toEqual([
      'conifer',
      'default',
      'fruit',
      'seeds',
      'shrubs',
      'tree',
      'tree-tubes',
    ]);
  });
});
