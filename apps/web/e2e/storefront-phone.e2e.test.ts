import { formatMoney, QUANTITY_TOO_LARGE } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADA_TYPED,
  accessibilityProblems,
  fillDetails,
  newPage,
  PHONE,
  pageAdopted,
  shopInBrowser,
} from './support/index.ts';

// A customer on a small touch phone in spring: each case failed before its fix.

const e2e = shopInBrowser();
const SMALL = { width: 320, height: 640 };

/** A touch phone of the given size, as Chromium emulates one. */
const phonePage = (viewport: { width: number; height: number }) =>
  newPage(e2e.browser, { viewport, touch: true });

const dialog = (page: Page) => page.getByRole('dialog');

/**
 * What in the open dialog is wider than its box: a part that scrolls sideways, a field whose value is cut
 * off, or a figure past the dialog body's right edge.
 */
const cutOff = (page: Page) =>
  dialog(page).evaluate((modal) => {
    const problems: string[] = [];
    const body = modal.querySelector('.modal-body') as HTMLElement;
    const edge = body.getBoundingClientRect().right;
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${el.className}`;
    for (const el of Array.from(modal.querySelectorAll<HTMLElement>('.modal-body, .table-wrap, input'))) {
      if (el.scrollWidth > el.clientWidth + 1)
        problems.push(`${name(el)} scrolls ${el.scrollWidth}>${el.clientWidth}`);
    }
    for (const el of Array.from(modal.querySelectorAll<HTMLElement>('td, dd, .cart-line-subtotal'))) {
      const right = el.getBoundingClientRect().right;
      if (right > edge + 0.5) problems.push(`${name(el)} '${el.textContent}' ends at ${right} > ${edge}`);
    }
    return problems;
  });

beforeAll(async () => {
  e2e.shop.shop.database.sqlite
    .prepare("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled'")
    .run();
});

describe('a customer on a touch phone', () => {
  it.each([
    ['320', SMALL],
    ['390', PHONE],
  ])(
    'sees every figure of a cart of 100,000 plants whole on a %s px phone, at every step',
    async (_w, viewport) => {
      // The three dearest untracked products: 100,000 of the first is $8,500,000.00 in the demo shop.
      const products = e2e.shop.shop.database.sqlite
        .prepare(
          `SELECT p.product_id AS id, max(t.price_cents) AS cents FROM products p
           JOIN product_prices t ON t.product_id = p.product_id
          WHERE p.product_status = 2 AND p.deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM stock_changes s WHERE s.product_id = p.product_id)
          GROUP BY p.product_id ORDER BY cents DESC LIMIT 3`,
        )
        .all() as { id: number; cents: number }[];
      const { page, context, consoleErrors } = await phonePage(viewport);
      await page.goto(`${e2e.shop.origin}/FAQ`);
      await page.evaluate(
        (ids) => {
          const cart = Object.fromEntries(
            ids.map((id, i) => [
              id,
              { productId: id, cartQuantity: i === 0 ? 100000 : 99999, addedAt: i + 1 },
            ]),
          );
          localStorage.setItem('user-cart', JSON.stringify(cart));
        },
        products.map((p) => p.id),
      );
      await page.reload();
      await page.getByRole('button', { name: /^Cart/ }).first().click();
      await dialog(page).getByRole('heading', { name: 'Viewing Cart' }).waitFor();
      // Before: the quantity field showed '1000' of 100000 and '9999' of 99999.
      expect(await cutOff(page), 'cart step').toEqual([]);
      await dialog(page).getByRole('button', { name: 'Checkout' }).click();
      await fillDetails(page, ADA_TYPED);
      expect(await cutOff(page), 'details step').toEqual([]);
      await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
      await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
      // Before: the Subtotal column ran past the dialog, which scrolled sideways by 28 px at 320 px.
      expect(await cutOff(page), 'confirm step').toEqual([]);
      // Every figure is there whole, none shortened.
      const text = (await dialog(page).locator('.modal-body').textContent()) ?? '';
      expect(text).toContain('100000');
      expect(text).toContain(formatMoney(100000 * (products[0]?.cents ?? 0)));
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it('is told, under the field, that more than 100000 of one product cannot be ordered', async () => {
    const { page, context } = await phonePage(SMALL);
    const productId = e2e.shop.shop.database.sqlite
      .prepare(
        `SELECT p.product_id AS id FROM products p WHERE p.product_status = 2 AND p.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM stock_changes s WHERE s.product_id = p.product_id)
         ORDER BY p.product_id LIMIT 1`,
      )
      .get() as { id: number };
    await page.goto(`${e2e.shop.origin}/FAQ`);
    await page.evaluate((id) => {
      localStorage.setItem(
        'user-cart',
        JSON.stringify({ [id]: { productId: id, cartQuantity: 1, addedAt: 1 } }),
      );
    }, productId.id);
    await page.reload();
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    const field = dialog(page).getByLabel(/^Quantity of /);
    await field.fill('250000');
    const alert = dialog(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe(QUANTITY_TOO_LARGE);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // The message fits the dialog and sits under the field.
    const [fieldBox, alertBox] = [await field.boundingBox(), await alert.boundingBox()];
    expect(fieldBox && alertBox && alertBox.y >= fieldBox.y + fieldBox.height).toBe(true);
    expect(await cutOff(page)).toEqual([]);
    // Leaving the field shows what the cart holds: the typed number was not taken.
    await field.blur();
    await expect.poll(() => alert.count()).toBe(0);
    expect(await field.inputValue()).toBe('1');
    await context.close();
  });

  it("sees all six digits of 100000 in a product card's quantity field at a desk", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.origin}/Products`);
    const field = page
      .locator('article.product-card')
      .getByLabel(/^Quantity of /)
      .first();
    await field.fill('100000');
    await field.blur();
    expect(await field.inputValue()).toBe('100000');
    // Before: 60 px of digits in 56 px of room, the last one cut off.
    expect(await field.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await context.close();
  });

  it('can scroll the Confirm step from the keyboard on a 320 px phone, where nothing in it takes focus', async () => {
    const { page, context } = await phonePage(SMALL);
    const ids = (
      e2e.shop.shop.database.sqlite
        .prepare(
          `SELECT p.product_id AS id FROM products p WHERE p.product_status = 2 AND p.deleted_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM stock_changes s WHERE s.product_id = p.product_id)
           ORDER BY p.product_id LIMIT 3`,
        )
        .all() as { id: number }[]
    ).map((p) => p.id);
    await page.goto(`${e2e.shop.origin}/FAQ`);
    await page.evaluate((ids) => {
      const cart = Object.fromEntries(
        ids.map((id, i) => [id, { productId: id, cartQuantity: 2, addedAt: i }]),
      );
      localStorage.setItem('user-cart', JSON.stringify(cart));
    }, ids);
    await page.reload();
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await fillDetails(page, ADA_TYPED);
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
    const body = dialog(page).locator('.modal-body');
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // Before: axe's scrollable-region-focusable, serious: the body scrolled, and held nothing to focus.
    expect(await accessibilityProblems(page, 'confirm step', { include: '.modal-dialog' })).toEqual([]);
    // Shift+Tab from Go Back (the footer's first button) reaches the body, whose keys then scroll it.
    await dialog(page).getByRole('button', { name: 'Go Back' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => body.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(() => body.evaluate((el) => el.scrollTop > 0)).toBe(true);
    await context.close();
  });

  it("shows an order's column headers while the keyboard is on their sort buttons, on a 390 px phone", async () => {
    const { page, context } = await phonePage(PHONE);
    const order = e2e.shop.shop.database.sqlite
      .prepare(
        `SELECT order_id AS id, phone_number AS phone FROM orders WHERE deleted_at IS NULL AND num_items > 1
         ORDER BY order_id LIMIT 1`,
      )
      .get() as { id: number; phone: string };
    await page.goto(`${e2e.shop.origin}/Order/${order.id}/${encodeURIComponent(order.phone)}`);
    const sortByName = page.getByTestId('order-products').getByRole('button', { name: /^Product/ });
    await sortByName.waitFor({ state: 'attached' });
    // Tab until the keyboard reaches the first sort button.
    await page.locator('body').focus();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await sortByName.evaluate((el) => el === document.activeElement)) break;
    }
    expect(await sortByName.evaluate((el) => el === document.activeElement)).toBe(true);
    // Before: the focused button was a 1 px clipped speck of the visually hidden header row.
    const box = await sortByName.boundingBox();
    expect(box && box.width > 20 && box.height > 10 && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(
      true,
    );
    const clipped = await sortByName.evaluate(
      (el) => getComputedStyle(el.closest('thead') as Element).clipPath,
    );
    expect(clipped).toBe('none');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Enter sorts by it, and the cards follow.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => sortByName.evaluate((el) => el.closest('th')?.getAttribute('aria-sort')))
      .toBe('descending');
    await context.close();
  });

  it("has every control of the home page's slideshow whole on a 320 px touch screen", async () => {
    const { page, context } = await phonePage(SMALL);
    await page.goto(`${e2e.shop.origin}/`);
    const controls = page.locator('.carousel-controls button');
    await controls.first().waitFor();
    expect(await controls.count()).toBe(7);
    // Before: 332 px of 44 px targets and gaps in 320: Previous began at -6 px and Pause ended at 326 px.
    for (const button of await controls.all()) {
      const box = await button.boundingBox();
      const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
      expect(box && box.x >= 0 && box.x + box.width <= SMALL.width, `${name} on screen`).toBe(true);
      expect(box && box.width >= 44 && box.height >= 44, `${name} a finger's size`).toBe(true);
    }
    await context.close();
  });

  it('closes the phone menu with Escape, and with a tap on the link of the page it is on', async () => {
    const { page, context, consoleErrors } = await phonePage(PHONE);
    await page.goto(`${e2e.shop.origin}/Products`);
    // The page the server wrote is the app's once adopted: its buttons work from then on.
    await pageAdopted(page);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'FAQ' }).focus();
    // Before: Escape left the menu open over the page, the keyboard on its link.
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    // Before: Products, the page already shown, changed no address and the menu stayed open.
    await toggle.click();
    await menu.getByRole('link', { name: 'Products' }).click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getByRole('link', { name: 'Products' }).isVisible()).toBe(false);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
