import { PICK_UP_DAY_REQUIRED, pickUpDayClosed } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { customer, saveOrderableProduct, submitOrder } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

/**
 * A pick-up day closes at its closing time in the shop's time zone: late on a Saturday evening the checkout no
 * longer offers that Saturday, and the server refuses an order for it with words the customer can act on.
 * The shop's clock is injected, so the test runs at a chosen shop time whatever the machine's.
 */

interface Day {
  pickUpDayId: number;
  date: string;
}

// Saturday, November 28, 2026 in Chicago (UTC-6): 3:59 PM is 21:59 UTC, 11:05 PM is 05:05 UTC the next day.
const BEFORE_CLOSING = Date.UTC(2026, 10, 28, 21, 59);
const AFTER_CLOSING = Date.UTC(2026, 10, 29, 5, 5);

describe('a pick-up day after its closing time', () => {
  let server: TestServer;
  let token: string;
  let productId: number;
  let clock = BEFORE_CLOSING;
  let saturday: Day;
  let sunday: Day;

  const submit = (pickUpDayId: number) =>
    submitOrder(server, [{ productId, quantity: 1 }], { ...customer, pickUpDayId });
  const openDays = async () =>
    (await rest<Day[]>(server.url, 'GET', '/api/v1/PickUpDays/GetOpenPickUpDays')).body.data.map(
      (d) => d.date,
    );

  beforeAll(async () => {
    ({ server, token } = await signedInShop(
      { DEMO_DATA: 'false', ORDERS_PER_CLIENT_PER_HOUR: '0', SHOP_TIME_ZONE: 'America/Chicago' },
      { now: () => new Date(clock) },
      { email: 'pat@example.com', name: 'Pat Planner' },
    ));
    productId = await saveOrderableProduct(server, token);
    for (const date of ['2026-11-28', '2026-11-29']) {
      const day = await rest(server.url, 'POST', '/api/v1/PickUpDays/SavePickUpDay', {
        token,
        body: { date, startTime: '09:00', endTime: '16:00', capacity: 10 },
      });
      expect(day.status, JSON.stringify(day.body)).toBe(200);
    }
    const all = (await rest<Day[]>(server.url, 'GET', '/api/v1/PickUpDays/GetAllPickUpDays', { token })).body
      .data;
    const find = (date: string) => {
      const day = all.find((d) => d.date === date);
      if (!day) throw new Error(`no day on ${date}`);
      return day;
    };
    saturday = find('2026-11-28');
    sunday = find('2026-11-29');
  });
  afterAll(() => server.stop());

  it('offers and takes the day until its closing time', async () => {
    clock = BEFORE_CLOSING;
    expect(await openDays()).toEqual(['2026-11-28', '2026-11-29']);
    const placed = await submit(saturday.pickUpDayId);
    expect(placed.status, placed.body.message).toBe(200);
  });

  it('neither offers nor takes it at 11:05 PM the same day, and says why', async () => {
    clock = AFTER_CLOSING;
    expect(await openDays()).toEqual(['2026-11-29']);
    const refused = await submit(saturday.pickUpDayId);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(pickUpDayClosed({ date: '2026-11-28', endTime: '16:00' }));
    expect(refused.body.message).toBe(
      'Pick-up on Saturday, November 28, 2026 closed at 4:00 PM. Please choose another day.',
    );
    // Sunday's day is still open, and with a day offered one must be chosen.
    expect((await submit(sunday.pickUpDayId)).status).toBe(200);
    const none = await submitOrder(server, [{ productId, quantity: 1 }]);
    expect(none.body.message).toBe(PICK_UP_DAY_REQUIRED);
  });

  it('closes at the closing minute itself', async () => {
    clock = Date.UTC(2026, 10, 28, 22, 0); // 4:00 PM in Chicago
    expect(await openDays()).toEqual(['2026-11-29']);
    expect((await submit(saturday.pickUpDayId)).status).toBe(400);
  });
});
