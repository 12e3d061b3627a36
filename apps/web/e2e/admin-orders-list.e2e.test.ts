import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopInBrowser } from './support/index.ts';

// The Orders list is paged and filtered by the server with its season, filter and page in the address:
// a new filter goes back to the first page, Back brings the earlier list and its filter back, and the
// count is the server's.

const e2e = shopInBrowser();
let page: Page;
let consoleErrors: string[];

function count(where: string, ...params: unknown[]): number {
  return (
    e2e.shop.shop.database.sqlite
      .prepare(`select count(*) as n from orders where ${where}`)
      .get(...params) as {
      n: number;
    }
  ).n;
}

const shownCount = () => page.getByText(/^Showing \d+ Order\(s\)$/).textContent();
const pagerPosition = () => page.getByTestId('orders-table').locator('[aria-current="page"]').textContent();

beforeAll(async () => {
  ({ page, consoleErrors } = await e2e.staffPage({ path: '/Admin/Orders', name: 'Pat Staff' }));
});

describe('the Orders list in the address', () => {
  it('keeps season, filter and page in the address; a filter returns to page 1 and Back restores the list', async () => {
    const all = count('deleted_at is null');
    expect(all).toBeGreaterThan(20);
    await page.getByLabel('Season', { exact: true }).selectOption('-1');
    await page.waitForURL((url) => url.searchParams.get('season') === '-1');
    await expect.poll(shownCount).toBe(`Showing ${all} Order(s)`);

    await page.getByTestId('orders-table').getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(await pagerPosition()).toMatch(/^2 \/ \d+$/);

    // A customer's last name: the filter leaves page 2 for the first page and counts on the server.
    const { name } = e2e.shop.shop.database.sqlite
      .prepare('select name from orders where deleted_at is null order by order_id limit 1')
      .get() as { name: string };
    const lastName = name.split(' ').at(-1) ?? name;
    const matching = count(
      'deleted_at is null and (name like ? or email like ?)',
      `%${lastName}%`,
      `%${lastName}%`,
    );
    await page.getByPlaceholder('Filter Orders...').fill(lastName);
    await page.waitForURL((url) => url.searchParams.get('q') === lastName && !url.searchParams.has('page'));
    await expect.poll(shownCount).toBe(`Showing ${matching} Order(s)`);
    expect(await pagerPosition()).toMatch(/^1 \/ \d+$/);
    const rows = page.getByTestId('orders-table').locator('tbody tr');
    for (const text of await rows.allTextContents())
      expect(text.toLowerCase()).toContain(lastName.toLowerCase());

    // Back: the unfiltered second page of every season, with the box emptied.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('q') && url.searchParams.get('page') === '2');
    await expect.poll(shownCount).toBe(`Showing ${all} Order(s)`);
    expect(await page.getByPlaceholder('Filter Orders...').inputValue()).toBe('');
    expect(await pagerPosition()).toMatch(/^2 \/ \d+$/);

    // A reload of a filtered address shows the same list.
    await page.goto(`${e2e.shop.origin}/Admin/Orders?season=-1&q=${encodeURIComponent(lastName)}`);
    await expect.poll(shownCount).toBe(`Showing ${matching} Order(s)`);
    expect(await page.getByPlaceholder('Filter Orders...').inputValue()).toBe(lastName);
    expect(consoleErrors).toEqual([]);
  });

  it('filters the deleted orders too, with their heading counting what the filter finds', async () => {
    const deletedCount = () => page.getByText(/^Showing \d+ Deleted Order\(s\)$/).textContent();
    const allDeleted = count('deleted_at is not null');
    await page.goto(`${e2e.shop.origin}/Admin/Orders`);
    // The deleted orders come a second after the list, as the spec says.
    await expect.poll(deletedCount, { timeout: 15_000 }).toBe(`Showing ${allDeleted} Deleted Order(s)`);
    // The last name of a customer with a deleted order: both tables show that customer's orders only.
    const { name } = e2e.shop.shop.database.sqlite
      .prepare('select name from orders where deleted_at is not null order by order_id limit 1')
      .get() as { name: string };
    const lastName = name.split(' ').at(-1) ?? name;
    const matching = count(
      'deleted_at is not null and (name like ? or email like ?)',
      `%${lastName}%`,
      `%${lastName}%`,
    );
    expect(matching).toBeLessThan(allDeleted);
    await page.getByPlaceholder('Filter Orders...').fill(lastName);
    // Before: the deleted table kept every deleted order, whatever the filter.
    await expect.poll(deletedCount).toBe(`Showing ${matching} Deleted Order(s)`);
    const rows = page.getByTestId('deleted-orders-table').locator('tbody tr');
    expect(await rows.count()).toBe(Math.min(matching, 10));
    for (const text of await rows.allTextContents())
      expect(text.toLowerCase()).toContain(lastName.toLowerCase());

    // A filter that finds no deleted order says so; an empty box shows them all again.
    await page.getByPlaceholder('Filter Orders...').fill('nobody-has-this-name');
    await expect.poll(deletedCount).toBe('Showing 0 Deleted Order(s)');
    await page.getByTestId('deleted-orders-table').getByText('No deleted orders match.').waitFor();
    await page.getByPlaceholder('Filter Orders...').fill('');
    await expect.poll(deletedCount).toBe(`Showing ${allDeleted} Deleted Order(s)`);
    expect(consoleErrors).toEqual([]);
  });
});
