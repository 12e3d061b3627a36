import { PRODUCT_TYPES, ProductStatus, productStatusName } from '@nursery/domain';
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
// Plain data (no imports): the demo shop's catalogue, the list staff search on a fresh shop.
import { DEMO_CATALOGUE } from '../../../../../../../packages/db/src/seed-data';
import {
  ADMIN_FUZZY_THRESHOLD,
  adminFuzzyOptions,
  fuzzyRanking,
  PLANT_SEARCH_KEYS,
  PRODUCTS_SEARCH_KEYS,
} from './fuzzy';
import type { AdminProduct } from './types';

const typeName = new Map(PRODUCT_TYPES.map((t) => [t.productTypeId, t.productType]));
/** The admin list of the demo shop (Deleted products are not in it), with the fields the search reads. */
const catalogue = DEMO_CATALOGUE.trim()
  .split('\n')
  .map((line, i) => {
    const [
      type = '',
      name = '',
      species = '',
      zones = '',
      productSize = '',
      ,
      status = '',
      ,
      description = '',
    ] = line.split('|');
    return {
      productId: i + 1,
      name,
      species,
      zones,
      productSize,
      description,
      productType: typeName.get(Number(type)) ?? '',
      productStatus: Number(status),
      displayProductStatus: productStatusName(Number(status)),
    } as unknown as AdminProduct;
  })
  .filter((p) => p.productStatus !== ProductStatus.Deleted);

const search = (keys: typeof PLANT_SEARCH_KEYS, text: string) =>
  (fuzzyRanking(new Fuse(catalogue, adminFuzzyOptions(keys)), text) ?? []).map((p) => p.name);

describe('the admin fuzzy search (Products, Stock, Photos)', () => {
  it("keeps the spec's threshold and leaves every other option at Fuse's default", () => {
    expect(adminFuzzyOptions(PLANT_SEARCH_KEYS)).toEqual({ keys: PLANT_SEARCH_KEYS, threshold: 0.4 });
    expect(ADMIN_FUZZY_THRESHOLD).toBe(0.4);
  });

  for (const [screen, keys] of [
    ['Products', PRODUCTS_SEARCH_KEYS],
    ['Stock and Photos', PLANT_SEARCH_KEYS],
  ] as const) {
    it(`${screen}: "maple" lists every maple first and no longer a third of the catalogue`, () => {
      const maples = catalogue.filter((p) => /maple/i.test(p.name)).map((p) => p.name);
      expect(maples.length).toBe(7);
      const found = search(keys, 'maple');
      expect(new Set(found.slice(0, maples.length))).toEqual(new Set(maples));
      // 47 of 155 matched when a slip anywhere in a description counted (ignoreLocation).
      expect(found.length).toBeLessThan(25);
    });

    it(`${screen}: "white pine" puts White Pine first, then its other sizes`, () => {
      const found = search(keys, 'white pine');
      expect(found[0]).toBe('White Pine');
      expect(new Set(found.slice(1, 4))).toEqual(
        new Set(['White Pine Transplant', 'White Pine Seed', 'White Pine Liner']),
      );
    });

    it(`${screen}: a typing slip still finds the plant ("dogwod", "sugar mapel")`, () => {
      expect(
        search(keys, 'dogwod')
          .slice(0, 4)
          .every((name) => name.includes('Dogwood')),
      ).toBe(true);
      expect(search(keys, 'sugar mapel')[0]).toMatch(/^Sugar Maple/);
    });
  }

  it('answers null for blank text: the list is shown whole', () => {
    expect(fuzzyRanking(new Fuse(catalogue, adminFuzzyOptions(PLANT_SEARCH_KEYS)), '  ')).toBeNull();
  });
});
