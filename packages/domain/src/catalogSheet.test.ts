import { describe, expect, it } from 'vitest';
import {
  centsText,
  fromSheetText,
  productRow,
  readSheetHeader,
  readSheetRow,
  type SheetFields,
  type SheetLayout,
  sheetChanges,
  sheetHeader,
  sheetTierMessage,
  toSheetText,
} from './catalogSheet.ts';
import { productInputSchema } from './schemas/catalog.ts';

const oak = {
  productId: 12,
  version: 3,
  name: 'Bur Oak',
  productTypeId: 2,
  productStatus: 2,
  species: 'Quercus macrocarpa',
  zones: '3-8',
  productSize: '18-24 in.',
  isDougs: false,
  description: 'Long-lived.\nDrought tolerant.',
  tiers: [
    { startQuantity: 1, endQuantity: 9, priceCents: 1250 },
    { startQuantity: 10, endQuantity: null, priceCents: 1005 },
  ],
};

function layout(header: string[]): SheetLayout {
  const read = readSheetHeader(header);
  if ('problem' in read) throw new Error(read.problem);
  return read;
}

describe('writing a product', () => {
  it('writes money as dollars with two decimals and leaves unused tiers empty', () => {
    expect(centsText(1005)).toBe('10.05');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(100000000)).toBe('1000000.00');
    const header = sheetHeader(2);
    const row = productRow(oak, 2);
    expect(row.length).toBe(header.length);
    expect(Object.fromEntries(header.map((h, i) => [h, row[i]]))).toMatchObject({
      Id: '12',
      Version: '3',
      Type: 'Deciduous',
      Status: 'Active',
      Brand: 'No',
      'Tier 1 Price': '12.50',
      'Tier 2 To': '',
      'Tier 2 Price': '10.05',
      'Tier 3 From': '',
    });
  });

  it('keeps a formula-looking text as text, and gets it back exactly', () => {
    for (const text of ['=SUM(A1)', '+1', '-3', '@x', 'plain', "'quoted", "'=x"]) {
      expect(fromSheetText(toSheetText(text))).toBe(text);
    }
    expect(toSheetText('=1+1')).toBe("'=1+1");
    expect(toSheetText('Oak')).toBe('Oak');
  });
});

describe('reading a row back', () => {
  it('reads what it wrote into the same input the product save takes, unchanged', () => {
    const l = layout(sheetHeader(2));
    const read = readSheetRow(l, productRow(oak, 2));
    if ('problems' in read) throw new Error(read.problems.join());
    expect(read.productId).toBe(12);
    expect(read.version).toBe(3);
    const input = productInputSchema.parse({
      ...read.input,
      productId: read.productId,
      version: read.version,
    });
    const after: SheetFields = {
      ...input,
      productStatus: input.productStatus ?? 2,
      isDougs: input.isDougs ?? false,
      tiers: input.prices,
    };
    expect(sheetChanges(oak, after)).toEqual([]);
  });

  it('accepts columns in any order and letter case, and type and status by name or number', () => {
    const header = sheetHeader(1)
      .reverse()
      .map((h) => h.toUpperCase());
    const l = layout(header);
    const cells = header.map(
      (h) =>
        ({
          ID: '',
          VERSION: '',
          NAME: 'Pawpaw',
          TYPE: '1',
          STATUS: 'nursery',
          BRAND: 'yes',
          'TIER 1 FROM': '1',
          'TIER 1 PRICE': '$8',
        })[h] ?? '',
    );
    const read = readSheetRow(l, cells);
    if ('problems' in read) throw new Error(read.problems.join());
    expect(read.input).toMatchObject({ name: 'Pawpaw', productTypeId: 1, productStatus: 7, isDougs: true });
    expect(read.productId).toBeNull();
  });

  it('names every cell it cannot read', () => {
    const l = layout(sheetHeader(1));
    const row = productRow(oak, 1);
    row[0] = 'abc';
    row[3] = 'Cactus';
    row[4] = 'Gone';
    row[8] = 'maybe';
    const read = readSheetRow(l, row);
    expect('problems' in read && read.problems).toEqual([
      'Id "abc" is not a product id; leave it empty for a new product',
      expect.stringMatching(/^Type "Cactus" is not one of Fruit, Deciduous/),
      'Status "Gone" is not one of Inactive, Active, Sold Out, Special Order, Call for Availability, Nursery',
      'Brand "maybe" must be Yes or No',
    ]);
  });

  it('refuses a header that is not the catalogue', () => {
    expect(readSheetHeader(['Name', 'Price'])).toEqual({
      problem: expect.stringContaining(
        '"Price" is not a column of the catalogue; the columns Id, Version, Type',
      ),
    });
    const header = sheetHeader(2).filter((h) => h !== 'Tier 2 To');
    expect(readSheetHeader(header)).toEqual({
      problem: expect.stringContaining(
        'Tier 2 needs all three columns: Tier 2 From, Tier 2 To, Tier 2 Price',
      ),
    });
    expect(readSheetHeader([...sheetHeader(1), 'name'])).toEqual({
      problem: expect.stringContaining('"name" appears twice'),
    });
  });

  it("names a refused price by the tier's columns, skipping tiers the row leaves empty", () => {
    expect(
      sheetTierMessage('A price must be an amount in dollars and cents, such as 12.50.', [1, 3], 1),
    ).toBe('Tier 3: A price must be an amount in dollars and cents, such as 12.50.');
    expect(sheetTierMessage('Price 2: the price cannot be negative.', [1, 3])).toBe(
      'Tier 3: the price cannot be negative.',
    );
  });
});

describe('sheetChanges', () => {
  it('lists each field that changes, with before and after as staff read them', () => {
    const after: SheetFields = {
      ...oak,
      name: 'Bur Oak (large)',
      productStatus: 3,
      isDougs: true,
      tiers: [{ startQuantity: 1, endQuantity: null, priceCents: 1300 }],
    };
    expect(sheetChanges(oak, after)).toEqual([
      { field: 'Name', from: 'Bur Oak', to: 'Bur Oak (large)' },
      { field: 'Status', from: 'Active', to: 'Sold Out' },
      { field: 'Brand', from: 'No', to: 'Yes' },
      { field: 'Prices', from: '1-9: $12.50, 10+: $10.05', to: '1+: $13.00' },
    ]);
  });

  it('lists the filled fields of a new product', () => {
    expect(
      sheetChanges(null, { ...oak, species: '', productSize: '', description: '', isDougs: false }).map(
        (c) => c.field,
      ),
    ).toEqual(['Name', 'Type', 'Status', 'Zones', 'Prices']);
  });
});
