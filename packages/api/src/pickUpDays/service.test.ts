import { afterAll, describe, expect, it } from 'vitest';
import { currentSeasonOrdersSheet } from '../exports/service.ts';
import { currentSeason } from '../stock/levels.ts';
import { openTestShop } from '../testing/testShop.ts';
import { listPickUpDays, openPickUpDays, orderPickUpDay, pickUpDayProblem } from './service.ts';

const t = openTestShop({ demo: true });
afterAll(() => t.close());

describe('pick-up days', () => {
  const sqlite = t.shop.database.sqlite;
  const add = (date: string, capacity: number) =>
    Number(
      sqlite
        .prepare(
          "insert into pick_up_days (date, start_time, end_time, capacity) values (?, '09:00', '13:00', ?)",
        )
        .run(date, capacity).lastInsertRowid,
    );
  const year = t.shop.now().getFullYear() + 1;

  it('counts only live orders against a day, and names the day in the season export', () => {
    const day = add(`${year}-04-04`, 2);
    const season = currentSeason(t.shop);
    const orders = sqlite
      .prepare('select order_id as id from orders where season_purchased = ? and deleted_at is null limit 3')
      .all(season) as { id: number }[];
    expect(orders).toHaveLength(3);
    const put = sqlite.prepare('update orders set pick_up_day_id = ? where order_id = ?');
    for (const o of orders) put.run(day, o.id);
    // Three on a day of two: possible only by staff restoring; a deleted one frees its place.
    sqlite.prepare('update orders set deleted_at = 1 where order_id = ?').run(orders[2]?.id);
    expect(listPickUpDays(t.shop).find((d) => d.pickUpDayId === day)).toMatchObject({
      booked: 2,
      isFull: true,
    });
    expect(pickUpDayProblem(t.shop, day)).toBe('That pick-up day is full. Please choose another day.');
    expect(openPickUpDays(t.shop).map((d) => d.pickUpDayId)).toContain(day);

    const sheet = currentSeasonOrdersSheet(t.shop);
    const column = sheet.headers.indexOf('Pick-up Day');
    expect(column).toBeGreaterThan(0);
    const onDay = [...sheet.rows].filter((r) => r[0]?.kind === 'number' && r[0].value === orders[0]?.id);
    expect(onDay.length).toBeGreaterThan(0);
    for (const row of onDay) expect(row[column]).toEqual({ kind: 'text', value: `${year}-04-04` });
    expect(orderPickUpDay(t.shop, day)).toMatchObject({ pickUpDate: `${year}-04-04` });
  });
});
