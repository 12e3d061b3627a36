/**
 * The order this tab has just placed, so its order page can say it was received. Kept in sessionStorage (this
 * tab only, like the checkout draft): a reload still shows the confirmation, another tab or a later visit
 * through the lookup form does not.
 */
const PLACED_ORDER_KEY = 'placed-order';

export function rememberPlacedOrder(orderId: number): void {
  try {
    window.sessionStorage.setItem(PLACED_ORDER_KEY, String(orderId));
  } catch {
    // Storage refused (private mode, full): the order page simply shows no confirmation banner.
  }
}

export function wasJustPlaced(orderId: number): boolean {
  try {
    return window.sessionStorage.getItem(PLACED_ORDER_KEY) === String(orderId);
  } catch {
    return false;
  }
}
