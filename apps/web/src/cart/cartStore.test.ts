import { beforeEach, describe, expect, it } from 'vitest';
import { initialCartState, setOrderDetails, setQuantity } from './cartState';
import {
  CART_STORAGE_KEY,
  getCartState,
  ORDER_DETAILS_STORAGE_KEY,
  rememberOrderDetails,
  resetCartStoreForTests,
  updateCart,
} from './cartStore';

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests(initialCartState());
});

describe('the cart kept in the browser', () => {
  it("writes every cart change under 'user-cart' as the spec's map", () => {
    updateCart((s) => setQuantity(s, 12, 4, 1000));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '')).toEqual({
      12: { productId: 12, cartQuantity: 4, addedAt: 1000 },
    });
  });

  it('does not rewrite storage when only the modal state changes', () => {
    updateCart((s) => setOrderDetails(s, { firstName: 'Ada' }));
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("remembers the last order's details under 'order-details', without comments", () => {
    updateCart((s) => setOrderDetails(s, { firstName: 'Ada', comments: 'Saturday' }));
    rememberOrderDetails(getCartState());
    const stored = JSON.parse(localStorage.getItem(ORDER_DETAILS_STORAGE_KEY) ?? '');
    expect(stored.firstName).toBe('Ada');
    expect(stored).not.toHaveProperty('comments');
  });
});
