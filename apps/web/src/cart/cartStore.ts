import { useSyncExternalStore } from 'react';
import {
  type CartState,
  cartItemCount,
  initialCartState,
  parseStoredCart,
  parseStoredCheckoutKey,
  parseStoredOrderDetails,
  parseStoredOrderDraft,
  storableOrderDetails,
  storableOrderDraft,
} from './cartState';

/** The spec's browser storage keys. */
export const CART_STORAGE_KEY = 'user-cart';
export const ORDER_DETAILS_STORAGE_KEY = 'order-details';
/**
 * The details form being typed, in sessionStorage: it outlives a reload (a phone's pull-to-refresh
 * mid-checkout) but not the tab, and is never shared with other tabs or left on a shared device.
 */
export const ORDER_DRAFT_STORAGE_KEY = 'order-details-draft';

/** The checkout's Idempotency-Key (cartState.ts CheckoutKey), beside the draft and for as long. */
export const CHECKOUT_KEY_STORAGE_KEY = 'checkout-key';

type Area = 'localStorage' | 'sessionStorage';

function read(key: string, area: Area = 'localStorage'): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null, area: Area = 'localStorage'): void {
  try {
    if (value === null) window[area].removeItem(key);
    else window[area].setItem(key, value);
  } catch {
    // Storage can be full or refused (private mode); the cart then lives for this visit only.
  }
}

const SERVER_STATE = initialCartState();

function loadState(): CartState {
  if (typeof window === 'undefined') return initialCartState();
  const cart = parseStoredCart(read(CART_STORAGE_KEY));
  // A draft only means something for the cart it was typed for; an empty cart drops a stale one.
  const draft =
    cartItemCount(cart) > 0 ? parseStoredOrderDraft(read(ORDER_DRAFT_STORAGE_KEY, 'sessionStorage')) : {};
  if (cartItemCount(cart) === 0) {
    write(ORDER_DRAFT_STORAGE_KEY, null, 'sessionStorage');
    write(CHECKOUT_KEY_STORAGE_KEY, null, 'sessionStorage');
  }
  // A reload after a Submit that timed out keeps the checkout's key, so the next Submit finds the order.
  const checkoutKey =
    cartItemCount(cart) > 0 ? parseStoredCheckoutKey(read(CHECKOUT_KEY_STORAGE_KEY, 'sessionStorage')) : null;
  return initialCartState(
    cart,
    {
      ...parseStoredOrderDetails(read(ORDER_DETAILS_STORAGE_KEY)),
      ...draft,
    },
    checkoutKey,
  );
}

/**
 * The one rule for the draft: kept while the cart has something in it, gone once it is empty (an order
 * placed empties it, and so does a customer removing every line), so typed details never outlive the
 * checkout they were typed for.
 */
function keepDraft(previous: CartState, next: CartState): void {
  const hasLines = cartItemCount(next.cart) > 0;
  const hadLines = cartItemCount(previous.cart) > 0;
  if (hasLines === hadLines && (!hasLines || next.orderDetails === previous.orderDetails)) return;
  const draft = hasLines ? storableOrderDraft(next.orderDetails) : null;
  write(ORDER_DRAFT_STORAGE_KEY, draft && JSON.stringify(draft), 'sessionStorage');
}

let state: CartState = loadState();
const listeners = new Set<() => void>();

export function getCartState(): CartState {
  return state;
}

/** Applies one of the pure transitions of cartState.ts, keeping the stored cart in step. */
export function updateCart(transition: (current: CartState) => CartState): CartState {
  const next = transition(state);
  if (next === state) return state;
  const previous = state;
  state = next;
  if (next.cart !== previous.cart) write(CART_STORAGE_KEY, JSON.stringify(state.cart));
  keepDraft(previous, next);
  if (next.checkoutKey !== previous.checkoutKey) {
    write(CHECKOUT_KEY_STORAGE_KEY, next.checkoutKey && JSON.stringify(next.checkoutKey), 'sessionStorage');
  }
  for (const listener of listeners) listener();
  return state;
}

/** Remembers the details of a placed order so the next checkout starts filled in. */
export function rememberOrderDetails(current: CartState): void {
  write(ORDER_DETAILS_STORAGE_KEY, JSON.stringify(storableOrderDetails(current.orderDetails)));
}

/** Hears every change of the cart state (also from other tabs). */
export function subscribeToCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Subscribes a component to part of the cart state. Select a stable value (a field, a number). */
export function useCartState<T>(select: (s: CartState) => T): T {
  return useSyncExternalStore(
    subscribeToCart,
    () => select(state),
    // The page the server wrote shows an empty cart: React adopts it as such, then shows this phone's cart.
    () => select(SERVER_STATE),
  );
}

// Another tab changed the cart: follow it, so two tabs never overwrite each other's lines.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    const previous = state;
    state = { ...state, cart: parseStoredCart(event.newValue) };
    keepDraft(previous, state);
    for (const listener of listeners) listener();
  });
}

/** Tests start from a known state. */
export function resetCartStoreForTests(next: CartState = loadState()): void {
  state = next;
  for (const listener of listeners) listener();
}
