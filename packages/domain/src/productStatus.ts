export const ProductStatus = {
  Inactive: 1,
  Active: 2,
  SoldOut: 3,
  Deleted: 4,
  SpecialOrder: 5,
  CallForAvailability: 6,
  Nursery: 7,
} as const;

export type ProductStatusId = (typeof ProductStatus)[keyof typeof ProductStatus];

export type ProductStatusStyle = 'danger' | 'primary' | 'warning' | 'info' | 'success' | 'secondary';

const NAMES: Record<ProductStatusId, string> = {
  1: 'Inactive',
  2: 'Active',
  3: 'Sold Out',
  4: 'Deleted',
  5: 'Special Order',
  6: 'Call for Availability',
  7: 'Nursery',
};

// The spec gives no colour for Deleted; it is never shown in the dropdown, so a neutral one suffices.
const STYLES: Record<ProductStatusId, ProductStatusStyle> = {
  1: 'danger',
  2: 'primary',
  3: 'warning',
  4: 'secondary',
  5: 'info',
  6: 'info',
  7: 'success',
};

export function isProductStatusId(n: unknown): n is ProductStatusId {
  return typeof n === 'number' && Object.hasOwn(NAMES, n);
}

export function productStatusName(id: number): string {
  return isProductStatusId(id) ? NAMES[id] : '';
}

export function productStatusStyle(id: number): ProductStatusStyle {
  return isProductStatusId(id) ? STYLES[id] : 'secondary';
}

/** Statuses GetProductsToShow returns (DECISIONS: never Inactive, Deleted or Special Order). */
export const STOREFRONT_STATUSES: readonly ProductStatusId[] = [
  ProductStatus.Active,
  ProductStatus.SoldOut,
  ProductStatus.CallForAvailability,
  ProductStatus.Nursery,
];

/** Only these can be put on an order placed online (DECISIONS). */
export const ORDERABLE_STATUSES: readonly ProductStatusId[] = [ProductStatus.Active, ProductStatus.Nursery];

/** Deleted is reached only through the soft delete, never through the status dropdown. */
export const ADMIN_SELECTABLE_STATUSES: readonly ProductStatusId[] = [
  ProductStatus.Inactive,
  ProductStatus.Active,
  ProductStatus.SoldOut,
  ProductStatus.SpecialOrder,
  ProductStatus.CallForAvailability,
  ProductStatus.Nursery,
];

export function isShownOnStorefront(status: number): boolean {
  return (STOREFRONT_STATUSES as readonly number[]).includes(status);
}

export function isOrderableOnline(status: number): boolean {
  return (ORDERABLE_STATUSES as readonly number[]).includes(status);
}

/** A customer may leave an e-mail to hear when a product in these statuses is back (the storefront's waitlist). */
export const WAITLIST_STATUSES: readonly ProductStatusId[] = [
  ProductStatus.SoldOut,
  ProductStatus.CallForAvailability,
];

export function hasWaitlist(status: number): boolean {
  return (WAITLIST_STATUSES as readonly number[]).includes(status);
}
