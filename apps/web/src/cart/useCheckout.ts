import {
  checkoutGate,
  isPickUpDayRefusal,
  ORDERING_CLOSED_CHECKOUT,
  pickUpDayChoiceProblem,
} from '@nursery/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useRef, useState } from 'react';
import { publicKeyedMutation, publicPathKey, publicQueryKey } from '../lib/publicApi';
import { useSingleFlight } from '../lib/singleFlight';
import { clearToasts, dismissToast, notify, PERSISTENT, showApiFailure } from '../lib/toast';
import { rememberPlacedOrder } from '../storefront/placedOrder';
import {
  goToStep,
  keyCheckout,
  type OrderableCheck,
  type OrderDetailsDraft,
  orderPlaced,
  startSaving,
  stopSaving,
} from './cartState';
import { getCartState, rememberOrderDetails, updateCart } from './cartStore';
import { invalidOrderFields, orderDetailsMessages, orderInput } from './checkout';
import { checkoutHistoryLeft } from './checkoutHistory';
import type { OpenPickUpDay } from './PickUpDayChoice';

const VALIDATION_TOAST_ID = 'order-validation';

/** Said at Submit Order when the phone has no network: nothing is kept to send later (docs/decisions.md, Offline). */
export const CHECKOUT_NEEDS_CONNECTION =
  'Placing an order needs a connection, and this phone has none right now. Your cart is kept: submit again once you are back online.';
const GATE_TOAST_ID = 'checkout-gate';

/**
 * The checkout gate's one message on screen, each message under its own id: reusing one id for the next
 * message (the empty cart, then ordering closed) could land it on the toast react-hot-toast was still removing
 * after its time ran out, and the new message went with it.
 */
let gateShown: string | null = null;

function showGate(text: string, options: { duration?: number }): void {
  const id = `${GATE_TOAST_ID}:${text}`;
  if (gateShown !== null && gateShown !== id) dismissToast(gateShown);
  gateShown = id;
  notify.warning(text, { ...options, id });
}

function hideGate(): void {
  if (gateShown !== null) dismissToast(gateShown);
  gateShown = null;
}
/** A new checkout's Idempotency-Key: random, and unguessable, as only this browser should hold it. */
function newCheckoutKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a shop tried over plain http on its own network has none.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** The spec's mobile size class: below 480 px. */
const PHONE_WIDTH = '(max-width: 479.98px)';

/**
 * The checkout's steps forward: from the cart to the details (unless ordering is closed or the cart is
 * empty), from the details to the confirmation (once they are valid), and placing the order once.
 */
export function useCheckout({
  quantity,
  ordersAreClosed,
  orderable,
  pickUpDays,
  refreshPickUpDays,
}: {
  quantity: number;
  ordersAreClosed: boolean;
  orderable: OrderableCheck;
  /** The days offered, once loaded; until then the server alone checks the choice. */
  pickUpDays: readonly OpenPickUpDay[] | undefined;
  refreshPickUpDays: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submit = useMutation(publicKeyedMutation('orders.submit'));
  const once = useSingleFlight();
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<keyof OrderDetailsDraft>>(new Set());
  // The server refused the chosen day at Confirm (its last place went, or it closed meanwhile): the message
  // stands beside the day list, not in a toast over the form, and the keyboard goes to the list, not to the
  // first name (CartModal reads `focusDayList` once, as the details step opens).
  const [dayRefusal, setDayRefusal] = useState<string | null>(null);
  const focusDayList = useRef(false);

  const checkout = () => {
    const blocked = checkoutGate({ totalQuantity: quantity, ordersAreClosed });
    if (blocked) {
      showGate(blocked, blocked === ORDERING_CLOSED_CHECKOUT ? { duration: PERSISTENT } : {});
      return;
    }
    hideGate();
    updateCart((s) => goToStep(s, 'details'));
  };

  // The details step's messages when they are shown in the form itself (on a phone, see validate).
  const [detailsErrors, setDetailsErrors] = useState<readonly string[]>([]);

  /**
   * Every message at once in one notification; nothing advances while any remains. On a phone (below the spec's
   * 480 px) the details step shows that notification at the top of its form instead of as a toast: the toast,
   * top right over a full-width dialog, covered the first name field it was asking for.
   */
  const validate = (onDetailsStep: boolean): boolean => {
    const current = getCartState();
    const input = orderInput(current.orderDetails, current.cart, orderable);
    const dayProblem = pickUpDays ? pickUpDayChoiceProblem(pickUpDays, input.pickUpDayId ?? null) : null;
    const errors = [...orderDetailsMessages(input), ...(dayProblem ? [dayProblem] : [])];
    const invalid = invalidOrderFields(input);
    if (dayProblem) invalid.add('pickUpDayId');
    setInvalidFields(errors.length > 0 ? invalid : new Set());
    const inForm = onDetailsStep && errors.length > 0 && window.matchMedia?.(PHONE_WIDTH).matches === true;
    setDetailsErrors(inForm ? errors : []);
    if (errors.length > 0 && !inForm) {
      notify.error(errors.join('\n'), { id: VALIDATION_TOAST_ID });
      return false;
    }
    dismissToast(VALIDATION_TOAST_ID);
    return errors.length === 0;
  };

  const toConfirmation = (event?: FormEvent) => {
    event?.preventDefault();
    setDayRefusal(null);
    if (validate(true)) {
      const current = getCartState();
      const order = JSON.stringify(orderInput(current.orderDetails, current.cart, orderable));
      // The checkout's key is made here, once per order (kept for the same order: Back and Confirm again).
      updateCart((s) => keyCheckout(goToStep(s, 'confirm'), order, newCheckoutKey));
      return;
    }
    // The keyboard goes to the first field to put right (the form's fields are in the messages' order).
    const current = getCartState();
    const input = orderInput(current.orderDetails, current.cart, orderable);
    const [first] = invalidOrderFields(input);
    const dayProblem = pickUpDays ? pickUpDayChoiceProblem(pickUpDays, input.pickUpDayId ?? null) : null;
    const target = first ?? (dayProblem ? 'pickUpDayId' : undefined);
    if (target) document.getElementById(`order-${target}`)?.focus();
  };

  const placeOrder = () => {
    if (getCartState().saving) return;
    once(async () => {
      if (!validate(false)) return;
      if (!navigator.onLine) {
        notify.error(CHECKOUT_NEEDS_CONNECTION, { id: VALIDATION_TOAST_ID });
        return;
      }
      updateCart(startSaving);
      const current = getCartState();
      const input = orderInput(current.orderDetails, current.cart, orderable);
      // Every Submit of this order sends the key made at Confirm: the retry after a timeout finds the order.
      const keyed = updateCart((s) => keyCheckout(s, JSON.stringify(input), newCheckoutKey)).checkoutKey;
      try {
        if (!keyed) throw new Error('the checkout has no key');
        const answer = await submit.mutateAsync({ input, idempotencyKey: keyed.key });
        rememberOrderDetails(getCartState());
        // The order page then says it was received (this tab only).
        rememberPlacedOrder(answer.orderId);
        updateCart(orderPlaced);
        clearToasts();
        queryClient.setQueryData(
          // The same input the order view will ask with, so it opens from this answer without a request.
          publicQueryKey('orders.byId', { orderId: String(answer.orderId), phoneNumber: answer.phoneNumber }),
          answer.order,
        );
        // Stock and sold-out states may have changed with this order.
        void queryClient.invalidateQueries({ queryKey: publicPathKey('catalog.productsToShow') });
        // The checkout's history entries go first, so Back from the order page returns to the shop, not to a
        // confirmation of an order already placed.
        await checkoutHistoryLeft();
        await navigate({
          to: '/Order/$orderId/{-$phoneNumber}',
          params: { orderId: String(answer.orderId), phoneNumber: answer.phoneNumber },
        });
      } catch (error) {
        updateCart(stopSaving);
        // Someone else took the day's last place meanwhile (or the days had not loaded, or staff changed them):
        // back to the details with the days as they are now.
        const message = error instanceof Error ? error.message : '';
        if (isPickUpDayRefusal(message)) {
          setDayRefusal(message);
          setInvalidFields(new Set(['pickUpDayId']));
          focusDayList.current = true;
          refreshPickUpDays();
          updateCart((s) => goToStep(s, 'details'));
        } else showApiFailure(error);
        // A refusal often means a product sold out meanwhile: the fresh list marks that line in the cart.
        void queryClient.invalidateQueries({ queryKey: publicPathKey('catalog.productsToShow') });
      }
    });
  };

  const clearInvalidFields = () => setInvalidFields(new Set());

  return {
    checkout,
    toConfirmation,
    placeOrder,
    invalidFields,
    clearInvalidFields,
    detailsErrors,
    dayRefusal,
    clearDayRefusal: () => setDayRefusal(null),
    focusDayList,
  };
}
