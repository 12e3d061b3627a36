import path from 'node:path';
import { openDatabase } from '@nursery/db';
import { seasonOf, zonedParts, zonedTimeToInstant } from '@nursery/domain';
import { afterAll, describe, expect, it } from 'vitest';
import type { Shop } from '../shop.ts';
import { openTestShop } from '../testing/testShop.ts';
import {
  currentSeasonOrdersSheet,
  seasonPickupSheet,
  workbookAnswer,
  yearOverYearData,
  yearOverYearSheet,
} from './service.ts';
import type { ExportCell, ExportSheet } from './workbook.ts';

describe('yearOverYearData', () => {
  // Two zones with a different DST story, so a month boundary worked out in UTC would show.
  for (const zone of ['America/Chicago', 'Australia/Adelaide']) {
    const t = openTestShop({ demo: true, env: { SHOP_TIME_ZONE: zone } });
    afterAll(() => t.close());

    it(`counts each order in its own season and the month it was placed in ${zone}`, async () => {
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
      const data = await yearOverYearData(t.shop);
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
      const sheet = await yearOverYearSheet(t.shop);
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

describe('the current season orders export', () => {
  const t = openTestShop({ demo: true });
  afterAll(() => t.close());

  it('shows one moment of the shop on both sheets, even when an order arrives between their reads', async () => {
    const { sqlite } = t.shop.database;
    // The order writer's thread has a connection of its own; this is it, placing an order meanwhile.
    const writer = openDatabase(path.join(t.shop.config.dataDir, 'shop.db'), { alreadyOpen: true });
    try {
      const template = sqlite
        .prepare('select order_id from orders where season_purchased = ? and deleted_at is null limit 1')
        .pluck()
        .get(seasonOf(t.shop.now(), t.shop.config.shop.timeZone, t.shop.config.seasonStartMonth)) as
        | number
        | undefined;
      expect(template).toBeDefined();
      const columns = (table: string, key: string) =>
        (sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[])
          .map((c) => c.name)
          .filter((c) => c !== key)
          .join(', ');
      const orderColumns = columns('orders', 'order_id');
      const lineColumns = columns('order_lines', 'order_product_xref_id');
      const placeOrder = () =>
        writer.sqlite.transaction(() => {
          const id = writer.sqlite
            .prepare(
              `insert into orders (${orderColumns}) select ${orderColumns} from orders where order_id = ?`,
            )
            .run(template).lastInsertRowid;
          writer.sqlite
            .prepare(
              `insert into order_lines (${lineColumns}) select ${lineColumns.replace(/\border_id\b/, '?')} from order_lines where order_id = ?`,
            )
            .run(id, template);
        })();

      const read: ExportCell[][][] = [[], []];
      function* tap(rows: Iterable<ExportCell[]>, into: ExportCell[][], then?: () => void) {
        for (const row of rows) {
          into.push(row);
          yield row;
        }
        then?.();
      }
      // Read as the export reads them: through the shop its own read transaction sees.
      const sheets = (seen: Shop): ExportSheet[] => {
        const [orders, pickup] = [currentSeasonOrdersSheet(seen), seasonPickupSheet(seen)];
        return [
          { ...orders, rows: tap(orders.rows, read[0] ?? [], placeOrder) },
          { ...pickup, rows: tap(pickup.rows, read[1] ?? []) },
        ];
      };
      const countOrders = () => sqlite.prepare('select count(*) from orders').pluck().get() as number;
      const before = countOrders();
      const answer = await workbookAnswer(t.shop, 'CurrentSeasonOrdersWithProducts', sheets);
      for await (const _ of answer.body as AsyncIterable<string>) {
        // Read out, so its file goes.
      }

      const orderIds = (rows: ExportCell[][]) =>
        new Set(rows.flatMap(([cell]) => (cell?.kind === 'number' ? [cell.value] : [])));
      const onOrders = orderIds(read[0] ?? []);
      expect(onOrders.size).toBeGreaterThan(0);
      expect(orderIds(read[1] ?? [])).toEqual(onOrders);
      // The writer was not held back: its order is in the shop, on neither sheet of this workbook.
      expect(countOrders()).toBe(before + 1);
    } finally {
      writer.sqlite.close();
    }
  });
});
