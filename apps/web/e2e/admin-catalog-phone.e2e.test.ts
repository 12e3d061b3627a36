import { STOCK_NO_HISTORY } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopInBrowser } from './support/index.ts';

// The catalogue on a phone (390 x 844): every modal fits the screen and its buttons can be reached; and on a
// tablet (820 x 1180), a product's orders fit their dialog.

const e2e = shopInBrowser();
let page: Page;
const shots = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  ({ page } = await e2e.staffPage({ name: 'Sam Staff', viewport: { width: 390, height: 844 } }));
});

/** The dialog's box lies within the screen's width. */
async function fitsWidth() {
  const box = await page.getByRole('dialog').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

describe('catalogue on a phone', () => {
  it('never scrolls the page sideways: wide tables scroll inside their own box', async () => {
    for (const screen of ['Products', 'Photos', 'Stock']) {
      await page.goto(`${e2e.shop.origin}/Admin/${screen}`);
      await page.getByPlaceholder('Filter Products...').waitFor();
      await page.locator('.table-wrap, .stock-list').first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect([screen, width]).toEqual([screen, 390]);
    }
  });

  it('keeps the admin menu to one row that scrolls sideways, the page in use in sight', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Settings`);
    const nav = page.getByRole('navigation', { name: 'Admin' });
    const settings = nav.getByRole('link', { name: 'Settings' });
    await settings.waitFor();
    // One row: no taller than one link and the menu's padding.
    const navBox = (await nav.boundingBox())!;
    const linkBox = (await settings.boundingBox())!;
    expect(navBox.height).toBeLessThan(linkBox.height * 2);
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(390);
    // The page in use, far along the row, is scrolled into the menu's sight.
    await expect
      .poll(async () => {
        const box = (await settings.boundingBox())!;
        return box.x >= navBox.x && box.x + box.width <= navBox.x + navBox.width;
      })
      .toBe(true);
    // Every link is still there to scroll to, Logout last, and the page never scrolls sideways.
    for (const name of [
      'Products',
      'Stock',
      'Orders',
      'Pick-up',
      'Season Report',
      'Contacts',
      'Photos',
      'Logout',
    ]) {
      await nav.getByRole('link', { name }).waitFor({ state: 'attached' });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await nav.getByRole('link', { name: 'Logout' }).scrollIntoViewIfNeeded();
    expect(await nav.getByRole('link', { name: 'Logout' }).isVisible()).toBe(true);
  });

  it('pages the stock list 25 at a time with the shared pager, above and below the list', async () => {
    const count = (
      e2e.shop.shop.database.sqlite
        .prepare(
          'select count(*) as n from products where deleted_at is null and product_status not in (4, 5)',
        )
        .get() as { n: number }
    ).n;
    expect(count).toBeGreaterThan(25);
    const pages = Math.ceil(count / 25);
    await page.goto(`${e2e.shop.origin}/Admin/Stock`);
    const top = page.getByRole('navigation', { name: 'Stock pages, top' });
    const bottom = page.getByRole('navigation', { name: 'Stock pages, bottom' });
    await top.waitFor();
    const pagers = page.locator('.data-table-pager');
    expect(await pagers.count()).toBe(2);
    expect(await pagers.first().textContent()).toContain(`Showing 1 to 25 of ${count} products`);
    expect(await page.locator('li.stock-item').count()).toBe(25);
    // A fixed page of 25: no page-size choice and no first/last buttons, as the Stock screen always had.
    expect(await pagers.locator('select').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'First page' }).count()).toBe(0);
    expect(await top.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await bottom.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => top.textContent()).toContain(`2 / ${pages}`);
    expect(await bottom.textContent()).toContain(`2 / ${pages}`);
    expect(await pagers.first().textContent()).toContain(
      `Showing 26 to ${Math.min(50, count)} of ${count} products`,
    );

    // A new filter starts on the first page again.
    await page.getByPlaceholder('Filter Products...').fill('Oak');
    await expect.poll(() => top.textContent()).toContain('1 / ');
    await page.getByPlaceholder('Filter Products...').fill('');
  });

  it('adds a product in a modal that fits the screen', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Products`);
    await page.getByRole('button', { name: 'Add Product...' }).click();
    const modal = page.getByTestId('product-modal');
    await modal.getByRole('heading', { name: 'Adding New Product' }).waitFor();
    await modal.getByRole('button', { name: 'Add New Price' }).click();
    await modal.getByRole('button', { name: 'Add New Price' }).click();
    await fitsWidth();
    if (shots) await page.screenshot({ path: `${shots}/phone-add-product.png`, fullPage: true });
    const remove = modal.getByRole('button', { name: 'Remove price 2' });
    const box = await remove.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
  });

  it('asks before Back throws away what was typed in the product editor, as Escape and the × do', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Stock`);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await page.waitForURL((url) => url.pathname === '/Admin/Products');
    await page.getByRole('button', { name: 'Add Product...' }).click();
    const modal = page.getByTestId('product-modal');
    await modal.getByRole('heading', { name: 'Adding New Product' }).waitFor();
    const name = modal.getByLabel('Name', { exact: true });
    await name.fill('Swamp White Oak');
    await page.goBack();
    const question = page
      .getByRole('dialog')
      .filter({ hasText: 'Discard the changes you made to this product?' });
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/Admin/Products');
    expect(await name.inputValue()).toBe('Swamp White Oak');
    await page.goBack();
    await question.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL((url) => url.pathname === '/Admin/Stock');
  });

  it('brings the errors of a refused save into view with focus, and gives every price field room', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Products`);
    await page.getByRole('button', { name: 'Add Product...' }).click();
    const modal = page.getByTestId('product-modal');
    await modal.getByRole('heading', { name: 'Adding New Product' }).waitFor();
    for (let i = 0; i < 3; i++) await modal.getByRole('button', { name: 'Add New Price' }).click();
    const fields = [
      ['Start quantity of price 3', 56],
      ['End quantity of price 3 (empty for no end)', 56],
      ['Price per unit of price 3', 96],
      ['Remove price 3', 44],
    ] as const;
    for (const [name, least] of fields) {
      const box = await modal.getByLabel(name, { exact: true }).boundingBox();
      expect([name, box!.width >= least, box!.x + box!.width <= 390]).toEqual([name, true, true]);
    }
    // The last price row is typed at the bottom of the form: the top of the form is scrolled away.
    await modal.getByLabel('Price per unit of price 3').fill('abc');
    expect(await modal.locator('.modal-body').evaluate((body) => body.scrollTop)).toBeGreaterThan(0);
    await modal.getByRole('button', { name: 'Save Product' }).click();
    const errors = modal.getByRole('alert');
    await errors.waitFor();
    expect(await errors.evaluate((el) => el === document.activeElement)).toBe(true);
    const inView = () =>
      errors.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const body = el.closest('.modal-body')!.getBoundingClientRect();
        return box.top >= body.top && box.top < body.bottom;
      });
    await expect.poll(inView).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/phone-product-errors.png` });

    // Pressed again with the same errors after scrolling away: brought back again.
    await modal.getByLabel('Price per unit of price 3').fill('abcd');
    await modal.getByRole('button', { name: 'Save Product' }).click();
    await expect.poll(inView).toBe(true);
    expect(await errors.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Discard' }).click();
  });

  it('shows the orders of a product and an empty stock history', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Products`);
    await page.getByPlaceholder('Filter Products...').fill('Basswood');
    await page.getByRole('button', { name: 'Show orders of American Basswood' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Orders for American Basswood' }).waitFor();
    await dialog.locator('a[href^="/Order/"]').first().waitFor();
    await fitsWidth();
    if (shots) await page.screenshot({ path: `${shots}/phone-product-orders.png` });
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.shop.origin}/Admin/Stock`);
    await page.getByPlaceholder('Filter Products...').fill('Classroom Pack');
    const item = page.locator('li.stock-item', {
      has: page.getByRole('heading', { name: 'Classroom Pack' }),
    });
    await item.getByRole('button', { name: 'Load Price History' }).click();
    await item.getByText(STOCK_NO_HISTORY).waitFor();
    // The spec's button loads the stock history, and the screen says that is what it shows.
    await item.getByRole('heading', { name: 'Stock history of Classroom Pack' }).waitFor();
    await item.getByLabel('Change in stock for Classroom Pack').fill('5');
    await page.getByRole('button', { name: 'Review Stock Changes (1)' }).first().click();
    await page.getByRole('dialog').getByText('Comments: (optional)').waitFor();
    await fitsWidth();
    if (shots) await page.screenshot({ path: `${shots}/phone-stock-summary.png` });
    await page.keyboard.press('Escape');
  });
});

describe('catalogue on a tablet', () => {
  it("shows a product's orders whole: long e-mails wrap instead of running out of the dialog", async () => {
    const { page: tablet, context } = await e2e.staffPage({
      name: 'Sam Staff',
      viewport: { width: 820, height: 1180 },
    });
    await tablet.getByPlaceholder('Filter Products...').fill('Basswood');
    await tablet.getByRole('button', { name: 'Show orders of American Basswood' }).click();
    const dialog = tablet.getByRole('dialog');
    await dialog.locator('a[href^="/Order/"]').first().waitFor();
    // The table fits its box: no column (the Email one last) is cut off at the dialog's edge.
    const [table, box] = await dialog
      .locator('.table-wrap')
      .evaluate((wrap) => [wrap.scrollWidth, wrap.clientWidth]);
    expect(table).toBeLessThanOrEqual(box as number);
    await context.close();
  });
});
