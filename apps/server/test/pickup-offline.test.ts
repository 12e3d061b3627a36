import { zonedTimeToInstant } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonStaffToken, rest, staffToken, type TestServer } from '../src/testing.ts';
import { insertProduct } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

// The counter working through a drop of the network: taps sent again with their action ids, two phones whose
// queues arrive one after the other, and undos that take back only what they were tapped on.
const TZ = 'America/Chicago';
let clock = zonedTimeToInstant(TZ, 2026, 4, 11, 9, 30);
let server: TestServer;
let ada: string;
let bo: string;
let oak: number;

interface CounterAnswer {
  order: {
    orderId: number;
    pickedUpUsername: string | null;
    paid: number | null;
    paidUsername: string | null;
  };
  checkInToken: string | null;
  paymentToken: string | null;
  recorded: boolean;
  conflict: string | null;
}

async function newOrder(name: string): Promise<number> {
  const saved = await rest<{ orderId: number }>(server.url, 'PUT', '/api/v1/Orders/Update', {
    token: ada,
    body: { name, email: '', phoneNumber: '555-0100', products: [{ productId: oak, quantity: 3 }] },
  });
  expect(saved.status).toBe(200);
  return saved.body.data.orderId;
}

const act = (as: string, body: Record<string, unknown>) =>
  rest<CounterAnswer>(server.url, 'POST', '/api/v1/PickUp/CounterAction', { token: as, body });

/** What the server holds for an order: its check-in and payment columns, and every action logged. */
function recordedFor(orderId: number) {
  const { sqlite } = server.shop.database;
  const row = sqlite
    .prepare(
      `select picked_up_at as pickedUpAt, picked_up_by as pickedUpBy, picked_up_action as pickedUpAction,
              paid_method as paidMethod, paid_cents as paidCents, paid_by as paidBy, paid_action as paidAction
       from orders where order_id = ?`,
    )
    .get(orderId) as Record<string, unknown> | undefined;
  const log = sqlite
    .prepare('select action_id as actionId, recorded from counter_actions where order_id = ? order by rowid')
    .all(orderId) as { actionId: string; recorded: number }[];
  return { row, log };
}

beforeAll(async () => {
  ({ server, token: ada } = await signedInShop(
    { DEMO_DATA: 'false' },
    { now: () => clock },
    { email: 'ada@example.com', name: 'Ada Counter' },
  ));
  bo = await staffToken(server, { email: 'bo@example.com', name: 'Bo Counter' });
  oak = insertProduct(server, 'Bur Oak');
});
afterAll(async () => server?.stop());

/** A payment the desk's phone queues, replacing none. */
const newPayment = (orderId: number, actionId: string, method: 'cash' | 'check', amount: number) => ({
  kind: 'recordPayment',
  orderId,
  actionId,
  method,
  amount,
  replaces: null,
});

describe('counter actions with their ids', () => {
  it('refuses them without a staff token, and for someone who is not staff', async () => {
    const body = { kind: 'checkIn', orderId: 1, actionId: 'aaaaaaaa-1' };
    expect((await rest(server.url, 'POST', '/api/v1/PickUp/CounterAction', { body })).status).toBe(401);
    expect((await act(await nonStaffToken(server), body)).status).toBe(403);
    expect((await rest(server.url, 'GET', '/api/v1/PickUp/GetCounterDay?pickUpDay=none', {})).status).toBe(
      401,
    );
  });

  it('a payment sent twice with one action id is recorded once, and the resend gets the first answer', async () => {
    const orderId = await newOrder('Replay Rowan');
    const payment = newPayment(orderId, 'phone-a-pay-1', 'cash', 30);
    const first = await act(ada, payment);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ recorded: true, conflict: null, paymentToken: 'phone-a-pay-1' });
    clock = new Date(clock.getTime() + 60_000);
    // The phone lost the answer and sends it again, even signed in as someone else.
    const again = await act(bo, payment);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      recorded: true,
      conflict: null,
      order: { paid: 30, paidUsername: 'Ada Counter' },
    });
    const { row, log } = recordedFor(orderId);
    expect(row).toMatchObject({ paidCents: 3000, paidAction: 'phone-a-pay-1', paidBy: 'Ada Counter' });
    expect(log).toHaveLength(1);

    // The REST payment path takes the action id too, and a replay there records nothing more.
    const restPay = { orderId, method: 'check', amount: 30, checkNumber: '1042', actionId: 'rest-pay-0001' };
    for (let i = 0; i < 2; i++) {
      const answer = await rest(server.url, 'PUT', '/api/v1/Orders/Payment', { token: ada, body: restPay });
      expect(answer.status).toBe(200);
    }
    expect(recordedFor(orderId).log.map((l) => l.actionId)).toEqual(['phone-a-pay-1', 'rest-pay-0001']);
    expect(recordedFor(orderId).row).toMatchObject({ paidMethod: 'check', paidAction: 'rest-pay-0001' });
  });

  it('refuses one action id used for another action, and a malformed id, with a message', async () => {
    const orderId = await newOrder('Reuse Reed');
    expect((await act(ada, { kind: 'checkIn', orderId, actionId: 'used-once-1' })).status).toBe(200);
    const reused = await act(ada, { kind: 'clearPayment', orderId, actionId: 'used-once-1' });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/already used for a different action/);
    const bad = await act(ada, { kind: 'checkIn', orderId, actionId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/actionId must be 8 to 100 letters/);
    const badKind = await act(ada, { kind: 'sell', orderId, actionId: 'some-id-123' });
    expect(badKind.status).toBe(400);
  });

  it('two phones’ queues interleaved: the first check-in stands, payments are not doubled, every action answered once', async () => {
    const one = await newOrder('Two Phones Tam');
    const other = await newOrder('Other Order Olive');
    const day = await rest<{
      orders: { order: { orderId: number }; checkInToken: string | null; paymentToken: string | null }[];
    }>(server.url, 'GET', '/api/v1/PickUp/GetCounterDay?pickUpDay=none', { token: ada });
    expect(day.status).toBe(200);
    expect(day.body.data.orders.find((o) => o.order.orderId === one)).toMatchObject({
      checkInToken: null,
      paymentToken: null,
    });

    // Both phones were offline, each saw the order waiting and unpaid. Phone A's queue arrives first.
    const phoneA = [
      { kind: 'checkIn', orderId: one, actionId: 'phone-a-0001' },
      newPayment(one, 'phone-a-0002', 'cash', 30),
      { kind: 'checkIn', orderId: other, actionId: 'phone-a-0003' },
    ];
    const phoneB = [
      { kind: 'checkIn', orderId: one, actionId: 'phone-b-0001' },
      newPayment(one, 'phone-b-0002', 'check', 30),
      { kind: 'undoCheckIn', orderId: one, actionId: 'phone-b-0003', undoes: 'phone-b-0001' },
    ];
    const answers: CounterAnswer[] = [];
    for (const [i, body] of [phoneA[0], phoneB[0], phoneA[1], phoneB[1], phoneB[2], phoneA[2]].entries()) {
      const sent = await act(i % 2 === 0 ? ada : bo, body as Record<string, unknown>);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      answers.push(sent.body.data);
    }
    expect(answers.map((a) => a.recorded)).toEqual([true, false, true, false, false, true]);
    expect(answers[1]?.conflict).toMatch(
      /^Order \d+ was already picked up .* by Ada Counter: that check-in stands/,
    );
    expect(answers[3]?.conflict).toMatch(
      /already had \$30\.00 by cash recorded .* that payment stands, \$30\.00 by check was not recorded/,
    );
    expect(answers[4]?.conflict).toMatch(
      /a check-in made elsewhere: it stands, and the undo was not recorded/,
    );

    const { row, log } = recordedFor(one);
    expect(row).toMatchObject({
      pickedUpBy: 'Ada Counter',
      pickedUpAction: 'phone-a-0001',
      paidCents: 3000,
      paidMethod: 'cash',
    });
    expect(log).toHaveLength(5);
    expect(
      log
        .filter((l) => l.recorded)
        .map((l) => l.actionId)
        .sort(),
    ).toEqual(['phone-a-0001', 'phone-a-0002']);
    expect(recordedFor(other).row?.pickedUpAction).toBe('phone-a-0003');

    // Phone B's queue is sent again whole (its answers were lost): the same answers, nothing more recorded.
    for (const body of phoneB) {
      const again = await act(bo, body as Record<string, unknown>);
      expect(again.body.data.recorded).toBe(false);
    }
    expect(recordedFor(one).log).toHaveLength(5);
  });

  it('undo: a phone takes back its own check-in and payment, also one made before action ids', async () => {
    const orderId = await newOrder('Undo Uma');
    expect((await act(ada, { kind: 'checkIn', orderId, actionId: 'undo-case-1' })).body.data.recorded).toBe(
      true,
    );
    const undone = await act(ada, {
      kind: 'undoCheckIn',
      orderId,
      actionId: 'undo-case-2',
      undoes: 'undo-case-1',
    });
    expect(undone.body.data).toMatchObject({ recorded: true, checkInToken: null });
    expect(recordedFor(orderId).row).toMatchObject({ pickedUpAt: null, pickedUpAction: null });

    // A check-in through the REST call without an id is named by its time, and undone by that name.
    const plain = await rest(server.url, 'POST', '/api/v1/Orders/CheckIn', { token: bo, body: { orderId } });
    expect(plain.status).toBe(200);
    const day = await rest<{ orders: { order: { orderId: number }; checkInToken: string | null }[] }>(
      server.url,
      'GET',
      '/api/v1/PickUp/GetCounterDay?pickUpDay=none',
      { token: ada },
    );
    const token = day.body.data.orders.find((o) => o.order.orderId === orderId)?.checkInToken;
    expect(token).toMatch(/^at-\d+$/);
    const undoByRest = await rest(
      server.url,
      'DELETE',
      `/api/v1/Orders/CheckIn?orderId=${orderId}&undoes=${token}&actionId=undo-case-3`,
      {
        token: ada,
      },
    );
    expect(undoByRest.status).toBe(200);
    expect(recordedFor(orderId).row?.pickedUpAt).toBeNull();

    const paid = await act(ada, newPayment(orderId, 'undo-case-4', 'cash', 10));
    expect(paid.body.data.recorded).toBe(true);
    const cleared = await act(ada, {
      kind: 'clearPayment',
      orderId,
      actionId: 'undo-case-5',
      undoes: 'undo-case-4',
    });
    expect(cleared.body.data).toMatchObject({ recorded: true, paymentToken: null });
    expect(recordedFor(orderId).row).toMatchObject({ paidMethod: null, paidCents: null, paidAction: null });
  });

  it('a refused action records nothing and may be sent again once put right', async () => {
    const orderId = await newOrder('Too Much Tess');
    const tooMuch = newPayment(orderId, 'too-much-01', 'cash', 500);
    const refused = await act(ada, tooMuch);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/record at most \$31\.65 as paid/);
    expect(recordedFor(orderId).log).toHaveLength(0);
    const missing = await act(ada, { kind: 'checkIn', orderId: 999_999, actionId: 'no-such-order' });
    expect(missing.status).toBe(404);
  });

  it('taps that waited through a sign-out are recorded as who made them, sent by who is signed in', async () => {
    const orderId = await newOrder('Handed Over Hal');
    // Ada checked the order in and took the cash; Bo, signed in next on that phone, sends her taps.
    const checkIn = { kind: 'checkIn', orderId, actionId: 'ada-left-01', tappedBy: 'Ada Counter' };
    expect((await act(bo, checkIn)).status).toBe(200);
    const cash = { ...newPayment(orderId, 'ada-left-02', 'cash', 20), tappedBy: ' Ada Counter ' };
    const paid = await act(bo, cash);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.order).toMatchObject({
      pickedUpUsername: 'Ada Counter, sent by Bo Counter',
      paidUsername: 'Ada Counter, sent by Bo Counter',
    });
    expect(recordedFor(orderId).row).toMatchObject({
      pickedUpBy: 'Ada Counter, sent by Bo Counter',
      paidBy: 'Ada Counter, sent by Bo Counter',
    });
    const logged = server.shop.database.sqlite
      .prepare('select staff from counter_actions where order_id = ? order by rowid')
      .pluck()
      .all(orderId);
    expect(logged).toEqual(['Ada Counter, sent by Bo Counter', 'Ada Counter, sent by Bo Counter']);

    // Sent again by Ada herself, the same taps get the first answer; her own new tap is hers alone.
    expect((await act(ada, checkIn)).body.data.order.pickedUpUsername).toBe(
      'Ada Counter, sent by Bo Counter',
    );
    const undo = { kind: 'clearPayment', orderId, actionId: 'ada-own-03', tappedBy: 'Ada Counter' };
    expect((await act(ada, undo)).body.data).toMatchObject({ recorded: true, order: { paid: null } });
    expect(recordedFor(orderId).log).toHaveLength(3);

    const tooLong = await act(bo, { ...checkIn, actionId: 'too-long-04', tappedBy: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/tappedBy/);
  });
});
