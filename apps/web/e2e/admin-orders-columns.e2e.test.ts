import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopInBrowser } from './support/index.ts';

// The Orders list is the screen staff use most: on a laptop, a large screen and a tablet every column must be
// readable. A customer's name and e-mail are never narrower than about 14 characters of the table's own font;
// what does not fit scrolls sideways inside the table, never the page, and no header runs into the next.

const e2e = shopInBrowser();
let page: Page;
let consoleErrors: string[];

interface Measured {
  headers: { text: string; left: number; right: number; content: number; overflows: boolean }[];
  fourteenChars: number;
  pageScrollsSideways: boolean;
  tableScrollsSideways: boolean;
  cellsOverflow: string[];
}

/** The orders table's header boxes, the width of 14 characters of its font, and what spills out of its box. */
function measure(): Promise<Measured> {
  return page.evaluate(() => {
    const table = document.querySelector('[data-testid="orders-table"] table');
    if (!table) throw new Error('no orders table');
    const ths = [...table.querySelectorAll<HTMLElement>('thead th')];
    const headers = ths.map((th) => {
      const box = th.getBoundingClientRect();
      const style = getComputedStyle(th);
      // A header of an icon column holds only a visually hidden name.
      const shown = th.querySelector<HTMLElement>(':scope > :not(.sr-only)');
      return {
        text: th.textContent?.replace(/[▲▼↕]/g, '').trim() ?? '',
        left: box.left,
        right: box.right,
        // The width the header's text has inside its padding.
        content:
          th.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        // The header's own text wider than its cell: it runs into the next header.
        overflows: shown
          ? shown.scrollWidth > shown.clientWidth + 1 || shown.getBoundingClientRect().right > box.right + 1
          : th.scrollWidth > th.clientWidth + 1,
      };
    });
    const cell = table.querySelector<HTMLElement>('tbody td');
    const font = cell ? getComputedStyle(cell).font : '14px sans-serif';
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = font;
    const fourteenChars = context.measureText('Margaret Whitt').width;
    // Cells whose text is cut or spills over, except the e-mail column, which ends long addresses with '...'.
    const cellsOverflow: string[] = [];
    for (const row of table.querySelectorAll('tbody tr'))
      for (const [i, td] of [...row.querySelectorAll<HTMLElement>('td')].entries()) {
        if (td.classList.contains('cell-ellipsis')) continue;
        if (td.scrollWidth > td.clientWidth + 1) cellsOverflow.push(`${headers[i]?.text}: ${td.textContent}`);
      }
    const root = document.scrollingElement ?? document.documentElement;
    const wrap = table.closest<HTMLElement>('.table-wrap');
    return {
      headers,
      fourteenChars,
      pageScrollsSideways: root.scrollWidth > window.innerWidth,
      tableScrollsSideways: wrap ? wrap.scrollWidth > wrap.clientWidth : false,
      cellsOverflow,
    };
  });
}

beforeAll(async () => {
  // A pick-up day: its column is the widest set the list shows.
  const year = new Date().getUTCFullYear() + 1;
  e2e.shop.shop.database.sqlite
    .prepare(
      "insert into pick_up_days (date, start_time, end_time, capacity) values (?, '09:00', '16:00', 50)",
    )
    .run(`${year}-04-04`);
  ({ page, consoleErrors } = await e2e.staffPage({
    path: '/Admin/Orders?season=-1',
    name: 'Pat Staff',
    viewport: { width: 1366, height: 768 },
  }));
});

describe('the Orders list on a laptop, a large screen and a tablet', () => {
  for (const [width, height] of [
    [1366, 768],
    [1920, 1080],
    [1280, 800],
    [820, 1180],
  ] as const) {
    it(`shows every column readable at ${width}x${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.getByTestId('orders-table').locator('tbody tr').nth(5).waitFor();
      await page.getByRole('columnheader', { name: 'Pick-up Day' }).waitFor();
      const m = await measure();
      const byText = (text: string) => {
        const header = m.headers.find((h) => h.text === text);
        if (!header) throw new Error(`no ${text} column in ${m.headers.map((h) => h.text).join(', ')}`);
        return header;
      };
      expect(m.fourteenChars).toBeGreaterThan(80);
      expect(byText('Customer Name').content).toBeGreaterThanOrEqual(m.fourteenChars);
      expect(byText('Customer Email').content).toBeGreaterThanOrEqual(m.fourteenChars);
      for (const [left, right] of m.headers.slice(0, -1).map((h, i) => [h, m.headers[i + 1]] as const))
        expect(left.right, `${left.text} runs into ${right?.text}`).toBeLessThanOrEqual(
          (right?.left ?? 0) + 1,
        );
      expect(m.headers.filter((h) => h.overflows).map((h) => h.text)).toEqual([]);
      expect(m.cellsOverflow).toEqual([]);
      expect(m.pageScrollsSideways).toBe(false);
      // A laptop and up sees the whole row at once; below, the rest is a sideways scroll inside the table.
      if (width >= 1366) expect(m.tableScrollsSideways).toBe(false);
    });
  }

  it('logs nothing to the console', () => {
    expect(consoleErrors).toEqual([]);
  });
});
