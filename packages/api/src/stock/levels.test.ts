import { seasonBounds, seasonOf } from '@nursery/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestShop } from '../testing/testShop.ts';
import { currentSeason, figuresFor, type OrderIdRange, seasonOrderRanges, stockLevels } from './levels.ts';

describe('currentSeason', () => {
  // Kathmandu (+05:45) and Chatham (+12:45/+13:45) have midnights at odd quarter hours: still whole minutes.
  for (const zone of ['America/Chicago', 'Asia/Kathmandu', 'Pacific/Chatham']) {
    let clock = new Date('2026-01-01T00:00:00Z');
    const t = openTestShop({ demo: false, env: { SHOP_TIME_ZONE: zone }, now: () => clock });
    afterAll(() => t.close());

    it(`agrees with the calendar second by second across a season's first midnight in ${zone}`, () => {
      const { start } = seasonBounds(2026, zone, t.shop.config.seasonStartMonth);
      for (let s = -150; s <= 150; s += 7) {
        clock = new Date(start.getTime() + s * 1000);
        expect(currentSeason(t.shop)).toBe(seasonOf(clock, zone, t.shop.config.seasonStartMonth));
      }
      clock = new Date(start.getTime() - 1);
      expect(currentSeason(t.shop)).toBe(2025);
      clock = start;
      expect(currentSeason(t.shop)).toBe(2026);
    });
  }
});

describe('stockLevels', () => {
  const t = openTestShop({ demo: true });
  afterAll(() => t.close());

  // The sums are read two ways (a few products through their own lines, many through the season's orders):
  // both must give what a plain sum over the season's orders that are not deleted gives, for every season.
  it('sums sales the same way for a few products, many products and the whole catalogue', () => {
    const sqlite = t.shop.database.sqlite;
    // A deleted order in every season, so the sums must leave deleted orders out.
    sqlite.exec(
      `update orders set deleted_at = 1, deleted_by = 'test' where order_id in
         (select min(order_id) from orders group by season_purchased)`,
    );
    const seasons = (
      sqlite.prepare('select distinct season_purchased as s from orders').all() as { s: number }[]
    ).map((r) => r.s);
    expect(seasons.length).toBeGreaterThan(1);
    // Orders entered for another season than their neighbours' (a season's orders are not one run of ids):
    // the newest order into the oldest season and the oldest into the newest.
    const [oldest, newest] = [Math.min(...seasons), Math.max(...seasons)];
    sqlite.exec(
      `update orders set season_purchased = ${oldest} where order_id = (select max(order_id) from orders where deleted_at is null);
       update orders set season_purchased = ${newest} where order_id = (select min(order_id) from orders where deleted_at is null)`,
    );
    const ids = (sqlite.prepare('select product_id as id from products').all() as { id: number }[]).map(
      (r) => r.id,
    );
    expect(ids.length).toBeGreaterThan(16);
    for (const season of seasons) {
      const expected = new Map(
        (
          sqlite
            .prepare(
              `select l.product_id as id, sum(l.quantity) as sold, sum(l.subtotal_cents) as revenue
               from order_lines l join orders o on o.order_id = l.order_id
               where o.season_purchased = ? and o.deleted_at is null group by l.product_id`,
            )
            .all(season) as { id: number; sold: number; revenue: number }[]
        ).map((r) => [r.id, { sold: r.sold, revenue: r.revenue }]),
      );
      expect(expected.size).toBeGreaterThan(0);
      const all = stockLevels(t.shop, { season });
      const many = stockLevels(t.shop, { season, productIds: ids });
      for (const id of ids) {
        const few = figuresFor(stockLevels(t.shop, { season, productIds: [id] }), id);
        const want = expected.get(id) ?? { sold: 0, revenue: 0 };
        for (const figures of [figuresFor(all, id), figuresFor(many, id), few]) {
          expect({ sold: figures.numSold, revenue: figures.revenueCents }).toEqual(want);
        }
      }
      // Asked for some products, the season-first path answers those alone.
      const some = stockLevels(t.shop, { season, productIds: ids.slice(0, 20) });
      expect([...some.keys()].every((id) => ids.slice(0, 20).includes(id))).toBe(true);
    }
  });
});

describe("an order's products' sales", () => {
  const t = openTestShop({ demo: true });
  afterAll(() => t.close());
  const sqlite = t.shop.database.sqlite;
  const seasonOfOrder = new Map<number, number>();
  const readSeasons = () => {
    seasonOfOrder.clear();
    for (const row of sqlite.prepare('select order_id as id, season_purchased as s from orders').all() as {
      id: number;
      s: number;
    }[])
      seasonOfOrder.set(row.id, row.s);
  };
  const inRanges = (id: number, ranges: readonly OrderIdRange[]) =>
    ranges.some((r) => id > r.after && (r.before === null || id < r.before));

  it("read a season's sales from its own runs of ids, whichever other seasons lie between them", () => {
    const current = currentSeason(t.shop);
    const columns = (sqlite.prepare('pragma table_info(orders)').all() as { name: string }[])
      .map((c) => c.name)
      .filter((c) => c !== 'order_id' && c !== 'season_purchased');
    const copy = sqlite.prepare(
      `insert into orders (season_purchased, ${columns.join(', ')})
       select ?, ${columns.join(', ')} from orders where order_id = (select min(order_id) from orders)`,
    );
    // As a history loaded after the demo's orders: last season's orders above this season's first ones, then
    // this season's again, then runs of two seasons taking turns, more runs than ranges are kept for.
    for (let i = 0; i < 3; i += 1) copy.run(current - 1);
    for (let i = 0; i < 2; i += 1) copy.run(current);
    for (let i = 0; i < 16; i += 1) copy.run(current - 2 - (i % 2));
    copy.run(current);
    readSeasons();
    const seasons = [...new Set(seasonOfOrder.values())];
    for (const season of seasons) {
      const ranges = seasonOrderRanges(t.shop, season);
      const mine = [...seasonOfOrder].filter(([, s]) => s === season).map(([id]) => id);
      expect(mine.every((id) => inRanges(id, ranges))).toBe(true);
      // No other season's order in a range, but in the last one when the season has more runs than kept.
      const exact = ranges.length < 8 ? ranges : ranges.slice(0, -1);
      const others = [...seasonOfOrder].filter(([, s]) => s !== season).map(([id]) => id);
      expect(others.filter((id) => inRanges(id, exact))).toEqual([]);
      // Newest first; open above only when no other season has a later order.
      const newestOther = Math.max(...others);
      expect(ranges[0]?.before === null).toBe(Math.max(...mine) > newestOther);
    }
    expect(seasonOrderRanges(t.shop, current).length).toBe(3);
    expect(seasonOrderRanges(t.shop, current - 2).length).toBe(8);
    expect(seasonOrderRanges(t.shop, 1990)).toEqual([]);
  });

  it("find a season's runs of ids by seeks in the season index", () => {
    // An index of (season, date) holds the season's ids out of order: SQLite would read every entry of the
    // season for them on each order (2.8 ms at 10,000 orders a season against 0.07).
    const plans = [
      'select max(order_id) from orders where season_purchased = 2026 and order_id <= 5',
      'select min(order_id) from orders where season_purchased = 2026 and order_id > 5',
    ].map((query) =>
      (sqlite.prepare(`explain query plan ${query}`).all() as { detail: string }[])
        .map((step) => step.detail)
        .join('\n'),
    );
    expect(plans[0]).toContain('INDEX orders_season_idx (season_purchased=? AND rowid<?)');
    expect(plans[1]).toContain('INDEX orders_season_idx (season_purchased=? AND rowid>?)');
  });
});
