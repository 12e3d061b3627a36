export interface ProductTypeEntry {
  readonly productTypeId: number;
  readonly productType: string;
}

export const PRODUCT_TYPES: readonly ProductTypeEntry[] = [
  { productTypeId: 1, productType: 'Fruit' },
  { productTypeId: 2, productType: 'Deciduous' },
  { productTypeId: 3, productType: 'Conifer' },
  { productTypeId: 4, productType: 'Native Seeds' },
  { productTypeId: 5, productType: 'Miscellaneous' },
  { productTypeId: 6, productType: 'Tree Tubes' },
  { productTypeId: 7, productType: 'Shrubs' },
  { productTypeId: 8, productType: 'Seeds' },
  { productTypeId: 9, productType: 'Bigger Trees/Liners' },
  { productTypeId: 10, productType: 'Balled and Burlap/Potted' },
  // Both spec documents name type 11 this way, in lower case, unlike the others; quoted as written.
  { productTypeId: 11, productType: 'special offers group' },
  { productTypeId: 12, productType: 'New Product' },
  { productTypeId: 13, productType: 'Yard' },
];

/** The admin spec makes this the type of a new product. */
export const DEFAULT_PRODUCT_TYPE_ID = 9;

export function isProductTypeId(n: unknown): n is number {
  return typeof n === 'number' && PRODUCT_TYPES.some((t) => t.productTypeId === n);
}

/** Empty string for an unknown id so a display never shows "undefined". */
export function productTypeName(id: number): string {
  return PRODUCT_TYPES.find((t) => t.productTypeId === id)?.productType ?? '';
}
