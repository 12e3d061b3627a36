import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, shopInBrowser } from './support/index.ts';

// On a phone (390 x 844) every pick-up day menu lies inside the screen and shows the chosen day whole: a native
// menu cannot wrap, and 'Wednesday, September 22, 2027 (0 orders)' was cut off at its right edge. The other
// admin menus and screens found too wide at that size are checked here as well.

const e2e = shopInBrowser();
const nextYear = new Date().getFullYear() + 1;
let orderId: number;
let longDay: number;

beforeAll(() => {
  const sqlite = e2e.shop.shop.database.sqlite;
  const day = sqlite.prepare(
    'INSERT INTO pick_up_days (date, start_time, end_time, capacity, note) VALUES (?, ?, ?, ?, ?)',
  );
  // The longest a day's name gets: a Wednesday in September.
  longDay = Number(
    day.run(`${nextYear}-09-22`, '09:00', '16:00', 40, 'At the barn behind the greenhouse, by the red gate')
      .lastInsertRowid,
  );
  day.run(`${nextYear}-09-25`, '10:00', '14:30', 25, null);
  orderId = (
    sqlite.prepare('SELECT order_id AS id FROM orders ORDER BY order_id DESC LIMIT 1').get() as { id: number }
  ).id;
});

/** Each visible menu (select) that leaves the screen or cuts off the text it shows, with both widths. */
function cutOff(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const canvas = document.createElement('canvas').getContext('2d');
    const found: string[] = [];
    for (const select of document.querySelectorAll('select')) {
      const box = select.getBoundingClientRect();
      if (box.width === 0 || !canvas) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needs = canvas.measureText(text).width;
      if (box.left < 0 || box.right > width + 0.5 || needs > room + 0.5) {
        found.push(
          `"${text}" needs ${Math.round(needs)} px, has ${Math.round(room)}; ${box.left}..${box.right}`,
        );
      }
    }
    return { found, scrollWidth: document.documentElement.scrollWidth, width };
  });
}

describe('pick-up day menus on a phone', () => {
  it('lie inside the screen and show the chosen day whole, on every screen that offers one', async () => {
    const { page } = await e2e.staffPage({ path: '/Admin/Pickup', viewport: PHONE });
    const screens: [string, (() => Promise<void>) | null][] = [
      [`/Admin/Pickup?day=${longDay}`, null],
      [`/Admin/PickList?day=${longDay}`, null],
      [`/Admin/Orders?day=${longDay}`, null],
      [
        `/Admin/Orders/Edit/${orderId}`,
        async () => {
          await page.getByLabel('Pick-up day').selectOption(String(longDay));
        },
      ],
    ];
    for (const [path, choose] of screens) {
      await page.goto(`${e2e.shop.origin}${path}`);
      const menu = page.locator('select').filter({ has: page.locator(`option[value="${longDay}"]`) });
      await menu.first().waitFor();
      await choose?.();
      await expect.poll(() => menu.first().inputValue()).toBe(String(longDay));
      const seen = await cutOff(page);
      expect([path, seen.found]).toEqual([path, []]);
      expect([path, seen.scrollWidth]).toEqual([path, seen.width]);
    }
  });

  it("show the new season's status choices whole in Settings", async () => {
    const { page } = await e2e.staffPage({ path: '/Admin/Settings', viewport: PHONE });
    const choice = page.locator('.season-status select').last();
    await choice.waitFor();
    expect(await choice.inputValue()).not.toBe('');
    const seen = await cutOff(page);
    expect(seen.found).toEqual([]);
    expect(seen.scrollWidth).toBe(seen.width);
  });
});

describe('the season report on a phone', () => {
  it("never scrolls the page sideways, the chart's table for screen readers included", async () => {
    const { page } = await e2e.staffPage({ path: '/Admin/SeasonReport', viewport: PHONE });
    await page.getByRole('img', { name: /Sell-through by product type and season/ }).waitFor();
    // Still there for a screen reader, only out of sight.
    await page
      .getByRole('table', { name: 'Sell-through by product type and season' })
      .waitFor({ state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  });
});
