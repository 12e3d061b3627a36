import { seasonOf, zonedParts, zonedTimeToInstant } from '@nursery/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestShop } from '../testing/testShop.ts';
import { yearOverYearData, yearOverYearSheet } from './service.ts';

describe('yearOverYearData', () => {
  // Two zones with a different DST story, so a month boundary worked out in UTC would show.
  for (const zone of ['America/Chicago', 'Australia/Adelaide']) {
    const t = openTestShop({ demo: true, env: { SHOP_TIME_ZONE: zone } });
    afterAll(() => t.close());

    it(`counts each order in its own season and the month it was placed in ${zone}`, () => {
      const sqlite = t.shop.database.sqlite;
      const startMonth = t.shop.config.seasonStartMonth;
      // Orders right on a month's first instant and one millisecond before it, in the shop's zone.
      const some = sqlite
        .prepare('select order_id as id, season_purchased as s from orders limit 4')
        .all() as {
        id: number;
        s: number;
      }[];
      const edge = zonedTimeToInstant(zone, (some[0]?.s ?? 2024) + 1, 3, 1).getTime();
      const move = sqlite.prepare('update orders set created_at = ? where order_id = ?');
      move.run(edge, some[0]?.id);
      move.run(edge - 1, some[1]?.id);
      // A deleted order counts nowhere.
      sqlite.prepare('update orders set deleted_at = 1 where order_id = ?').run(some[2]?.id);

      // The plain way: every order's month in the shop's zone, one by one.
      const expected = new Map<number, { orders: number[]; cents: number[] }>();
      const rows = sqlite
        .prepare(
          'select season_purchased as season, created_at as at, subtotal_cents as cents from orders where deleted_at is null',
        )
        .all() as { season: number; at: number; cents: number }[];
      expect(rows.length).toBeGreaterThan(100);
      for (const row of rows) {
        const slot = (zonedParts(row.at, zone).month - startMonth + 12) % 12;
        const s = expected.get(row.season) ?? { orders: Array(12).fill(0), cents: Array(12).fill(0) };
        s.orders[slot] += 1;
        s.cents[slot] += row.cents;
        expected.set(row.season, s);
      }
      const data = yearOverYearData(t.shop);
      expect(data.months.map((m) => m.month)[0]).toBe(startMonth);
      const current = seasonOf(t.shop.now(), zone, startMonth);
      expect(data.seasons.map((s) => s.season)).toEqual(
        [...new Set([...expected.keys(), current])].sort((a, b) => a - b),
      );
      for (const s of data.seasons) {
        const want = expected.get(s.season) ?? { orders: Array(12).fill(0), cents: Array(12).fill(0) };
        expect({ season: s.season, orders: s.orders }).toEqual({ season: s.season, orders: want.orders });
        expect(s.revenue).toEqual(want.cents.map((c) => c / 100));
      }

      // The workbook's money cells carry the same integer cents, never dollars turned back into cents.
      const sheet = yearOverYearSheet(t.shop);
      data.seasons.forEach((s, k) => {
        const want = expected.get(s.season) ?? { orders: Array(12).fill(0), cents: Array(12).fill(0) };
        const column = [...sheet.rows].map((row) => row[2 + 2 * k]);
        expect(column).toEqual([
          ...want.cents.map((cents) => ({ kind: 'money', cents })),
          { kind: 'money', cents: want.cents.reduce((a, b) => a + b, 0) },
        ]);
      });
    });
  }
});
