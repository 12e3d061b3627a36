import { validateOrderDetails } from '@nursery/domain';
import type { AnyRouter, ParsedLocation, RouterHistory } from '@tanstack/react-router';
import {
  type CartState,
  type CheckoutStep,
  goToStep,
  hideCart,
  orderLinesOf,
  showCart,
  totalQuantity,
} from './cartState';
import { getCartState, subscribeToCart, updateCart } from './cartStore';

/**
 * The open checkout lives in the browser history, so a phone's Back button steps back inside the cart
 * (confirm -> details -> cart -> closed, on the same page) and Forward steps on again. Each step is one
 * entry on the page's own address, pushed above the entry the cart was opened from:
 *
 *   page (from) | cart (from + 1) | details (from + 2) | confirm (from + 3)
 *
 * The cart store stays the one source of what is shown; this module keeps the two in step. Closing the
 * cart any other way (its ×, Escape, Close, an order placed) goes back to the page's entry instead of
 * pushing one, so Back never reopens a cart that was closed.
 */

const STEPS: readonly CheckoutStep[] = ['products', 'details', 'confirm'];

/** What a checkout entry carries in history.state; `from` is the index of the page's entry. */
export interface CheckoutEntry {
  step: CheckoutStep;
  from: number;
}

const ENTRY_KEY = 'checkout';

export function checkoutEntryOf(state: unknown): CheckoutEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const entry = (state as Record<string, unknown>)[ENTRY_KEY];
  if (typeof entry !== 'object' || entry === null) return null;
  const { step, from } = entry as Record<string, unknown>;
  if (!STEPS.includes(step as CheckoutStep) || typeof from !== 'number' || !Number.isInteger(from))
    return null;
  return { step: step as CheckoutStep, from };
}

/** How many entries above the page a step sits; 0 is the page with the cart closed. */
function depthOf(step: CheckoutStep | null): number {
  return step === null ? 0 : STEPS.indexOf(step) + 1;
}

/**
 * The furthest step up to `wanted` the cart can show now. Forward onto a step must not skip its checks:
 * the details need something in the cart, the confirmation needs details that pass validation (the
 * customer may have gone back and cleared a field, or reloaded the page).
 */
export function reachableStep(state: CartState, wanted: CheckoutStep): CheckoutStep {
  if (wanted === 'products') return wanted;
  if (totalQuantity(state.cart) <= 0) return 'products';
  if (wanted === 'details') return wanted;
  const d = state.orderDetails;
  const problems = validateOrderDetails({
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    confirmEmail: d.confirmEmail,
    phoneNumber: d.phoneNumber,
    orderProductXrefs: orderLinesOf(state.cart),
  });
  return problems.length === 0 ? 'confirm' : 'details';
}

let connected: RouterHistory | null = null;
let waiting: (() => void)[] = [];

/** Resolves once history is back on a page entry (no checkout step), e.g. before leaving for the order page. */
export function checkoutHistoryLeft(): Promise<void> {
  if (!connected || checkoutEntryOf(connected.location.state) === null) return Promise.resolve();
  return new Promise((resolve) => {
    // A traversal the browser ignores sends no popstate: never hold the customer back for it.
    const timer = window.setTimeout(finish, 1000);
    function finish() {
      window.clearTimeout(timer);
      waiting = waiting.filter((w) => w !== finish);
      resolve();
    }
    waiting.push(finish);
  });
}

/** Keeps the cart store and the history in step until the returned function is called. */
export function connectCheckoutHistory(router: AnyRouter): () => void {
  const history: RouterHistory = router.history;
  connected = history;
  let applying = false;
  let pushing = false;
  const apply = (transition: (s: CartState) => CartState) => {
    applying = true;
    try {
      updateCart(transition);
    } finally {
      applying = false;
    }
  };
  const entry = () => checkoutEntryOf(history.location.state);
  const index = () => history.location.state.__TSR_index;

  /** History moved (Back, Forward, a link): the cart follows it. */
  const follow = () => {
    const at = entry();
    const cart = getCartState();
    if (at === null) {
      for (const done of waiting) done();
    }
    // Nothing interrupts an order being sent: history goes back to the confirmation.
    if (cart.saving) {
      const back = depthOf(cart.showingCart ? cart.step : null) - depthOf(at?.step ?? null);
      if (back !== 0) history.go(back);
      return;
    }
    if (at === null) {
      if (cart.showingCart) apply(hideCart);
      return;
    }
    const step = reachableStep(cart, at.step);
    if (step !== at.step) {
      // Stepping onto a step whose checks fail lands on the last one that passes, as the buttons would.
      history.go(depthOf(step) - depthOf(at.step));
      return;
    }
    if (cart.showingCart && cart.step === step) return;
    apply((s) => goToStep(s.showingCart ? s : showCart(s, null, Date.now()), step));
  };

  /** The cart opened, stepped or closed by its own buttons: history follows it. */
  let seen = { showing: getCartState().showingCart, step: getCartState().step };
  const lead = () => {
    const cart = getCartState();
    const was = seen;
    seen = { showing: cart.showingCart, step: cart.step };
    if (applying || (was.showing === seen.showing && was.step === seen.step)) return;
    const at = entry();
    const from = at ? at.from : index();
    const depth = index() - from;
    const wanted = depthOf(cart.showingCart ? cart.step : null);
    if (wanted < depth) {
      history.go(wanted - depth);
      return;
    }
    pushing = true;
    try {
      for (let d = depth + 1; d <= wanted; d++) {
        history.push(history.location.href, { [ENTRY_KEY]: { step: STEPS[d - 1], from } });
      }
    } finally {
      pushing = false;
    }
  };

  // The router scrolls to the top on every history change; the page under the cart must stay where the
  // customer left it. Its position is taken as the cart opens and put back after each checkout step.
  let pageScroll: { x: number; y: number } | null = null;
  const sameCheckoutPage = (from: ParsedLocation | undefined, to: ParsedLocation) =>
    from !== undefined &&
    from.pathname === to.pathname &&
    (checkoutEntryOf(from.state) !== null || checkoutEntryOf(to.state) !== null);
  const stopSnapshot = router.subscribe('onBeforeLoad', (event) => {
    if (!sameCheckoutPage(event.fromLocation, event.toLocation)) pageScroll = null;
    else if (pageScroll === null && checkoutEntryOf(event.fromLocation?.state) === null) {
      pageScroll = { x: window.scrollX, y: window.scrollY };
    }
  });
  const stopRestore = router.subscribe('onRendered', (event) => {
    if (pageScroll === null || !sameCheckoutPage(event.fromLocation, event.toLocation)) return;
    window.scrollTo(pageScroll.x, pageScroll.y);
    if (checkoutEntryOf(event.toLocation.state) === null) pageScroll = null;
  });

  const stopFollowing = history.subscribe(() => {
    if (!pushing) follow();
  });
  const stopLeading = subscribeToCart(lead);
  // A reload keeps the history entry: open the cart on the step it was on.
  if (entry() !== null) follow();
  return () => {
    stopFollowing();
    stopLeading();
    stopSnapshot();
    stopRestore();
    if (connected === history) connected = null;
  };
}
