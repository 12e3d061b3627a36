import { DEFAULT_PRODUCT_TYPE_ID, type ProductFormInput } from '@nursery/domain';
import type { AdminProduct } from './types';

/** The product modal's form: what is typed, as typed, and how it becomes the shared schema's input. */
export interface TierRow {
  /** Stable React key, also for rows not saved yet. */
  key: string;
  productPriceId: number | null;
  startQuantity: string;
  endQuantity: string;
  price: string;
}

export interface ProductForm {
  name: string;
  description: string;
  productTypeId: number;
  species: string;
  zones: string;
  productSize: string;
  prices: TierRow[];
}

export type TextField = 'name' | 'description' | 'species' | 'zones' | 'productSize';

export const FORM_FIELDS: readonly (keyof ProductForm)[] = [
  'name',
  'description',
  'productTypeId',
  'species',
  'zones',
  'productSize',
  'prices',
];

let nextKey = 0;
const newKey = () => `tier-${++nextKey}`;

export function formOf(product: AdminProduct | null): ProductForm {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    productTypeId: product?.productTypeId ?? DEFAULT_PRODUCT_TYPE_ID,
    species: product?.species ?? '',
    zones: product?.zones ?? '',
    productSize: product?.productSize ?? '',
    prices: (product?.prices ?? []).map((t) => ({
      key: `saved-${t.productPriceId}`,
      productPriceId: t.productPriceId,
      startQuantity: String(t.startQuantity),
      endQuantity: t.endQuantity === null ? '' : String(t.endQuantity),
      price: t.price.toFixed(2),
    })),
  };
}

export const tiersKey = (rows: readonly TierRow[]) =>
  JSON.stringify(rows.map((r) => [r.productPriceId, r.startQuantity, r.endQuantity, r.price]));

/** Spec 5: quantity cells take digits only (or nothing). */
export const digitsOnly = (value: string) => /^\d*$/.test(value);

/** `version`: the one the product was read at, so a save over a colleague's newer one is refused (409). */
export function toInput(
  form: ProductForm,
  productId: number | null,
  version: number | null,
): ProductFormInput {
  return {
    productId,
    version,
    name: form.name,
    description: form.description,
    productTypeId: form.productTypeId,
    species: form.species,
    zones: form.zones,
    productSize: form.productSize,
    // Empty cells become null, as the spec says; the shared schema turns the rest into numbers.
    prices: form.prices.map((r) => ({
      productPriceId: r.productPriceId,
      startQuantity: r.startQuantity === '' ? null : r.startQuantity,
      endQuantity: r.endQuantity === '' ? null : r.endQuantity,
      price: r.price.trim() === '' ? null : r.price.trim(),
    })),
  };
}

/** A new price row; it usually starts right after the last one ends. */
export function nextTier(rows: readonly TierRow[]): TierRow {
  const last = rows[rows.length - 1];
  const start = !last ? '1' : last.endQuantity === '' ? '' : String(Number(last.endQuantity) + 1);
  return { key: newKey(), productPriceId: null, startQuantity: start, endQuantity: '', price: '' };
}
