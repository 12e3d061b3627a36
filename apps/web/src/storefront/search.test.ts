import { describe, expect, it } from 'vitest';
import { createSearchIndex, loadFuse, MAX_PATTERN_LENGTH, SEARCH_OPTIONS, searchProducts } from './search';

const item = (productId: number, name: string, extra: Partial<Record<string, string>> = {}) => ({
  productId,
  name,
  description: extra.description ?? '',
  species: extra.species ?? '',
  zones: extra.zones ?? '',
  productType: extra.productType ?? 'Deciduous',
});

const catalogue = [
  item(1, 'Bur Oak', { species: 'Quercus macrocarpa', zones: '3-8' }),
  item(2, 'White Pine', { species: 'Pinus strobus', productType: 'Conifer' }),
  item(3, 'Black Walnut', { species: 'Juglans nigra', description: 'Valuable timber and nuts.' }),
  item(4, 'Prairie Seed Mix', { productType: 'Native Seeds', description: 'Pollinator wildflowers.' }),
  item(5, 'Red Oak', { species: 'Quercus rubra' }),
];

describe('product search', () => {
  it('uses the spec options', () => {
    expect(SEARCH_OPTIONS).toMatchObject({
      threshold: 0.6,
      distance: 80,
      minMatchCharLength: 1,
      shouldSort: true,
    });
    expect(SEARCH_OPTIONS.keys).toEqual(['name', 'description', 'species', 'zones', 'productType']);
    expect(MAX_PATTERN_LENGTH).toBe(32);
  });

  it('finds a product through a typo, best match first', async () => {
    const index = createSearchIndex(await loadFuse(), catalogue);
    expect(searchProducts(index, 'walnutt')?.[0]?.productId).toBe(3);
    expect(searchProducts(index, 'whtie pine')?.[0]?.productId).toBe(2);
  });

  it('searches species, description and type too', async () => {
    const index = createSearchIndex(await loadFuse(), catalogue);
    expect(
      searchProducts(index, 'Quercus')
        ?.slice(0, 2)
        .map((p) => p.productId)
        .sort(),
    ).toEqual([1, 5]);
    expect(searchProducts(index, 'pollinator')?.[0]?.productId).toBe(4);
    expect(searchProducts(index, 'conifer')?.[0]?.productId).toBe(2);
  });

  it('answers null for blank text, so the list shows unfiltered', async () => {
    const index = createSearchIndex(await loadFuse(), catalogue);
    expect(searchProducts(index, '   ')).toBeNull();
  });

  it('does not fail on a very long text', async () => {
    const index = createSearchIndex(await loadFuse(), catalogue);
    expect(() => searchProducts(index, 'black walnut '.repeat(20))).not.toThrow();
  });
});
