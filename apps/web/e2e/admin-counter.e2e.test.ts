import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopInBrowser } from './support/index.ts';

// The staff side away from the order edit page, on the demo shop: what a clerk at the counter
// (1366 x 768) meets on the catalogue, stock, orders and settings screens.

const e2e = shopInBrowser();
let page: Page;

function sql<T>(query: string, ...params: unknown[]): T[] {
  return e2e.shop.shop.database.sqlite.prepare(query).all(...params) as T[];
}

beforeAll(async () => {
  ({ page } = await e2e.staffPage({ name: 'Sam Staff', viewport: { width: 1366, height: 768 } }));
});

describe('notifications', () => {
  it('shows the same message once, however often it comes (the spec: duplicates prevented)', async () => {
    const [product] = sql<{ product_id: number; name: string; is_dougs: number }>(
      "select product_id, name, is_dougs from products where name = 'Red Maple'",
    );
    expect(product).toBeDefined();
    await page.goto(`${e2e.shop.origin}/Admin/Products?q=Red+Maple`);
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

/** The names of the rows shown, top to bottom, as each catalogue screen prints them. */
async function shownNames(screen: 'Products' | 'Stock' | 'Photos'): Promise<string[]> {
  if (screen === 'Stock') return page.getByTestId('stock-list').locator('li h2').allTextContents();
  if (screen === 'Products')
    return page
      .getByTestId('admin-products-table')
      .locator('tbody tr td:nth-child(2) strong')
      .allTextContents();
  return page.getByTestId('admin-photos-table').locator('tbody tr td:nth-child(2) a').allTextContents();
}

async function search(screen: 'Products' | 'Stock' | 'Photos', text: string) {
  await page.goto(`${e2e.shop.origin}/Admin/${screen}`);
  await page.getByPlaceholder('Filter Products...').fill(text);
}

describe('fuzzy search by relevance', () => {
  for (const screen of ['Products', 'Stock', 'Photos'] as const) {
    it(`${screen}: "white pine" shows White Pine first, "maple" every maple before anything else`, async () => {
      await search(screen, 'white pine');
      await expect
        .poll(async () => (await shownNames(screen))[0])
        .toMatch(/^White Pine\b(?! Transplant| Seed| Liner)/);
      const maples = sql<{ name: string }>(
        "select name from products where name like '%maple%' and deleted_at is null and product_status <> 4",
      ).map((p) => p.name);
      expect(maples.length).toBe(7);
      await search(screen, 'maple');
      await expect
        .poll(async () => (await shownNames(screen)).slice(0, 7).filter((name) => /maple/i.test(name)).length)
        .toBe(7);
      // The count under the list: 47 of 155 matched before; now the maples and a few near misses.
      const counter = page.getByText(/^Showing \d+ to \d+ of \d+/).first();
      const matched = Number(/ of (\d+)/.exec((await counter.textContent()) ?? '')?.[1]);
      expect(matched).toBeGreaterThanOrEqual(7);
      expect(matched).toBeLessThan(25);
    });
  }

  it('Products: a column the user sorts by wins over relevance, and clearing it brings relevance back', async () => {
    await search('Products', 'maple');
    const table = page.getByTestId('admin-products-table');
    await expect.poll(async () => (await shownNames('Products'))[0]).toMatch(/Maple/);
    const relevance = await shownNames('Products');
    const idHeader = table.getByRole('button', { name: /^Id/ });
    await idHeader.click();
    // Figures sort high to low first, as the table library does for numbers.
    await expect
      .poll(() => table.locator('th[aria-sort]').first().getAttribute('aria-sort'))
      .toBe('descending');
    const ids = (await table.locator('tbody tr td:nth-child(1)').allTextContents()).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await shownNames('Products')).not.toEqual(relevance);
    await idHeader.click();
    await idHeader.click();
    await expect.poll(() => shownNames('Products')).toEqual(relevance);
    // Without a filter the list is by name again.
    await page.getByPlaceholder('Filter Products...').fill('');
    await expect
      .poll(async () => {
        const names = await shownNames('Products');
        return names.length > 1 && names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n) <= 0);
      })
      .toBe(true);
  });
});

describe('stock', () => {
  /** An orderable product whose stock is counted this season, with some of it left after the orders. */
  function trackedProduct() {
    const [product] = sql<{ product_id: number; name: string }>(
      `select p.product_id, p.name from products p
       where p.product_status = 2 and p.deleted_at is null
         and exists (select 1 from stock_changes s where s.product_id = p.product_id)
       order by p.product_id limit 1`,
    );
    if (!product) throw new Error('the demo shop has no counted stock');
    return product;
  }

  async function stockRow(productId: number, name: string) {
    await page.goto(`${e2e.shop.origin}/Admin/Stock?q=${encodeURIComponent(name)}`);
    const item = page.getByTestId(`stock-${productId}`);
    await item.waitFor();
    return { item, input: item.getByLabel(`Change in stock for ${name}`) };
  }

  it('keeps 1000001 as typed and says it is above the maximum instead of cutting it to 100000', async () => {
    const { product_id, name } = trackedProduct();
    const { item, input } = await stockRow(product_id, name);
    const current = Number(await item.getByTestId(/^current-stock-/).textContent());
    await input.fill('');
    await input.pressSequentially('1000001');
    expect(await input.inputValue()).toBe('1000001');
    await item.getByText('A change in stock can be at most 1,000,000.').waitFor();
    await item.getByText(`The new stock value will be ${current}`).waitFor();
    // Not taken: nothing to review or save.
    expect(
      await page
        .getByRole('button', { name: /^Review Stock Changes/ })
        .first()
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await item.getByRole('button', { name: 'Reset' }).click();
  });

  it('warns before stock goes below zero and before a product is quietly turned Sold Out', async () => {
    const { product_id, name } = trackedProduct();
    const { item, input } = await stockRow(product_id, name);
    const current = Number(await item.getByTestId(/^current-stock-/).textContent());
    const change = -(current + 5);
    await input.fill(String(change));
    const below = `This takes the stock of ${name} below zero, to -5: there are only ${current} counted. Check the number before saving.`;
    const soldOut = `Saving this marks ${name} Sold Out: nothing is left after this season's orders.`;
    await item.getByText(below).waitFor();
    await item.getByText(soldOut).waitFor();
    await page.getByRole('button', { name: 'Review Stock Changes (1)' }).first().click();
    const summary = page.getByTestId('stock-summary-modal');
    await summary.getByText(below).waitFor();
    await summary.getByText(soldOut).waitFor();
    // Warned, not refused: staff may still mean it (a count that found nothing on the bench).
    await summary.getByRole('button', { name: 'Cancel' }).click();
    await summary.waitFor({ state: 'detached' });
    await item.getByRole('button', { name: 'Reset' }).click();
    expect(
      sql<{ s: number }>('select product_status as s from products where product_id = ?', product_id)[0]?.s,
    ).toBe(2);
  });
});

describe('saved messages', () => {
  const stored = () =>
    sql<{ name: string }>('select name from saved_messages order by name').map((m) => m.name);
  const liveMessage = () =>
    sql<{ value: string }>("select value from settings where name = 'Message'")[0]?.value;

  it('renames a saved message and deletes one after a confirmation, leaving the live message alone', async () => {
    const live = liveMessage();
    await page.goto(`${e2e.shop.origin}/Admin/Settings`);
    const chooser = page.getByLabel('Saved messages');
    await chooser.locator('option', { hasText: 'Fall sale' }).waitFor({ state: 'attached' });
    await chooser.selectOption('Fall sale');

    await page.getByRole('button', { name: 'Rename saved message Fall sale' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename saved message' });
    await dialog.getByLabel('Name').fill('Autumn sale');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.toast-text', { hasText: 'Renamed to "Autumn sale".' }).waitFor();
    await expect.poll(() => chooser.inputValue()).toBe('Autumn sale');
    expect(stored()).toContain('Autumn sale');
    expect(stored()).not.toContain('Fall sale');

    // A name another saved message has is refused with the server's words, and nothing changes.
    await page.getByRole('button', { name: 'Rename saved message Autumn sale' }).click();
    await dialog.getByLabel('Name').fill('Orders closed');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await page
      .getByText(
        '(400) There is already a saved message named "Orders closed". Choose another name, or delete that one first.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(stored()).toContain('Autumn sale');

    await page.getByRole('button', { name: 'Delete saved message Autumn sale' }).click();
    const ask = page.getByRole('dialog');
    await ask
      .getByText('Delete the saved message "Autumn sale"? The message shown on the shop stays as it is.')
      .waitFor();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.toast-text', { hasText: 'Saved message deleted.' }).waitFor();
    await expect.poll(() => chooser.locator('option', { hasText: 'Autumn sale' }).count()).toBe(0);
    expect(stored()).not.toContain('Autumn sale');
    expect(liveMessage()).toBe(live);
  });
});

describe('orders list at 1366 x 768', () => {
  it('shows the first order above the fold with the year-over-year chart on screen', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Orders`);
    const firstRow = page.getByTestId('orders-table').locator('tbody tr').first();
    await firstRow
      .getByRole('button', { name: /^Details/ })
      .first()
      .waitFor();
    const chart = page.getByRole('img', { name: /by month for the seasons/ });
    await chart.waitFor();
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/orders-1366.png` });
    const row = await firstRow.boundingBox();
    const drawn = await chart.boundingBox();
    expect(row).not.toBeNull();
    expect(drawn).not.toBeNull();
    // The whole first row within the first screen, without scrolling.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(row!.y + row!.height).toBeLessThanOrEqual(768);
    // The chart is kept, big enough to read its lines.
    expect(drawn!.y).toBeLessThan(768);
    expect(drawn!.height).toBeGreaterThanOrEqual(120);
    expect(drawn!.width).toBeGreaterThanOrEqual(300);
  });
});

describe('orders list and Details on a phone (390 x 844)', () => {
  it("shows every order's total, Details, View and Tax Exempt without a sideways scroll, and the Details lines with their prices", async () => {
    const phone = await e2e.staffPage({
      name: 'Sam Staff',
      path: '/Admin/Orders',
      viewport: { width: 390, height: 844 },
    });
    const p = phone.page;
    try {
      const table = p.getByTestId('orders-table');
      const firstRow = table.locator('tbody tr').first();
      const details = firstRow.getByRole('button', { name: /^Details/ });
      await details.waitFor();
      const shots = process.env.E2E_SCREENSHOTS;
      if (shots) await p.screenshot({ path: `${shots}/orders-390.png`, fullPage: false });
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

      /** On screen: drawn, inside the phone's width, and not hidden in a box scrolled sideways. */
      const onScreen = async (locator: ReturnType<typeof p.locator>, what: string) => {
        expect(await locator.isVisible(), what).toBe(true);
        const box = await locator.boundingBox();
        expect(box, what).not.toBeNull();
        expect([what, box!.x >= 0 && box!.x + box!.width <= 390]).toEqual([what, true]);
      };
      const wraps = p.locator('.admin-orders .table-wrap');
      for (const wrap of await wraps.all()) {
        const { scrollWidth, clientWidth } = await wrap.evaluate((e) => ({
          scrollWidth: e.scrollWidth,
          clientWidth: e.clientWidth,
        }));
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      }
      await onScreen(details, 'Details');
      await onScreen(firstRow.getByRole('link', { name: 'View' }), 'View');
      await onScreen(firstRow.getByRole('checkbox'), 'Tax Exempt');
      await onScreen(firstRow.locator('td[data-label="Order Total"]'), 'Order Total');
      expect(await firstRow.locator('td[data-label="Order Total"]').textContent()).toMatch(/\$\d/);

      await details.click();
      const modal = p.getByTestId('order-details');
      const line = modal.locator('tbody tr').first();
      await line.waitFor();
      if (shots) await p.screenshot({ path: `${shots}/order-details-390.png` });
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      const modalWrap = modal.locator('.table-wrap');
      const { scrollWidth, clientWidth } = await modalWrap.evaluate((e) => ({
        scrollWidth: e.scrollWidth,
        clientWidth: e.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
      await onScreen(line.locator('td[data-label="Unit Price"]'), 'Unit Price');
      await onScreen(line.locator('td[data-label="Subtotal"]'), 'Subtotal');
      expect(await line.locator('td[data-label="Subtotal"]').textContent()).toMatch(/\$\d/);
      await onScreen(modal.getByText(/Total \$/).first(), 'order total');
    } finally {
      await phone.context.close();
    }
  });
});

describe('product type 11', () => {
  it("reads 'special offers group', as the spec names it, in the product form and the storefront's sidebar", async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Products`);
    await page.getByRole('button', { name: 'Add Product...' }).click();
    const modal = page.getByTestId('product-modal');
    const type = modal.getByLabel('Type');
    await type.waitFor();
    expect(await type.locator('option[value="11"]').textContent()).toBe('special offers group');
    await page.keyboard.press('Escape');
    await page.goto(`${e2e.shop.origin}/Products`);
    await page.getByText('special offers group', { exact: false }).first().waitFor();
    expect(await page.getByText('Special Offers', { exact: true }).count()).toBe(0);
  });
});
