import { formatDateTime } from './display.ts';
import { formatMoney } from './money.ts';
import { type PaidMethod, paidMethodName } from './pickup.ts';

// What the counter does to an order, and how two phones that acted on one order while apart are settled. One
// rule, read by the server when an action arrives and by a phone that shows its waiting actions offline, so
// what the phone shows is what the server will record. No zod here: the counter screen's chunk reads it.

/** The rule as staff read it on the counter screen and in the docs. */
export const COUNTER_RULE =
  'Two phones on one order while offline: the first check-in stands, the first payment stands, and an undo takes back only the check-in or payment it was tapped on. Anything not recorded is listed on this screen with what happened.';

export const COUNTER_ACTION_KINDS = ['checkIn', 'undoCheckIn', 'recordPayment', 'clearPayment'] as const;
export type CounterActionKind = (typeof COUNTER_ACTION_KINDS)[number];

/**
 * One tap at the counter. `actionId` is made on the phone when the tap happens and travels with it, so a
 * resend is recognised. `undoes` and `replaces` name the check-in or payment the phone showed when the tap
 * happened (its `token`); left out, the action takes whatever is on the order now (a person looking at the
 * order as it is).
 */
export type CounterAction =
  | { kind: 'checkIn'; orderId: number; actionId: string }
  | { kind: 'undoCheckIn'; orderId: number; actionId: string; undoes?: string | undefined }
  | {
      kind: 'recordPayment';
      orderId: number;
      actionId: string;
      method: PaidMethod;
      cents: number;
      checkNumber: string | null;
      /** The payment shown when it was typed: null for none, left out for whatever is recorded now. */
      replaces?: string | null | undefined;
    }
  | { kind: 'clearPayment'; orderId: number; actionId: string; undoes?: string | undefined };

/** A check-in or payment as recorded: `token` names it (the action that made it). */
export interface CounterCheckIn {
  token: string;
  at: number;
  by: string | null;
}
export interface CounterPayment {
  token: string;
  method: PaidMethod;
  cents: number;
  checkNumber: string | null;
  at: number;
  by: string | null;
}

/** An order's check-in and payment, all the rule reads. */
export interface CounterOrderState {
  orderId: number;
  checkIn: CounterCheckIn | null;
  payment: CounterPayment | null;
}

/** Who acted and when: the staff member's name and the moment the action is recorded. */
export interface CounterActor {
  by: string | null;
  at: number;
}

/** What became of an action: applied (the order's new state), or not recorded, with a reason staff can read. */
export type CounterOutcome =
  | { applied: true; state: CounterOrderState }
  | { applied: false; conflict: string; state: CounterOrderState };

/**
 * The token a check-in or payment recorded before actions carried ids is known by: its time, which is unique
 * enough for one order (two taps in the same millisecond are one tap).
 */
export function recordedToken(at: number): string {
  return `at-${at}`;
}

const by = (name: string | null) => (name ? ` by ${name}` : '');

function paymentWords(p: { method: PaidMethod; cents: number; checkNumber: string | null }): string {
  const how = p.method === 'check' ? `check${p.checkNumber ? ` ${p.checkNumber}` : ''}` : 'cash';
  return `${formatMoney(p.cents)} by ${how}`;
}

/**
 * Settles one action against an order as it is: the counter's rule.
 * - The first check-in stands: a check-in of an order already picked up records nothing.
 * - An undo takes back only the check-in it was tapped on: if that check-in was already undone, or another
 *   phone's stands instead, it records nothing.
 * - The first payment stands: a payment typed over what the phone showed records only if that is still what
 *   the order has, so two phones never record one customer's money twice; a removal likewise takes back only
 *   the payment it was tapped on.
 */
export function settleCounterAction(
  order: CounterOrderState,
  action: CounterAction,
  actor: CounterActor,
  timeZone: string,
): CounterOutcome {
  const when = (at: number) => formatDateTime(at, timeZone);
  const no = (conflict: string): CounterOutcome => ({ applied: false, conflict, state: order });
  const n = order.orderId;
  switch (action.kind) {
    case 'checkIn': {
      const first = order.checkIn;
      if (first) {
        return no(
          `Order ${n} was already picked up ${when(first.at)}${by(first.by)}: that check-in stands, this one was not recorded.`,
        );
      }
      return {
        applied: true,
        state: { ...order, checkIn: { token: action.actionId, at: actor.at, by: actor.by } },
      };
    }
    case 'undoCheckIn': {
      const current = order.checkIn;
      if (!current) return no(`Order ${n} was already waiting: the undo of its check-in changed nothing.`);
      if (action.undoes !== undefined && action.undoes !== current.token) {
        return no(
          `Order ${n} is picked up ${when(current.at)}${by(current.by)}, a check-in made elsewhere: it stands, and the undo was not recorded.`,
        );
      }
      return { applied: true, state: { ...order, checkIn: null } };
    }
    case 'recordPayment': {
      const current = order.payment;
      const seen = action.replaces;
      if (seen !== undefined && current !== null && current.token !== seen) {
        return no(
          `Order ${n} already had ${paymentWords(current)} recorded ${when(current.at)}${by(current.by)}: that payment stands, ${paymentWords(action)} was not recorded. Check with the customer.`,
        );
      }
      if (seen !== undefined && seen !== null && current === null) {
        return no(
          `The payment for order ${n} was removed elsewhere meanwhile: ${paymentWords(action)} was not recorded. Record it again if it was paid.`,
        );
      }
      return {
        applied: true,
        state: {
          ...order,
          payment: {
            token: action.actionId,
            method: action.method,
            cents: action.cents,
            checkNumber: action.method === 'check' ? action.checkNumber : null,
            at: actor.at,
            by: actor.by,
          },
        },
      };
    }
    case 'clearPayment': {
      const current = order.payment;
      if (!current) return no(`Order ${n} had no payment recorded: the removal changed nothing.`);
      if (action.undoes !== undefined && action.undoes !== current.token) {
        return no(
          `Order ${n} has ${paymentWords(current)} recorded ${when(current.at)}${by(current.by)}, a payment made elsewhere: it stands, and the removal was not recorded.`,
        );
      }
      return { applied: true, state: { ...order, payment: null } };
    }
  }
}

/** An action in words, for the list of actions waiting on a phone: 'Mark order 12 picked up'. */
export function counterActionText(action: CounterAction): string {
  switch (action.kind) {
    case 'checkIn':
      return `Mark order ${action.orderId} picked up`;
    case 'undoCheckIn':
      return `Undo the check-in of order ${action.orderId}`;
    case 'recordPayment':
      return `Record ${formatMoney(action.cents)} ${paidMethodName(action.method).toLowerCase()} for order ${action.orderId}`;
    case 'clearPayment':
      return `Remove the payment of order ${action.orderId}`;
  }
}
