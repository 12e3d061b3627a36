import {
  type AdminOrder,
  type CounterAction,
  type CounterActionSent,
  type CounterOrder,
  type CounterOrderState,
  formatDateTime,
  formatMoney,
  type OrderPickupFilter,
  phoneDigits,
  recordedToken,
  settleCounterAction,
  toCents,
  toDollars,
} from '@nursery/domain';

// The desk's day as this phone shows it: the orders kept from the server with the taps still waiting on the
// phone played over them by the counter's own rule (so what is shown is what the server will record), and
// the desk's search and tabs over that, since offline there is no server to ask.

/** An order on the desk: as the server last answered, with this phone's waiting taps applied. */
export interface DeskOrder extends CounterOrder {
  /** How many taps on it wait on this phone. */
  waiting: number;
}

/** A tap as the rule reads it (cents, not dollars). */
export function asCounterAction(action: CounterActionSent): CounterAction {
  if (action.kind !== 'recordPayment') return action;
  return {
    kind: 'recordPayment',
    orderId: action.orderId,
    actionId: action.actionId,
    method: action.method,
    cents: toCents(action.amount),
    checkNumber: action.method === 'check' ? (action.checkNumber ?? null) : null,
    replaces: action.replaces,
  };
}

function stateOf(entry: CounterOrder): CounterOrderState {
  const { order } = entry;
  const pickedUpAt = order.pickedUpTimestamp === null ? null : Date.parse(order.pickedUpTimestamp);
  const paidAt = order.paidTimestamp === null ? 0 : Date.parse(order.paidTimestamp);
  return {
    orderId: order.orderId,
    checkIn:
      pickedUpAt === null
        ? null
        : {
            token: entry.checkInToken ?? recordedToken(pickedUpAt),
            at: pickedUpAt,
            by: order.pickedUpUsername,
          },
    payment:
      order.paidMethod === null
        ? null
        : {
            token: entry.paymentToken ?? recordedToken(paidAt),
            method: order.paidMethod,
            cents: toCents(order.paid ?? 0),
            checkNumber: order.paidCheckNumber,
            at: paidAt,
            by: order.paidUsername,
          },
  };
}

function withState(order: AdminOrder, state: CounterOrderState, timeZone: string): AdminOrder {
  const { checkIn, payment } = state;
  const iso = (at: number) => new Date(at).toISOString();
  return {
    ...order,
    pickedUpTimestamp: checkIn ? iso(checkIn.at) : null,
    displayPickedUpTimestamp: checkIn ? formatDateTime(checkIn.at, timeZone) : null,
    pickedUpUsername: checkIn?.by ?? null,
    paidMethod: payment?.method ?? null,
    paid: payment ? toDollars(payment.cents) : null,
    displayPaid: payment ? formatMoney(payment.cents) : null,
    paidTimestamp: payment ? iso(payment.at) : null,
    displayPaidTimestamp: payment ? formatDateTime(payment.at, timeZone) : null,
    paidUsername: payment?.by ?? null,
    paidCheckNumber: payment?.checkNumber ?? null,
  };
}

/** The day's orders with the waiting taps played over them, in the order they were made. */
export function withWaitingTaps(
  orders: CounterOrder[],
  queue: { action: CounterActionSent; tappedAt: number; by: string }[],
  timeZone: string,
): DeskOrder[] {
  return orders.map((entry) => {
    const taps = queue.filter((t) => t.action.orderId === entry.order.orderId);
    if (taps.length === 0) return { ...entry, waiting: 0 };
    let state = stateOf(entry);
    for (const t of taps) {
      state = settleCounterAction(
        state,
        asCounterAction(t.action),
        { by: t.by, at: t.tappedAt },
        timeZone,
      ).state;
    }
    return {
      order: withState(entry.order, state, timeZone),
      checkInToken: state.checkIn?.token ?? null,
      paymentToken: state.payment?.token ?? null,
      waiting: taps.length,
    };
  });
}

/** The order a scanned QR code names: its address, /Order/{id}/{phone}, read by a scanner into the box. */
export function scannedOrderId(text: string): number | null {
  const found = /\/Order\/(\d{1,9})(?:[/?#]|$)/i.exec(text.trim());
  return found ? Number(found[1]) : null;
}

/**
 * Whether an order is found by what was typed, as the server's search finds it: every word in the order
 * number, name, e-mail or phone; or three digits or more anywhere in the phone's digits; or a scanned code.
 */
export function deskMatches(order: AdminOrder, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const scanned = scannedOrderId(needle);
  if (scanned !== null) return order.orderId === scanned;
  const fields = [String(order.orderId), order.name, order.email, order.phoneNumber].map((f) =>
    f.toLowerCase(),
  );
  if (needle.split(/\s+/).every((word) => fields.some((f) => f.includes(word)))) return true;
  const digits = needle.replace(/\D/g, '');
  return digits.length >= 3 && phoneDigits(order.phoneNumber).includes(digits);
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

/** The desk's list: the tab's orders that the search finds, by name (picked up: the latest first). */
export function deskList(orders: DeskOrder[], show: OrderPickupFilter, text: string): DeskOrder[] {
  const shown = orders.filter(
    (o) =>
      (show === 'all' || (show === 'waiting') === (o.order.pickedUpTimestamp === null)) &&
      deskMatches(o.order, text),
  );
  return shown.sort((a, b) =>
    show === 'pickedUp'
      ? (b.order.pickedUpTimestamp ?? '').localeCompare(a.order.pickedUpTimestamp ?? '') ||
        b.order.orderId - a.order.orderId
      : collator.compare(a.order.name, b.order.name) || a.order.orderId - b.order.orderId,
  );
}
