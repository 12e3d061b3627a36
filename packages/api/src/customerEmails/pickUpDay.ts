import type { Shop } from '../shop.ts';

/**
 * The order's pick-up day as its e-mails say it, '' when it has none. Pick-up days (issue 14, engineer day14)
 * are not on main yet: until they are, no order has one and the e-mails leave their pick-up line out.
 */
export function pickUpDayText(_shop: Shop, _orderId: number): string {
  return '';
}
