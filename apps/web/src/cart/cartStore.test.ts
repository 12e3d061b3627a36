import { beforeEach, describe, expect, it } from 'vitest';
import { initialCartState, orderPlaced, removeProduct, setOrderDetails, setQuantity } from './cartState';
import {
  CART_STORAGE_KEY,
  getCartState,
  ORDER_DETAILS_STORAGE_KEY,
  ORDER_DRAFT_STORAGE_KEY,
  rememberOrderDetails,
  resetCartStoreForTests,
  updateCart,
} from './cartStore';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
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

describe('the details form kept for a reload', () => {
  const typed = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    confirmEmail: 'ada@example.com',
    phoneNumber: '555-0100',
    workPhoneNumber: '',
    comments: 'Saturday',
    // The pick-up day chosen survives a reload too.
    pickUpDayId: '2',
  };
  const draft = () => sessionStorage.getItem(ORDER_DRAFT_STORAGE_KEY);

  it('keeps exactly the form fields in sessionStorage, never in localStorage', () => {
    updateCart((s) => setQuantity(s, 12, 2, 1000));
    updateCart((s) => setOrderDetails(s, typed));
    expect(JSON.parse(draft() ?? '')).toEqual(typed);
    expect(Object.values(localStorage).join()).not.toContain('Saturday');
    expect(localStorage.getItem(ORDER_DETAILS_STORAGE_KEY)).toBeNull();
  });

  it("restores the draft over the last order's details when the page loads again", () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ 12: { productId: 12, cartQuantity: 2, addedAt: 1 } }),
    );
    localStorage.setItem(ORDER_DETAILS_STORAGE_KEY, JSON.stringify({ firstName: 'Old', lastName: 'Name' }));
    sessionStorage.setItem(ORDER_DRAFT_STORAGE_KEY, JSON.stringify({ ...typed, lastName: '', extra: 'x' }));
    resetCartStoreForTests();
    expect(getCartState().orderDetails).toEqual({ ...typed, lastName: '' });
  });

  it('drops the draft once the order is placed', () => {
    updateCart((s) => setQuantity(s, 12, 2, 1000));
    updateCart((s) => setOrderDetails(s, typed));
    updateCart(orderPlaced);
    expect(draft()).toBeNull();
  });

  it('drops the draft when the customer empties the cart, and ignores a stale one on load', () => {
    updateCart((s) => setQuantity(s, 12, 2, 1000));
    updateCart((s) => setOrderDetails(s, typed));
    updateCart((s) => removeProduct(s, 12));
    expect(draft()).toBeNull();

    sessionStorage.setItem(ORDER_DRAFT_STORAGE_KEY, JSON.stringify(typed));
    resetCartStoreForTests();
    expect(getCartState().orderDetails.firstName).toBe('');
    expect(draft()).toBeNull();
  });

  it('removes the draft when every field is cleared', () => {
    updateCart((s) => setQuantity(s, 12, 2, 1000));
    updateCart((s) => setOrderDetails(s, { firstName: 'Ada' }));
    updateCart((s) => setOrderDetails(s, { firstName: '' }));
    expect(draft()).toBeNull();
  });
});
