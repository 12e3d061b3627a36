import {
  PAID_METHODS,
  type PaidMethod,
  paidMethodName,
  recordPaymentInputSchema,
  typedDollars,
  withFieldLabels,
} from '@nursery/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { confirm } from '../../../../components/ConfirmDialog';
import { dismissToast, notify, type ToastOptions } from '../../../../lib/toast';
import type { AdminOrder } from '../orders/types';
import { newActionId, type TapResult, tap, whenSent } from './counterQueue';
import { paymentText, pickupStatusText } from './pickupText';
import './pickup.css';

/** The payment form's labels, for messages that name a field as the API does (amount, checkNumber). */
const PAYMENT_LABELS = { amount: 'Amount', checkNumber: 'Check number', method: 'Paid by' };
const PAYMENT_FAILURE = 'payment-failure';

/** Long enough to read the toast and reach its Undo at the counter. */
const UNDO_DURATION_MS = 10_000;

/**
 * The payment form as the order stands: the payment recorded, or cash for what is owed, in dollars as typed
 * ('31.65').
 */
function paymentFormOf(order: AdminOrder): { method: PaidMethod; amount: string; checkNumber: string } {
  return {
    method: order.paidMethod ?? 'cash',
    amount: (order.paid ?? order.total).toFixed(2),
    checkNumber: order.paidCheckNumber ?? '',
  };
}

/** What names the check-in and payment shown, so an undo or a new payment acts on exactly those. */
export interface CounterTokens {
  checkInToken: string | null;
  paymentToken: string | null;
}

/**
 * The counter's actions on one order: mark it picked up (or undo a mistaken check-in) and record what was paid.
 * Used by the pick-up desk (/Admin/Pickup) and by the order page a staff phone opens from the order's QR code.
 * Every tap goes through the counter's queue (counterQueue.ts): sent at once with the network, kept on the
 * phone and sent later without it. `tokens` make an undo or payment act only on what was shown; without them
 * they act on what the server has. `onChanged` hears the order as the server answered it, recorded or not.
 */
export function CheckInPanel({
  order,
  tokens,
  onChanged,
}: {
  order: AdminOrder;
  tokens?: CounterTokens | undefined;
  onChanged?: (order: AdminOrder) => void;
}) {
  const ids = useId();
  const [method, setMethod] = useState<PaidMethod>(() => paymentFormOf(order).method);
  const [amount, setAmount] = useState(() => paymentFormOf(order).amount);
  const [checkNumber, setCheckNumber] = useState(() => paymentFormOf(order).checkNumber);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Tells what became of a tap: done, waiting on the phone, or not recorded and why. */
  const told = (
    result: TapResult,
    done: (next: AdminOrder) => string,
    waiting: string,
    options?: ToastOptions,
  ) => {
    if (result.state === 'recorded') {
      notify.success(done(result.answer.order), options);
      onChanged?.(result.answer.order);
    } else if (result.state === 'waiting') {
      const shown = notify.success(
        `${waiting} It waits on this phone and is sent when the network is back.`,
        options,
      );
      // Once sent, what became of it is on the screen (the order's state, or the list of taps not recorded):
      // a notice still saying it waits would contradict it.
      whenSent(result.actionId, () => dismissToast(shown));
    } else {
      notify.error(withFieldLabels(result.why, PAYMENT_LABELS), { id: PAYMENT_FAILURE });
      // Not recorded by the counter's rule: the page shows what stands on the server, not what was tapped here.
      if (result.answer) onChanged?.(result.answer.order);
    }
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const orderId = order.orderId;
  const undoCheckIn = (undoes: string | undefined) =>
    run(async () =>
      told(
        await tap({ kind: 'undoCheckIn', orderId, actionId: newActionId(), undoes }),
        (next) => `Order ${next.orderId} is waiting again.`,
        `Order ${orderId} is waiting again.`,
      ),
    );
  // A tap on the wrong card at a busy counter is put right from the toast at once, without a question: the
  // toast names the order, and Undo there is as deliberate as the tap it undoes (and undoes only that tap).
  const checkIn = () =>
    run(async () => {
      const actionId = newActionId();
      const undo = {
        duration: UNDO_DURATION_MS,
        action: { label: 'Undo', run: () => void undoCheckIn(actionId) },
      };
      told(
        await tap({ kind: 'checkIn', orderId, actionId }),
        (next) => `Order ${next.orderId} is picked up.`,
        `Order ${orderId} is marked picked up.`,
        undo,
      );
    });
  const pay = (payment: { method: PaidMethod; amount: number; checkNumber: string | null }) =>
    run(async () => {
      const result = await tap({
        kind: 'recordPayment',
        orderId,
        actionId: newActionId(),
        ...payment,
        ...(tokens ? { replaces: tokens.paymentToken } : {}),
      });
      told(
        result,
        (next) => `${paymentText(next)} recorded for order ${next.orderId}.`,
        `The payment for order ${orderId} is noted.`,
      );
      // A payment made elsewhere stands: the form shows it too, so the figure typed here is not taken for it.
      if (result.state === 'not-recorded' && result.answer) {
        const standing = paymentFormOf(result.answer.order);
        setMethod(standing.method);
        setAmount(standing.amount);
        setCheckNumber(standing.checkNumber);
      }
    });
  const clearPay = () =>
    run(async () =>
      told(
        await tap({
          kind: 'clearPayment',
          orderId,
          actionId: newActionId(),
          undoes: tokens?.paymentToken ?? undefined,
        }),
        (next) => `The payment for order ${next.orderId} is removed.`,
        `The payment for order ${orderId} is removed.`,
      ),
    );
  const pickedUp = order.pickedUpTimestamp !== null;
  // Mark picked up and Undo replace each other: the keyboard moves to the one that took its place instead of
  // falling to the top of the page with the button that went.
  const action = useRef<HTMLButtonElement>(null);
  const wasPickedUp = useRef(pickedUp);
  useEffect(() => {
    if (wasPickedUp.current === pickedUp) return;
    wasPickedUp.current = pickedUp;
    const active = document.activeElement;
    if (!active || active === document.body) action.current?.focus();
  }, [pickedUp]);

  const askUndo = async () => {
    if (
      await confirm(`Undo the check-in of order ${order.orderId}? It will show as waiting again.`, {
        confirmText: 'Undo check-in',
      })
    )
      await undoCheckIn(tokens?.checkInToken ?? undefined);
  };
  const askClear = async () => {
    if (await confirm(`Remove the payment recorded for order ${order.orderId}?`, { confirmText: 'Remove' }))
      await clearPay();
  };
  const submitPayment = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rules, so a slip is told here at once and in the same words.
    const payment = {
      orderId: order.orderId,
      method,
      amount: typedDollars(amount),
      checkNumber: method === 'check' ? checkNumber : null,
    };
    const parsed = recordPaymentInputSchema.safeParse(payment);
    if (!parsed.success) {
      setProblem(parsed.error.issues.map((i) => withFieldLabels(i.message, PAYMENT_LABELS)).join(' '));
      return;
    }
    setProblem(null);
    void pay({ method, amount: payment.amount, checkNumber: payment.checkNumber });
  };

  return (
    <div className="check-in" data-testid={`check-in-${order.orderId}`}>
      <section className="check-in-part" aria-labelledby={`${ids}-pickup`}>
        <h3 id={`${ids}-pickup`}>Pick-up</h3>
        <p className={pickedUp ? 'pickup-state is-picked-up' : 'pickup-state is-waiting'} role="status">
          {pickupStatusText(order)}
        </p>
        {order.deletedTimestamp !== null ? (
          <p className="text-muted">This order is deleted. Restore it before checking it in.</p>
        ) : pickedUp ? (
          <button ref={action} type="button" className="btn btn-secondary" disabled={busy} onClick={askUndo}>
            Undo check-in
          </button>
        ) : (
          <button
            ref={action}
            type="button"
            className="btn btn-primary btn-lg"
            disabled={busy}
            onClick={() => void checkIn()}
          >
            Mark picked up
          </button>
        )}
      </section>

      <section className="check-in-part" aria-labelledby={`${ids}-payment`}>
        <h3 id={`${ids}-payment`}>Payment</h3>
        <p className="pickup-state" data-testid="payment-state">
          {paymentText(order)}
          {order.paidMethod !== null && order.paidUsername ? (
            <span className="text-muted">
              {' '}
              ({order.displayPaidTimestamp}, {order.paidUsername})
            </span>
          ) : null}
        </p>
        {order.deletedTimestamp !== null ? null : (
          <form className="payment-form" onSubmit={submitPayment} noValidate>
            <fieldset className="payment-methods">
              <legend>Paid by</legend>
              {PAID_METHODS.map((m) => (
                <label key={m} className="payment-method">
                  <input
                    type="radio"
                    name={`${ids}-method`}
                    value={m}
                    checked={method === m}
                    onChange={() => setMethod(m)}
                  />
                  {paidMethodName(m)}
                </label>
              ))}
            </fieldset>
            <label className="payment-field">
              <span>Amount ($)</span>
              <input
                className="form-control"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                aria-invalid={problem !== null}
                aria-describedby={problem ? `${ids}-problem` : undefined}
                onChange={(event) => setAmount(event.target.value)}
              />
            </label>
            {method === 'check' ? (
              <label className="payment-field">
                <span>Check number (optional)</span>
                <input
                  className="form-control"
                  inputMode="numeric"
                  autoComplete="off"
                  value={checkNumber}
                  onChange={(event) => setCheckNumber(event.target.value)}
                />
              </label>
            ) : null}
            {problem ? (
              <p id={`${ids}-problem`} className="field-problem" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="row-gap">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Record payment
              </button>
              {order.paidMethod !== null ? (
                <button type="button" className="btn btn-link text-danger" disabled={busy} onClick={askClear}>
                  Remove payment
                </button>
              ) : null}
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
