import { useSyncExternalStore } from 'react';
import {
  type CartState,
  initialCartState,
  parseStoredCart,
  parseStoredOrderDetails,
  storableOrderDetails,
} from './cartState';

/** The spec's browser storage keys. */
export const CART_STORAGE_KEY = 'user-cart';
export const ORDER_DETAILS_STORAGE_KEY = 'order-details';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be full or refused (private mode); the cart then lives for this visit only.
  }
}

function loadState(): CartState {
  if (typeof window === 'undefined') return initialCartState();
  return initialCartState(
    parseStoredCart(read(CART_STORAGE_KEY)),
    parseStoredOrderDetails(read(ORDER_DETAILS_STORAGE_KEY)),
  );
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
  const cartChanged = next.cart !== state.cart;
  state = next;
  if (cartChanged) write(CART_STORAGE_KEY, JSON.stringify(state.cart));
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
    () => select(state),
  );
}

// Another tab changed the cart: follow it, so two tabs never overwrite each other's lines.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    const cart = parseStoredCart(event.newValue);
    state = { ...state, cart };
    for (const listener of listeners) listener();
  });
}

/** Tests start from a known state. */
export function resetCartStoreForTests(next: CartState = loadState()): void {
  state = next;
  for (const listener of listeners) listener();
}
