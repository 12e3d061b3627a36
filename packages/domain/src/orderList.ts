// The admin Orders list's sorts and filters, without zod: the web app's router reads them in its entry chunk.

/** The columns the admin Orders list sorts by, as the screen names them. */
export const ORDER_LIST_SORTS = [
  'orderId',
  'createdTimestamp',
  'name',
  'email',
  'phoneNumber',
  'numItems',
  'totalQuantity',
  'totalPrice',
  'isTaxExempt',
  'pickedUpTimestamp',
  'pickUpDate',
] as const;
export type OrderListSort = (typeof ORDER_LIST_SORTS)[number];
export const ORDER_TAX_FILTERS = ['all', 'exempt', 'taxed'] as const;
export type OrderTaxFilter = (typeof ORDER_TAX_FILTERS)[number];
export const ORDER_FILTER_MAX = 200;
