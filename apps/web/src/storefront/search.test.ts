import { PRODUCT_TYPES } from '@nursery/domain';
import { describe, expect, it, vi } from 'vitest';
// Plain data (no imports): the demo shop's catalogue, the list the storefront really searches.
import { DEMO_CATALOGUE } from '../../../../packages/db/src/seed-data';
import { createSearchIndex, loadFuse, MAX_PATTERN_LENGTH, SEARCH_OPTIONS, searchProducts } from './search';
import { SpecBitapSearch } from './specBitap';

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

describe("the shop's bitap searcher", () => {
  const typeName = new Map(PRODUCT_TYPES.map((t) => [t.productTypeId, t.productType]));
  const demo = DEMO_CATALOGUE.trim()
    .split('\n')
    .map((line, i) => {
      const [type = '', name = '', species = '', zones = '', , , , , description = ''] = line.split('|');
      return {
        productId: i + 1,
        name,
        species,
        zones,
        description,
        productType: typeName.get(Number(type)) ?? '',
      };
    });
  // As the benchmark grows it: the demo's products copied with numbered names, up to 2,000.
  const large = Array.from({ length: 2000 }, (_, i) => {
    const model = demo[i % demo.length]!;
    return i < demo.length ? model : { ...model, productId: i + 1, name: `${model.name} no. ${i + 1}` };
  });
  const words = [
    ...new Set(
      demo.flatMap((p) => `${p.name} ${p.species} ${p.description}`.toLowerCase().split(/[^a-z0-9-]+/)),
    ),
  ].filter((w) => w.length > 0);
  const queries = [
    'oak',
    'milkweed',
    'prairie smoke',
    'big bluestem',
    'asclepias',
    'zone 4',
    'seed',
    'sedge',
    'wild',
    'xylophone',
    'whtie pine',
    'QUERCUS',
    '3-8',
    'é',
    'İstanbul',
    'x',
    'a b c d e f g h i j k l m n o p q',
    ...words.filter((_, i) => i % 3 === 0),
    ...words.filter((_, i) => i % 7 === 0).map((w, i) => `${w} ${words[(i * 31) % words.length]}`),
    ...words.filter((_, i) => i % 5 === 0).map((w) => `${w.slice(1)}q`),
  ];

  it("finds the same products in the same order as Fuse's own searcher, on the demo catalogue and on 2,000 products", async () => {
    const FuseCtor = await loadFuse();
    expect(queries.length).toBeGreaterThan(200);
    const used = vi.spyOn(SpecBitapSearch.prototype, 'searchIn');
    searchProducts(createSearchIndex(FuseCtor, demo, { specSearch: false }), 'oak');
    expect(used).not.toHaveBeenCalled();
    searchProducts(createSearchIndex(FuseCtor, demo), 'oak');
    expect(used).toHaveBeenCalled();
    used.mockRestore();
    // Every query on the demo catalogue; every eighth on 2,000 products, where one query takes Fuse ~20 ms.
    for (const [list, every] of [
      [demo, 1],
      [large, 8],
    ] as const) {
      const fast = createSearchIndex(FuseCtor, list);
      const fuses = createSearchIndex(FuseCtor, list, { specSearch: false });
      for (const query of queries.filter((_, i) => i % every === 0)) {
        const ids = (index: typeof fast) => searchProducts(index, query)?.map((p) => p.productId);
        expect(ids(fast), query).toEqual(ids(fuses));
      }
    }
  }, 60_000);
});
