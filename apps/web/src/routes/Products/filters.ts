/** The category list and its rules: a pure part of the storefront state, tested on its own. */

export interface Typed {
  productTypeId: number;
  productType: string;
}

export interface ProductTypeCount {
  productTypeId: number;
  productType: string;
  count: number;
}

/** One entry per product type present, most products first (ties by name, so the list is stable). */
export function productTypeCounts(products: readonly Typed[]): ProductTypeCount[] {
  const counts = new Map<number, ProductTypeCount>();
  for (const p of products) {
    const entry = counts.get(p.productTypeId);
    if (entry) entry.count += 1;
    else
      counts.set(p.productTypeId, { productTypeId: p.productTypeId, productType: p.productType, count: 1 });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.productType.localeCompare(b.productType));
}

/**
 * Active types: null stands for "all", so types that appear after a reload are shown too.
 * The rules below never leave zero types active.
 */
export type ActiveTypes = readonly number[] | null;

export function isTypeActive(active: ActiveTypes, productTypeId: number): boolean {
  return active === null || active.includes(productTypeId);
}

/** Flips one type; turning off the last active one is refused. */
export function toggleType(
  active: ActiveTypes,
  productTypeId: number,
  allTypeIds: readonly number[],
): ActiveTypes {
  const current = active ?? allTypeIds;
  if (current.includes(productTypeId)) {
    const next = current.filter((id) => id !== productTypeId);
    return next.length === 0 ? active : next;
  }
  const next = [...current, productTypeId];
  return allTypeIds.every((id) => next.includes(id)) ? null : next;
}

/** Only this one type. */
export function soloType(productTypeId: number): ActiveTypes {
  return [productTypeId];
}

/** Filters are "off" when no text is typed and every type is shown. */
export function isUnfiltered(
  active: ActiveTypes,
  filterText: string,
  allTypeIds: readonly number[],
): boolean {
  if (filterText.trim() !== '') return false;
  return active === null || allTypeIds.every((id) => active.includes(id));
}

/**
 * What the list shows: the search results in order of relevance when there is text, else every
 * product in catalogue order, in both cases only of the active types.
 */
export function visibleProducts<T extends Typed>(
  products: readonly T[],
  searchResults: readonly T[] | null,
  active: ActiveTypes,
): T[] {
  return (searchResults ?? products).filter((p) => isTypeActive(active, p.productTypeId));
}
