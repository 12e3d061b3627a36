import { type AnyRouter, createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { goToStep, hideCart, initialCartState, setOrderDetails, setQuantity, showCart } from './cartState';
import { getCartState, resetCartStoreForTests, updateCart } from './cartStore';
import { checkoutEntryOf, connectCheckoutHistory, reachableStep } from './checkoutHistory';

const DETAILS = {
  firstName: 'Pat',
  lastName: 'Spruce',
  email: 'pat@example.com',
  confirmEmail: 'PAT@example.com ',
  phoneNumber: '555-222-3333',
};

const withLine = setQuantity(initialCartState(), 7, 2, 1);

describe('reachableStep', () => {
  it('needs something in the cart for the details and valid details for the confirmation', () => {
    expect(reachableStep(initialCartState(), 'details')).toBe('products');
    expect(reachableStep(withLine, 'details')).toBe('details');
    expect(reachableStep(withLine, 'confirm')).toBe('details');
    expect(reachableStep(setOrderDetails(withLine, DETAILS), 'confirm')).toBe('confirm');
    expect(reachableStep(setOrderDetails(withLine, { ...DETAILS, phoneNumber: ' ' }), 'confirm')).toBe(
      'details',
    );
    expect(reachableStep(initialCartState(), 'products')).toBe('products');
  });
});

describe('checkoutEntryOf', () => {
  it('reads only a well-formed entry', () => {
    expect(checkoutEntryOf({ checkout: { step: 'details', from: 3 } })).toEqual({ step: 'details', from: 3 });
    for (const state of [null, 'x', {}, { checkout: 'details' }, { checkout: { step: 'pay', from: 1 } }]) {
      expect(checkoutEntryOf(state)).toBeNull();
    }
    expect(checkoutEntryOf({ checkout: { step: 'details', from: 1.5 } })).toBeNull();
  });
});

describe('connectCheckoutHistory', () => {
  let disconnect: () => void = () => {};
  afterEach(() => {
    disconnect();
    resetCartStoreForTests(initialCartState());
  });

  function connect() {
    const history = createMemoryHistory({ initialEntries: ['/Products'] });
    const router = { history, subscribe: () => () => {} } as unknown as AnyRouter;
    disconnect = connectCheckoutHistory(router);
    const step = () => checkoutEntryOf(history.location.state)?.step ?? null;
    const index = () => history.location.state.__TSR_index;
    return { history, step, index };
  }

  it('pushes one entry per step and goes back to the page when the cart is closed', () => {
    resetCartStoreForTests(setOrderDetails(withLine, DETAILS));
    const { history, step, index } = connect();
    const page = index();
    updateCart((s) => showCart(s, null, 2));
    expect([step(), index()]).toEqual(['products', page + 1]);
    updateCart((s) => goToStep(s, 'details'));
    updateCart((s) => goToStep(s, 'confirm'));
    expect([step(), index()]).toEqual(['confirm', page + 3]);
    expect(history.location.pathname).toBe('/Products');

    history.back();
    expect(getCartState().step).toBe('details');
    history.back();
    expect(getCartState().step).toBe('products');
    history.forward();
    history.forward();
    expect(getCartState()).toMatchObject({ showingCart: true, step: 'confirm' });

    updateCart(hideCart);
    expect([step(), index()]).toEqual([null, page]);
    expect(getCartState().showingCart).toBe(false);
  });

  it('Back past the cart closes it; Forward opens it again', () => {
    resetCartStoreForTests(withLine);
    const { history, step } = connect();
    updateCart((s) => showCart(s, null, 2));
    history.back();
    expect(getCartState().showingCart).toBe(false);
    expect(step()).toBeNull();
    history.forward();
    expect(getCartState()).toMatchObject({ showingCart: true, step: 'products' });
  });

  it('Forward onto a confirmation whose details no longer pass lands on the details entry', () => {
    resetCartStoreForTests(setOrderDetails(withLine, DETAILS));
    const { history, step } = connect();
    updateCart((s) => showCart(s, null, 2));
    updateCart((s) => goToStep(s, 'details'));
    updateCart((s) => goToStep(s, 'confirm'));
    history.back();
    updateCart((s) => setOrderDetails(s, { email: '' }));
    history.forward();
    expect(step()).toBe('details');
    expect(getCartState().step).toBe('details');
    expect(getCartState().orderDetails.firstName).toBe('Pat');
  });
});
