import { describe, expect, it } from 'vitest';
import {
  type CounterAction,
  type CounterOrderState,
  counterActionText,
  recordedToken,
  settleCounterAction,
} from './counterActions.ts';

const TZ = 'America/Chicago';
const waiting: CounterOrderState = { orderId: 12, checkIn: null, payment: null };
const ada = { by: 'Ada', at: Date.UTC(2026, 3, 4, 15, 0) };
const bo = { by: 'Bo', at: Date.UTC(2026, 3, 4, 15, 5) };

/** Applies actions one after another, as the server receives them, keeping what each did. */
function run(start: CounterOrderState, steps: [CounterAction, typeof ada][]) {
  let state = start;
  return steps.map(([action, actor]) => {
    const outcome = settleCounterAction(state, action, actor, TZ);
    state = outcome.state;
    return outcome;
  });
}

const checkIn = (actionId: string): CounterAction => ({ kind: 'checkIn', orderId: 12, actionId });
const undo = (actionId: string, undoes?: string): CounterAction => ({
  kind: 'undoCheckIn',
  orderId: 12,
  actionId,
  undoes,
});
const pay = (actionId: string, cents: number, replaces?: string | null): CounterAction => ({
  kind: 'recordPayment',
  orderId: 12,
  actionId,
  method: 'cash',
  cents,
  checkNumber: null,
  replaces,
});
const clear = (actionId: string, undoes?: string): CounterAction => ({
  kind: 'clearPayment',
  orderId: 12,
  actionId,
  undoes,
});

describe('the counter rule', () => {
  it('the first check-in stands: the second phone’s is not recorded, and says whose stands', () => {
    const [first, second] = run(waiting, [
      [checkIn('phone-a-1'), ada],
      [checkIn('phone-b-1'), bo],
    ]);
    expect(first?.applied).toBe(true);
    expect(second).toMatchObject({ applied: false, state: { checkIn: { token: 'phone-a-1', by: 'Ada' } } });
    expect(second?.applied === false && second.conflict).toBe(
      'Order 12 was already picked up 4/4/2026 10:00 AM by Ada: that check-in stands, this one was not recorded.',
    );
  });

  it('an undo takes back the check-in it was tapped on', () => {
    const outcomes = run(waiting, [
      [checkIn('phone-a-1'), ada],
      [undo('phone-a-2', 'phone-a-1'), ada],
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, true]);
    expect(outcomes[1]?.state.checkIn).toBeNull();
  });

  it('an undo never takes back a check-in made elsewhere', () => {
    // Phone B checked in and undid its own check-in offline; meanwhile phone A's check-in reached the server.
    const outcomes = run(waiting, [
      [checkIn('phone-a-1'), ada],
      [checkIn('phone-b-1'), bo],
      [undo('phone-b-2', 'phone-b-1'), bo],
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, false, false]);
    expect(outcomes[2]?.state.checkIn?.token).toBe('phone-a-1');
    expect(outcomes[2]?.applied === false && outcomes[2].conflict).toMatch(
      /^Order 12 is picked up 4\/4\/2026 10:00 AM by Ada, a check-in made elsewhere: it stands/,
    );
  });

  it('an undo of a check-in already undone changes nothing and says so', () => {
    const outcomes = run(waiting, [
      [checkIn('phone-a-1'), ada],
      [undo('phone-a-2', 'phone-a-1'), ada],
      [undo('phone-b-1', 'phone-a-1'), bo],
    ]);
    expect(outcomes[2]).toMatchObject({ applied: false, state: { checkIn: null } });
  });

  it('an undo without a token takes whatever check-in stands (a person looking at the order now)', () => {
    const start = { ...waiting, checkIn: { token: recordedToken(ada.at), at: ada.at, by: 'Ada' } };
    expect(settleCounterAction(start, undo('web-1'), bo, TZ).applied).toBe(true);
  });

  it('the first payment stands: two phones recording one customer’s money record it once', () => {
    const outcomes = run(waiting, [
      [pay('phone-a-1', 6858, null), ada],
      [pay('phone-b-1', 6858, null), bo],
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, false]);
    expect(outcomes[1]?.state.payment).toMatchObject({ token: 'phone-a-1', cents: 6858, by: 'Ada' });
    expect(outcomes[1]?.applied === false && outcomes[1].conflict).toBe(
      'Order 12 already had $68.58 by cash recorded 4/4/2026 10:00 AM by Ada: that payment stands, $68.58 by cash was not recorded. Check with the customer.',
    );
  });

  it('a phone corrects its own payment, and a payment typed over a removed one is not recorded', () => {
    const outcomes = run(waiting, [
      [pay('phone-a-1', 2000, null), ada],
      [pay('phone-a-2', 6858, 'phone-a-1'), ada],
      [clear('phone-b-1', 'phone-a-2'), bo],
      [pay('phone-a-3', 7000, 'phone-a-2'), ada],
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, true, true, false]);
    expect(outcomes[3]?.state.payment).toBeNull();
    expect(outcomes[3]?.applied === false && outcomes[3].conflict).toMatch(/was removed elsewhere meanwhile/);
  });

  it('a removal takes back only the payment it was tapped on', () => {
    const outcomes = run(waiting, [
      [pay('phone-a-1', 2000, null), ada],
      [pay('phone-b-1', 6858, 'phone-a-1'), bo],
      [clear('phone-a-2', 'phone-a-1'), ada],
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, true, false]);
    expect(outcomes[2]?.state.payment?.token).toBe('phone-b-1');
  });

  it('a payment and a check-in of one order from two phones both stand', () => {
    const outcomes = run(waiting, [
      [checkIn('phone-a-1'), ada],
      [pay('phone-b-1', 6858, null), bo],
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, true]);
    expect(outcomes[1]?.state).toMatchObject({ checkIn: { by: 'Ada' }, payment: { by: 'Bo' } });
  });

  it('names each action for the list of those waiting', () => {
    expect(counterActionText(pay('x', 4550))).toBe('Record $45.50 cash for order 12');
    expect(counterActionText(undo('x'))).toBe('Undo the check-in of order 12');
  });
});
