import { ORDERING_CLOSED_CART_UPDATE } from '@nursery/domain';
import { useMemo } from 'react';
import { useStorefrontSettings } from '../lib/site';
import { LONG_WARNING_DURATION_MS, notify } from '../lib/toast';
import * as cart from './cartState';
import { getCartState, updateCart } from './cartStore';

/**
 * Cart changes as a visitor makes them. While online ordering is closed a change still goes
 * through, with the spec's 30-second warning that the order cannot be placed yet.
 */
export function useCartActions() {
  const { ordersAreClosed } = useStorefrontSettings();
  return useMemo(() => {
    const changed = (before: cart.CartState) => {
      if (ordersAreClosed && getCartState().cart !== before.cart) {
        notify.warning(ORDERING_CLOSED_CART_UPDATE, {
          duration: LONG_WARNING_DURATION_MS,
          id: 'ordering-closed-cart-update',
        });
      }
    };
    return {
      setQuantity(productId: number, quantity: number) {
        const before = getCartState();
        updateCart((s) => cart.setQuantity(s, productId, quantity, Date.now()));
        changed(before);
      },
      step(productId: number, delta: 1 | -1) {
        const before = getCartState();
        updateCart((s) => cart.stepQuantity(s, productId, delta, Date.now()));
        changed(before);
      },
      remove(productId: number) {
        const before = getCartState();
        updateCart((s) => cart.removeProduct(s, productId));
        changed(before);
      },
      show(productId: number | null = null) {
        updateCart((s) => cart.showCart(s, productId, Date.now()));
      },
      hide() {
        updateCart(cart.hideCart);
      },
      viewCart() {
        updateCart(cart.viewCart);
      },
    };
  }, [ordersAreClosed]);
}
