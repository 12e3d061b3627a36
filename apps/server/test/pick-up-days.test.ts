import {
  PICK_UP_DAY_FULL,
  PICK_UP_DAY_NOT_OFFERED,
  PICK_UP_DAY_REQUIRED,
  PICK_UP_DAYS_ALL_FULL,
  UNAUTHORIZED_NO_TOKEN,
} from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, type TestServer } from '../src/testing.ts';
import { customer, saveOrderableProduct, submitOrder } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';

/**
 * Pick-up days end to end over REST: staff open days with a capacity, customers book them at checkout, the
 * day is on every order shape, and a day is never booked past its capacity, however many customers submit
 * at the same moment (the orders share group-committed transactions, like the stock test in reliability).
 */

interface Day {
  pickUpDayId: number;
  date: string;
  capacity: number;
  booked: number;
  isFull: boolean;
  isPast: boolean;
  displayDate: string;
  displayHours: string;
}
interface Placed {
  orderId: number;
  order: { pickUpDayId: number | null; pickUpDate: string | null; displayPickUpDay: string | null };
}

const nextYear = new Date().getUTCFullYear() + 1;
const dayIn = (month: number, date: number) =>
  `${nextYear}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;

describe('pick-up days', () => {
  let server: TestServer;
  let token: string;
  let productId: number;

  const submit = (i: number, pickUpDayId?: number | null) =>
    submitOrder<Placed>(server, [{ productId, quantity: 1 }], {
      ...customer,
      email: `customer${i}@example.com`,
      confirmEmail: `customer${i}@example.com`,
      ...(pickUpDayId === undefined ? {} : { pickUpDayId }),
    });
  const saveDay = (body: Record<string, unknown>) =>
    rest<Day[]>(server.url, 'POST', '/api/v1/PickUpDays/SavePickUpDay', { token, body });
  const allDays = async () =>
    (await rest<Day[]>(server.url, 'GET', '/api/v1/PickUpDays/GetAllPickUpDays', { token })).body.data;
  const dayOn = async (date: string) => {
    const day = (await allDays()).find((d) => d.date === date);
    if (!day) throw new Error(`no day on ${date}`);
    return day;
  };

  beforeAll(async () => {
    ({ server, token } = await signedInShop(
      { DEMO_DATA: 'false', ORDERS_PER_CLIENT_PER_HOUR: '0' },
      {},
      { email: 'pat@example.com', name: 'Pat Planner' },
    ));
    productId = await saveOrderableProduct(server, token);
  });
  afterAll(async () => server?.stop());

  it('with no pick-up days the checkout is as before: no day asked, none on the order', async () => {
    const open = await rest<Day[]>(server.url, 'GET', '/api/v1/PickUpDays/GetOpenPickUpDays');
    expect(open.status).toBe(200);
    expect(open.body.data).toEqual([]);
    const placed = await submit(0);
    expect(placed.status, placed.body.message).toBe(200);
    expect(placed.body.data.order).toMatchObject({
      pickUpDayId: null,
      pickUpDate: null,
      displayPickUpDay: null,
    });
  });

  it('refuses staff calls without a token and bad input with a 400 naming the field', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/v1/PickUpDays/GetAllPickUpDays', undefined],
      [
        'POST',
        '/api/v1/PickUpDays/SavePickUpDay',
        { date: dayIn(4, 1), startTime: '09:00', endTime: '16:00', capacity: 3 },
      ],
      ['DELETE', '/api/v1/PickUpDays/DeletePickUpDay?pickUpDayId=1', undefined],
    ] as const) {
      const answer = await rest(server.url, method, path, body === undefined ? {} : { body });
      expect(answer.status, path).toBe(401);
      expect(answer.body.message).toBe(UNAUTHORIZED_NO_TOKEN);
    }
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { date: '2026-02-30', startTime: '09:00', endTime: '16:00', capacity: 3 },
        /^date must be a calendar date/,
      ],
      [{ date: dayIn(4, 1), startTime: '9am', endTime: '16:00', capacity: 3 }, /^startTime must be a time/],
      [{ date: dayIn(4, 1), startTime: '16:00', endTime: '09:00', capacity: 3 }, /^endTime must be later/],
      [
        { date: dayIn(4, 1), startTime: '09:00', endTime: '16:00', capacity: 0 },
        /^capacity must be a whole number/,
      ],
      [
        { date: dayIn(4, 1), startTime: '09:00', endTime: '16:00', capacity: 2.5 },
        /^capacity must be a whole number/,
      ],
    ];
    for (const [body, message] of cases) {
      const answer = await saveDay(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const badDelete = await rest(server.url, 'DELETE', '/api/v1/PickUpDays/DeletePickUpDay?pickUpDayId=x', {
      token,
    });
    expect(badDelete.status).toBe(400);
    expect(badDelete.body.message).toMatch(/^pickUpDayId must be a positive whole number/);
    const badChoice = await submitOrder(server, [{ productId, quantity: 1 }], {
      ...customer,
      pickUpDayId: 'Saturday',
    });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.message).toMatch(/^pickUpDayId must be the number of a pick-up day/);
  });

  it('books a day of capacity 5 exactly 5 times when 60 customers submit at once', async () => {
    const added = await saveDay({
      date: dayIn(4, 4),
      startTime: '09:00',
      endTime: '16:00',
      capacity: 5,
      note: 'At the barn',
    });
    expect(added.status, added.body.message).toBe(200);
    const day = await dayOn(dayIn(4, 4));
    expect(day).toMatchObject({
      capacity: 5,
      booked: 0,
      isFull: false,
      isPast: false,
      displayHours: '9:00 AM to 4:00 PM',
    });

    // Offered now, a day must be chosen.
    const without = await submit(1);
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(PICK_UP_DAY_REQUIRED);

    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => submit(100 + i, day.pickUpDayId)));
    const booked = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(booked).toHaveLength(5);
    expect(refused).toHaveLength(55);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(PICK_UP_DAY_FULL);
    }
    for (const answer of booked) {
      expect(answer.body.data.order).toMatchObject({
        pickUpDayId: day.pickUpDayId,
        pickUpDate: dayIn(4, 4),
        displayPickUpDay: `${day.displayDate}, 9:00 AM to 4:00 PM`,
      });
    }
    // Nothing lost, nothing half-kept: the five acknowledged orders are the five on the day, with their lines.
    const sqlite = server.shop.database.sqlite;
    const stored = sqlite
      .prepare(
        `select o.order_id as orderId, count(l.order_product_xref_id) as lines from orders o
         left join order_lines l on l.order_id = o.order_id where o.pick_up_day_id = ? group by o.order_id`,
      )
      .all(day.pickUpDayId) as { orderId: number; lines: number }[];
    expect(stored.map((r) => r.orderId).sort()).toEqual(booked.map((a) => a.body.data.orderId).sort());
    expect(stored.every((r) => r.lines === 1)).toBe(true);

    const open = await rest<Day[]>(server.url, 'GET', '/api/v1/PickUpDays/GetOpenPickUpDays');
    expect(open.body.data).toEqual([expect.objectContaining({ pickUpDayId: day.pickUpDayId, isFull: true })]);
    expect(open.body.data[0]).not.toHaveProperty('capacity');
    expect(await dayOn(dayIn(4, 4))).toMatchObject({ booked: 5, isFull: true });

    // Every day full: a customer is told so rather than asked to choose.
    const allFull = await submit(2);
    expect(allFull.status).toBe(400);
    expect(allFull.body.message).toBe(PICK_UP_DAYS_ALL_FULL);
  });

  it('never offers a past day, and refuses one chosen anyway', async () => {
    // Staff cannot open a day already past in the shop's time zone, nor move a day onto a past date.
    const refused = await saveDay({ date: '2025-01-01', startTime: '09:00', endTime: '12:00', capacity: 10 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'date must be today or later: Wednesday, January 1, 2025 has already passed.',
    );
    expect((await allDays()).map((d) => d.date)).not.toContain('2025-01-01');
    // A day of last season (opened when it was still ahead) stays, and staff may still correct it.
    server.shop.database.sqlite
      .prepare(
        "insert into pick_up_days (date, start_time, end_time, capacity) values ('2020-04-04', '09:00', '12:00', 5)",
      )
      .run();
    const pastDay = await dayOn('2020-04-04');
    expect(pastDay.isPast).toBe(true);
    const corrected = await saveDay({
      pickUpDayId: pastDay.pickUpDayId,
      date: '2020-04-04',
      startTime: '09:00',
      endTime: '13:00',
      capacity: 10,
    });
    expect(corrected.status, corrected.body.message).toBe(200);
    expect(await dayOn('2020-04-04')).toMatchObject({ capacity: 10, displayHours: '9:00 AM to 1:00 PM' });
    const movedBack = await saveDay({
      pickUpDayId: pastDay.pickUpDayId,
      date: '2020-04-03',
      startTime: '09:00',
      endTime: '13:00',
      capacity: 10,
    });
    expect(movedBack.status).toBe(400);
    expect(movedBack.body.message).toMatch(/^date must be today or later/);
    const open = await rest<Day[]>(server.url, 'GET', '/api/v1/PickUpDays/GetOpenPickUpDays');
    expect(open.body.data.map((d) => d.date)).not.toContain('2020-04-04');
    const chosen = await submit(3, pastDay.pickUpDayId);
    expect(chosen.status).toBe(400);
    expect(chosen.body.message).toBe(PICK_UP_DAY_NOT_OFFERED);
    const unknown = await submit(3, 999_999);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(PICK_UP_DAY_NOT_OFFERED);
  });

  it('lets staff move orders between days with room, refuses a full day, and keeps a booked day from going', async () => {
    const full = await dayOn(dayIn(4, 4));
    expect(
      (await saveDay({ date: dayIn(4, 11), startTime: '10:00', endTime: '14:00', capacity: 1 })).status,
    ).toBe(200);
    const second = await dayOn(dayIn(4, 11));

    // The second day has room: a customer books it, and it is then full.
    const placed = await submit(4, second.pickUpDayId);
    expect(placed.status, placed.body.message).toBe(200);
    const orderId = placed.body.data.orderId;

    const details = await rest<
      Record<string, unknown> & { version: number; products: { productId: number; quantity: number }[] }
    >(server.url, 'GET', `/api/v1/Orders/GetOrderDetailsById?orderId=${orderId}`, { token });
    expect(details.body.data).toMatchObject({ pickUpDayId: second.pickUpDayId, pickUpDate: dayIn(4, 11) });
    const order = details.body.data;
    const update = (changes: Record<string, unknown>, version: number) =>
      rest<{ version: number; pickUpDayId: number | null }>(server.url, 'PUT', '/api/v1/Orders/Update', {
        token,
        body: { ...order, version, ...changes },
      });

    // Into the full day: refused with what to do.
    const intoFull = await update({ pickUpDayId: full.pickUpDayId }, order.version);
    expect(intoFull.status).toBe(409);
    expect(intoFull.body.message).toMatch(/is full \(5 of 5 orders\)\. Raise its capacity/);

    // Saved without the field (a client older than pick-up days): the day stays.
    const kept = await update({ pickUpDayId: undefined, comments: 'Bring a wagon' }, order.version);
    expect(kept.status, kept.body.message).toBe(200);
    expect(kept.body.data.pickUpDayId).toBe(second.pickUpDayId);

    // Capacity cannot go below what is booked; raised, the move goes through.
    const below = await saveDay({
      pickUpDayId: full.pickUpDayId,
      date: full.date,
      startTime: '09:00',
      endTime: '16:00',
      capacity: 4,
    });
    expect(below.status).toBe(400);
    expect(below.body.message).toMatch(/already has 5 orders, so its capacity cannot be below 5\./);
    const raised = await saveDay({
      pickUpDayId: full.pickUpDayId,
      date: full.date,
      startTime: '09:00',
      endTime: '16:00',
      capacity: 6,
    });
    expect(raised.status).toBe(200);
    const moved = await update({ pickUpDayId: full.pickUpDayId }, kept.body.data.version);
    expect(moved.status, moved.body.message).toBe(200);
    expect(moved.body.data.pickUpDayId).toBe(full.pickUpDayId);

    // A booked day cannot be deleted; an empty one can.
    const refusedDelete = await rest(
      server.url,
      'DELETE',
      `/api/v1/PickUpDays/DeletePickUpDay?pickUpDayId=${full.pickUpDayId}`,
      { token },
    );
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body.message).toMatch(/has 6 orders\. Move them to another day/);
    const deleted = await rest<Day[]>(
      server.url,
      'DELETE',
      `/api/v1/PickUpDays/DeletePickUpDay?pickUpDayId=${second.pickUpDayId}`,
      { token },
    );
    expect(deleted.status, deleted.body.message).toBe(200);
    expect(deleted.body.data.map((d) => d.pickUpDayId)).not.toContain(second.pickUpDayId);
    const gone = await rest(
      server.url,
      'DELETE',
      `/api/v1/PickUpDays/DeletePickUpDay?pickUpDayId=${second.pickUpDayId}`,
      { token },
    );
    expect(gone.status).toBe(404);
  });

  it('refuses to restore a deleted order onto a day that filled meanwhile, until staff raise its capacity', async () => {
    expect(
      (await saveDay({ date: dayIn(5, 20), startTime: '09:00', endTime: '12:00', capacity: 1 })).status,
    ).toBe(200);
    const day = await dayOn(dayIn(5, 20));
    const first = await submit(20, day.pickUpDayId);
    expect(first.status, first.body.message).toBe(200);
    const orderId = first.body.data.orderId;
    const removed = await rest(server.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${orderId}`, {
      token,
    });
    expect(removed.status, removed.body.message).toBe(200);
    // The deleted order gave its place back, and a customer took it.
    const second = await submit(21, day.pickUpDayId);
    expect(second.status, second.body.message).toBe(200);

    const restore = () =>
      rest<{ deletedAt: unknown }>(server.url, 'DELETE', `/api/v1/Orders/RestoreOrder?orderId=${orderId}`, {
        token,
      });
    const refused = await restore();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${day.displayDate} is full (1 of 1 orders), and this order would be one more. Raise its capacity in Settings > Pick-up Days first, then restore the order.`,
    );
    expect((await dayOn(dayIn(5, 20))).booked).toBe(1);

    const raised = await saveDay({
      pickUpDayId: day.pickUpDayId,
      date: day.date,
      startTime: '09:00',
      endTime: '12:00',
      capacity: 2,
    });
    expect(raised.status, raised.body.message).toBe(200);
    const restored = await restore();
    expect(restored.status, restored.body.message).toBe(200);
    expect(await dayOn(dayIn(5, 20))).toMatchObject({ booked: 2, isFull: true });
  });

  it('says so when an order is restored after its pick-up day was deleted: it comes back without a day', async () => {
    expect(
      (await saveDay({ date: dayIn(5, 22), startTime: '09:00', endTime: '12:00', capacity: 5 })).status,
    ).toBe(200);
    const day = await dayOn(dayIn(5, 22));
    const placed = await submit(22, day.pickUpDayId);
    expect(placed.status, placed.body.message).toBe(200);
    const orderId = placed.body.data.orderId;
    expect(
      (await rest(server.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${orderId}`, { token })).status,
    ).toBe(200);
    const dropped = await rest(
      server.url,
      'DELETE',
      `/api/v1/PickUpDays/DeletePickUpDay?pickUpDayId=${day.pickUpDayId}`,
      { token },
    );
    expect(dropped.status, dropped.body.message).toBe(200);

    const restored = await rest<{ pickUpDayId: number | null; restoreNotice: string | null }>(
      server.url,
      'DELETE',
      `/api/v1/Orders/RestoreOrder?orderId=${orderId}`,
      { token },
    );
    expect(restored.status, restored.body.message).toBe(200);
    expect(restored.body.data.pickUpDayId).toBeNull();
    expect(restored.body.data.restoreNotice).toMatch(
      new RegExp(
        `^Order ${orderId} is restored without a pick-up day: its day, .+, was deleted while the order was\\. Choose a day for it in the order\\.$`,
      ),
    );
    // Said once: deleted and restored again, the order has nothing more to say.
    await rest(server.url, 'DELETE', `/api/v1/Orders/DeleteOrder?orderId=${orderId}`, { token });
    const again = await rest<{ restoreNotice: string | null }>(
      server.url,
      'DELETE',
      `/api/v1/Orders/RestoreOrder?orderId=${orderId}`,
      { token },
    );
    expect(again.body.data.restoreNotice).toBeNull();
  });

  it('names the day in the public lookup and the order lists', async () => {
    const day = await dayOn(dayIn(4, 4));
    const row = server.shop.database.sqlite
      .prepare(
        'select order_id as orderId, phone_number as phone from orders where pick_up_day_id = ? limit 1',
      )
      .get(day.pickUpDayId) as { orderId: number; phone: string };
    const lookup = await rest<Placed['order']>(
      server.url,
      'GET',
      `/api/v1/Orders/GetOrderById?orderId=${row.orderId}&phoneNumber=${encodeURIComponent(row.phone)}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({ pickUpDayId: day.pickUpDayId, pickUpDate: day.date });
    const list = await rest<Placed['order'][]>(server.url, 'GET', '/api/v1/Orders/GetAllOrders', { token });
    const onDay = list.body.data.filter((o) => o.pickUpDayId === day.pickUpDayId);
    expect(onDay).toHaveLength(6);
    expect(onDay[0]?.displayPickUpDay).toBe(`${day.displayDate}, 9:00 AM to 4:00 PM`);
  });
});
