import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eShop, launchBrowser, newPage, signIn, startShop } from './support/index.ts';

// Issue 13, the staff side away from the order edit page, on the demo shop: what a clerk at the counter
// (1366 x 768) meets on the catalogue, stock, orders and settings screens.

let shop: E2eShop;
let browser: Browser;
let page: Page;

function sql<T>(query: string, ...params: unknown[]): T[] {
  return shop.shop.database.sqlite.prepare(query).all(...params) as T[];
}

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  ({ page } = await newPage(browser, { viewport: { width: 1366, height: 768 } }));
  await signIn(page, shop, { name: 'Sam Staff' });
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('notifications', () => {
  it('shows the same message once, however often it comes (the spec: duplicates prevented)', async () => {
    const [product] = sql<{ product_id: number; name: string; is_dougs: number }>(
      "select product_id, name, is_dougs from products where name = 'Red Maple'",
    );
    expect(product).toBeDefined();
    await page.goto(`${shop.origin}/Admin/Products?q=Red+Maple`);
    const row = page.getByTestId('admin-products-table').getByRole('row').filter({ hasText: 'Red Maple' });
    const flag = row.first().getByRole('checkbox');
    for (const expected of [!product!.is_dougs, !!product!.is_dougs]) {
      await flag.click();
      // The second answer is in when the box is usable again with the flag as sent, stored.
      await expect.poll(async () => (await flag.isEnabled()) && (await flag.isChecked())).toBe(expected);
      await expect
        .poll(
          () =>
            sql<{ d: number }>(
              'select is_dougs as d from products where product_id = ?',
              product!.product_id,
            )[0]?.d,
        )
        .toBe(expected ? 1 : 0);
    }
    await page.locator('.toast-text', { hasText: 'Flags updated.' }).first().waitFor();
    expect(await page.locator('.toast-text', { hasText: 'Flags updated.' }).count()).toBe(1);
  });
});
