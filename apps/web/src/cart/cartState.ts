import { isValidCartQuantity } from '@nursery/domain';

/**
 * The cart and checkout as the spec's state machine: plain functions from state to state, so the
 * rules are tested without a browser and the store around them only persists and notifies.
 */

export interface CartEntry {
  productId: number;
  cartQuantity: number;
  /** When the product first went into the cart (ms): lines are listed in that order. */
  addedAt: number;
}

/** The spec's map keyed by productId, as kept in localStorage under 'user-cart'. */
export type Cart = Record<string, CartEntry>;

export type CheckoutStep = 'products' | 'details' | 'confirm';

export interface OrderDetailsDraft {
  firstName: string;
  lastName: string;
  email: string;
  confirmEmail: string;
  phoneNumber: string;
  workPhoneNumber: string;
  comments: string;
  /** The pick-up day chosen, as its number in text; '' for none (the shop may offer none). */
  pickUpDayId: string;
}

export interface CartState {
  cart: Cart;
  showingCart: boolean;
  featuredProductId: number | null;
  step: CheckoutStep;
  /** True while an order is being submitted: no step change, no closing, no second submit. */
  saving: boolean;
  orderDetails: OrderDetailsDraft;
  /** The Idempotency-Key of this checkout's order, made when the customer reaches Confirm. */
  checkoutKey: CheckoutKey | null;
}

/**
 * One checkout's Idempotency-Key and the order it was made for (the order's input as JSON): every submit of
 * that order sends it, so a Submit tapped again after a timeout gets the order placed, not a second one.
 */
export interface CheckoutKey {
  key: string;
  order: string;
}

export const EMPTY_ORDER_DETAILS: OrderDetailsDraft = {
  firstName: '',
  lastName: '',
  email: '',
  confirmEmail: '',
  phoneNumber: '',
  workPhoneNumber: '',
  comments: '',
  pickUpDayId: '',
};

export function initialCartState(
  cart: Cart = {},
  orderDetails: Partial<OrderDetailsDraft> = {},
  checkoutKey: CheckoutKey | null = null,
): CartState {
  return {
    cart,
    showingCart: false,
    featuredProductId: null,
    step: 'products',
    saving: false,
    orderDetails: { ...EMPTY_ORDER_DETAILS, ...orderDetails },
    checkoutKey,
  };
}

/**
 * The checkout's key for `order`: kept while the order is the same (a retry after a timeout, Back and Confirm
 * again, a reload), a new one for a changed order, which the server would refuse under the old key.
 */
export function keyCheckout(state: CartState, order: string, makeKey: () => string): CartState {
  if (state.checkoutKey?.order === order) return state;
  return { ...state, checkoutKey: { key: makeKey(), order } };
}

/** A checkout key kept in sessionStorage, or null for anything that is not one. */
export function parseStoredCheckoutKey(text: string | null): CheckoutKey | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { key, order } = value as Record<string, unknown>;
    return typeof key === 'string' && typeof order === 'string' && key.length > 0 ? { key, order } : null;
  } catch {
    return null;
  }
}

/** Opens the cart; featuring a product puts it in the cart with quantity 0 when it is not there yet. */
export function showCart(state: CartState, productId: number | null, now: number): CartState {
  let cart = state.cart;
  if (productId !== null && !cart[productId]) {
    cart = { ...cart, [productId]: { productId, cartQuantity: 0, addedAt: now } };
  }
  return { ...state, cart, showingCart: true, featuredProductId: productId, step: 'products' };
}

/** Closing forgets lines left at 0 and goes back to the products step; refused while saving. */
export function hideCart(state: CartState): CartState {
  if (state.saving) return state;
  const cart: Cart = {};
  for (const entry of Object.values(state.cart)) {
    if (entry.cartQuantity > 0) cart[entry.productId] = entry;
  }
  return { ...state, cart, showingCart: false, featuredProductId: null, step: 'products' };
}

/** Negative, fractional, non-numbers and values above the maximum are ignored, as the spec says. */
export function setQuantity(state: CartState, productId: number, quantity: number, now: number): CartState {
  if (!isValidCartQuantity(quantity)) return state;
  const existing = state.cart[productId];
  if (existing?.cartQuantity === quantity) return state;
  const entry: CartEntry = { productId, cartQuantity: quantity, addedAt: existing?.addedAt ?? now };
  return { ...state, cart: { ...state.cart, [productId]: entry } };
}

/** The minus and plus buttons: one step, never below 0. */
export function stepQuantity(state: CartState, productId: number, delta: 1 | -1, now: number): CartState {
  const current = state.cart[productId]?.cartQuantity ?? 0;
  return setQuantity(state, productId, Math.max(0, current + delta), now);
}

/** Removing the featured product closes the modal, since there is nothing left to feature. */
export function removeProduct(state: CartState, productId: number): CartState {
  if (!state.cart[productId]) return state;
  const { [productId]: _removed, ...cart } = state.cart;
  const next = { ...state, cart };
  return state.featuredProductId === productId ? hideCart(next) : next;
}

/** View Cart: the whole cart instead of the one featured product. */
export function viewCart(state: CartState): CartState {
  return { ...state, featuredProductId: null, step: 'products' };
}

export function goToStep(state: CartState, step: CheckoutStep): CartState {
  if (state.saving) return state;
  return { ...state, step };
}

export function setOrderDetails(state: CartState, patch: Partial<OrderDetailsDraft>): CartState {
  if (state.saving) return state;
  return { ...state, orderDetails: { ...state.orderDetails, ...patch } };
}

export function clearOrderDetails(state: CartState): CartState {
  if (state.saving) return state;
  return { ...state, orderDetails: { ...EMPTY_ORDER_DETAILS } };
}

export function startSaving(state: CartState): CartState {
  return { ...state, saving: true };
}

export function stopSaving(state: CartState): CartState {
  return { ...state, saving: false };
}

/**
 * After a placed order: the cart is empty, the modal closed and back on its first step, and the
 * details kept for next time without the order's comments.
 */
export function orderPlaced(state: CartState): CartState {
  return {
    ...state,
    cart: {},
    saving: false,
    showingCart: false,
    featuredProductId: null,
    step: 'products',
    // A pick-up day belongs to one order: the next one chooses its own.
    orderDetails: { ...state.orderDetails, comments: '', pickUpDayId: '' },
    checkoutKey: null,
  };
}

/** Lines in the order they were added. */
export function cartLines(cart: Cart): CartEntry[] {
  return Object.values(cart).sort((a, b) => a.addedAt - b.addedAt || a.productId - b.productId);
}

/** Whether the shop can still sell a product online; every line counts when the caller does not say. */
export type OrderableCheck = (productId: number) => boolean;
const ANY_PRODUCT: OrderableCheck = () => true;

export function totalQuantity(cart: Cart, orderable: OrderableCheck = ANY_PRODUCT): number {
  return Object.values(cart).reduce(
    (sum, e) => sum + (orderable(e.productId) ? Math.max(0, e.cartQuantity) : 0),
    0,
  );
}

/** What the navigation badge counts: products with a quantity in the cart. */
export function cartItemCount(cart: Cart): number {
  return Object.values(cart).filter((e) => e.cartQuantity > 0).length;
}

/**
 * The lines an order is placed with: every product with a quantity above 0 that can still be ordered.
 * A line that went Sold Out or left the list since it was added stays in the cart, marked, but is not
 * sent: the server would refuse the whole order for it.
 */
export function orderLinesOf(
  cart: Cart,
  orderable: OrderableCheck = ANY_PRODUCT,
): { productId: number; quantity: number }[] {
  return cartLines(cart)
    .filter((e) => e.cartQuantity > 0 && orderable(e.productId))
    .map((e) => ({ productId: e.productId, quantity: e.cartQuantity }));
}

/**
 * The object a browser's storage holds under a key, or null for nothing, text that is not JSON or JSON that is not
 * an object: what another version of the shop or a hand edit left there never breaks the page.
 */
function storedObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : null;
}

/** Reads a stored cart defensively: anything malformed is dropped rather than breaking the shop. */
export function parseStoredCart(text: string | null): Cart {
  const raw = storedObject(text);
  if (!raw) return {};
  const cart: Cart = {};
  for (const value of Object.values(raw)) {
    if (typeof value !== 'object' || value === null) continue;
    const { productId, cartQuantity, addedAt } = value as Record<string, unknown>;
    if (typeof productId !== 'number' || !Number.isInteger(productId) || productId <= 0) continue;
    if (!isValidCartQuantity(cartQuantity)) continue;
    cart[productId] = {
      productId,
      cartQuantity,
      addedAt: typeof addedAt === 'number' && Number.isFinite(addedAt) ? addedAt : 0,
    };
  }
  return cart;
}

const DETAIL_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'confirmEmail',
  'phoneNumber',
  'workPhoneNumber',
] as const satisfies readonly (keyof OrderDetailsDraft)[];

/** The last order's details as stored under 'order-details': no order lines, no comments, no pick-up day. */
export function storableOrderDetails(
  details: OrderDetailsDraft,
): Omit<OrderDetailsDraft, 'comments' | 'pickUpDayId'> {
  const out = {} as Omit<OrderDetailsDraft, 'comments' | 'pickUpDayId'>;
  for (const field of DETAIL_FIELDS) out[field] = details[field].trim();
  return out;
}

export function parseStoredOrderDetails(text: string | null): Partial<OrderDetailsDraft> {
  return parseDetailFields(text, DETAIL_FIELDS);
}

const FORM_FIELDS = [
  ...DETAIL_FIELDS,
  'comments',
  'pickUpDayId',
] as const satisfies readonly (keyof OrderDetailsDraft)[];

/**
 * The details form as typed, kept for this tab only so a reload mid-checkout does not lose it: the form's
 * own fields and nothing else (no cart lines, no step, no time). Null when there is nothing to keep.
 */
export function storableOrderDraft(details: OrderDetailsDraft): OrderDetailsDraft | null {
  return FORM_FIELDS.some((field) => details[field] !== '') ? { ...details } : null;
}

export function parseStoredOrderDraft(text: string | null): Partial<OrderDetailsDraft> {
  return parseDetailFields(text, FORM_FIELDS);
}

function parseDetailFields(
  text: string | null,
  fields: readonly (keyof OrderDetailsDraft)[],
): Partial<OrderDetailsDraft> {
  const raw = storedObject(text);
  if (!raw) return {};
  const out: Partial<OrderDetailsDraft> = {};
  for (const field of fields) {
    const value = raw[field];
    if (typeof value !== 'string') continue;
    if (field === 'pickUpDayId') {
      if (/^\d{1,9}$/.test(value)) out[field] = value;
      continue;
    }
    out[field] = value.slice(0, field === 'comments' ? 4000 : 254);
  }
  return out;
}
