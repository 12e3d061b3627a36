import { ALL_SEASONS, formatDate, type OrderListQuery, orderListQuerySchema } from '@nursery/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestShop } from '../testing/testShop.ts';
import { deletedOrders, orderListPage } from './adminList.ts';

const t = openTestShop({ demo: true });
afterAll(() => t.close());

interface Row {
  order_id: number;
  name: string;
  email: string;
  phone_number: string;
  phone_digits: string;
  created_at: number;
  total_cents: number;
  is_tax_exempt: number;
  season_purchased: number;
}

const everyOrder = () =>
  t.shop.database.sqlite
    .prepare('select * from orders where deleted_at is null order by created_at desc, order_id desc')
    .all() as Row[];

const query = (q: Partial<OrderListQuery>) => orderListQuerySchema.parse({ season: ALL_SEASONS, ...q });

/** The rule the screen applied on the client, written plainly. */
const matches = (o: Row, text: string) => {
  const needle = text.trim().toLowerCase();
  const haystack = [
    o.order_id,
    o.name,
    o.email,
    o.phone_number,
    formatDate(o.created_at, t.shop.config.shop.timeZone),
  ]
    .join(' ')
    .toLowerCase();
  const digits = needle.replace(/\D/g, '');
  return (
    needle.split(/\s+/).every((w) => haystack.includes(w)) ||
    (digits.length >= 3 && o.phone_digits.includes(digits))
  );
};

/** Filter texts that find an order by each of its fields, and two that find none. */
const textsFinding = (sample: Row) => {
  const firstName = sample.name.split(' ')[0]!;
  return [
    firstName.toUpperCase(),
    `${firstName.toLowerCase()} ${sample.email.split('@')[1]}`,
    sample.phone_number.slice(-4),
    sample.phone_digits.slice(2, 7),
    String(sample.order_id),
    formatDate(sample.created_at, t.shop.config.shop.timeZone),
    'nobody-has-this-name',
    '100%',
  ];
};

describe('orderListPage', () => {
  it('filters by every word in id, name, e-mail, phone or the date, and by phone digits, like the screen did', () => {
    const orders = everyOrder();
    const sample = orders[7]!;
    for (const text of textsFinding(sample)) {
      const page = orderListPage(t.shop, query({ text, pageSize: 100 }));
      const expected = orders.filter((o) => matches(o, text));
      expect(page.total, text).toBe(expected.length);
      expect(
        page.rows.map((r) => r.orderId),
        text,
      ).toEqual(expected.slice(0, 100).map((o) => o.order_id));
    }
  });

  it('pages, sorts either way on any column, and filters by season and tax exemption', () => {
    const orders = everyOrder();
    const seasons = [...new Set(orders.map((o) => o.season_purchased))];
    const season = seasons[1]!;
    const inSeason = orders.filter((o) => o.season_purchased === season);
    const page2 = orderListPage(t.shop, query({ season, page: 1, pageSize: 5 }));
    expect(page2.total).toBe(inSeason.length);
    expect(page2.rows.map((r) => r.orderId)).toEqual(inSeason.slice(5, 10).map((o) => o.order_id));

    const byTotal = orderListPage(t.shop, query({ sort: 'totalPrice', desc: false, pageSize: 100 }));
    const totals = byTotal.rows.map((r) => r.totalPrice);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals[0]).toBe(Math.min(...orders.map((o) => o.total_cents)) / 100);

    t.shop.database.sqlite.exec('update orders set is_tax_exempt = 1 where order_id % 5 = 0');
    const exempt = orderListPage(t.shop, query({ tax: 'exempt', pageSize: 100 }));
    const taxed = orderListPage(t.shop, query({ tax: 'taxed', pageSize: 100 }));
    expect(exempt.total).toBe(everyOrder().filter((o) => o.is_tax_exempt).length);
    expect(exempt.total + taxed.total).toBe(orders.length);
    expect(exempt.rows.every((r) => r.isTaxExempt)).toBe(true);
  });

  it('filters by pick-up day (a day, none, all) and names the day on each row', () => {
    const sqlite = t.shop.database.sqlite;
    const dayId = Number(
      sqlite
        .prepare(
          "insert into pick_up_days (date, start_time, end_time, capacity) values ('2031-04-05', '09:00', '15:30', 50)",
        )
        .run().lastInsertRowid,
    );
    sqlite.prepare('update orders set pick_up_day_id = ? where order_id % 7 = 0').run(dayId);
    const orders = everyOrder() as (Row & { pick_up_day_id: number | null })[];
    const onDay = orderListPage(t.shop, query({ pickUpDay: dayId, pageSize: 100 }));
    const without = orderListPage(t.shop, query({ pickUpDay: 'none', pageSize: 100 }));
    const all = orderListPage(t.shop, query({ pageSize: 100 }));
    expect(onDay.total).toBe(orders.filter((o) => o.pick_up_day_id === dayId).length);
    expect(onDay.total).toBeGreaterThan(0);
    expect(onDay.total + without.total).toBe(all.total);
    expect(onDay.rows.every((r) => r.pickUpDayId === dayId && r.pickUpDate === '2031-04-05')).toBe(true);
    expect(onDay.rows[0]?.displayPickUpDay).toBe('Saturday, April 5, 2031, 9:00 AM to 3:30 PM');
    expect(without.rows.every((r) => r.pickUpDayId === null && r.displayPickUpDay === null)).toBe(true);
    // Sorted by the day's date: orders without a day first, ascending; the day's orders last.
    const earlier = Number(
      sqlite
        .prepare(
          "insert into pick_up_days (date, start_time, end_time, capacity) values ('2031-04-01', '09:00', '12:00', 50)",
        )
        .run().lastInsertRowid,
    );
    sqlite.prepare('update orders set pick_up_day_id = ? where order_id % 7 = 3').run(earlier);
    const byDay = orderListPage(t.shop, query({ sort: 'pickUpDate', desc: false, pageSize: 100, page: 0 }));
    const dates = byDay.rows.map((r) => r.pickUpDate ?? '');
    expect(dates).toEqual([...dates].sort());
    const latest = orderListPage(t.shop, query({ sort: 'pickUpDate', desc: true, pageSize: 5 }));
    expect(latest.rows.every((r) => r.pickUpDate === '2031-04-05')).toBe(true);
    expect(orderListQuerySchema.safeParse({ pickUpDay: 'someday' }).error?.issues[0]?.message).toBe(
      "pickUpDay must be 'all', 'none' or the number of a pick-up day.",
    );
  });
});

describe('deletedOrders', () => {
  it("finds the deleted orders the Orders screen's filter names, by the same rule as its list", () => {
    const sqlite = t.shop.database.sqlite;
    const live = everyOrder();
    // Every third order, up to 60, deleted a minute apart.
    const deleting = live.filter((_o, i) => i % 3 === 0).slice(0, 60);
    const remove = sqlite.prepare(
      "update orders set deleted_at = ?, deleted_by = 'Sam Staff' where order_id = ?",
    );
    for (const [i, o] of deleting.entries()) remove.run(1_900_000_000_000 + i * 60_000, o.order_id);
    // The demo's own deleted orders and these.
    const deleted = sqlite
      .prepare('select * from orders where deleted_at is not null order by deleted_at desc, order_id desc')
      .all() as Row[];
    const ids = (text?: string, limit?: number) =>
      deletedOrders(t.shop, { ...(text === undefined ? {} : { text }), ...(limit ? { limit } : {}) })
        .toJSON()
        .map((r) => r.orderId);
    expect(ids()).toEqual(deleted.map((o) => o.order_id));
    expect(ids('')).toEqual(deleted.map((o) => o.order_id));
    for (const text of textsFinding(deleted[4]!)) {
      const expected = deleted.filter((o) => matches(o, text)).map((o) => o.order_id);
      expect(ids(text), text).toEqual(expected);
      // Paged too: a page of two and the pages after it, through the cursor.
      const first = deletedOrders(t.shop, { text, limit: 2 }).page(2);
      expect(
        first.rows.map((r) => r.orderId),
        text,
      ).toEqual(expected.slice(0, 2));
      if (first.next !== null) {
        const second = deletedOrders(t.shop, { text, limit: 2, after: first.next }).page(2);
        expect(
          second.rows.map((r) => r.orderId),
          text,
        ).toEqual(expected.slice(2, 4));
      }
    }
    // The list of orders that are not deleted no longer finds them.
    const name = deleted[4]!.name;
    const listed = orderListPage(t.shop, query({ text: name, pageSize: 100 })).rows.map((r) => r.orderId);
    expect(listed.some((id) => deleting.some((d) => d.order_id === id))).toBe(false);
  });
});

describe("a season's whole list", () => {
  it('is read a chunk at a time from an index in its own order, with no sort of the season per chunk', () => {
    // The keyset read of the season list (listStatement), each chunk after the last row of the one before.
    const plan = t.shop.database.sqlite
      .prepare(
        `explain query plan select order_id from orders
         where +deleted_at is null and season_purchased = ? and created_at <= ? and (created_at, order_id) < (?, ?)
         order by created_at desc, order_id desc limit ?`,
      )
      .all(2026, 0, 0, 0, 50) as { detail: string }[];
    const steps = plan.map((step) => step.detail).join('\n');
    expect(steps).toContain('orders_season_created_idx');
    expect(steps).not.toContain('TEMP B-TREE');
  });
});
