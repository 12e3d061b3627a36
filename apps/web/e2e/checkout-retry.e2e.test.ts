import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADA, keepInCart, newPage, openForOrders, shopInBrowser } from './support/index.ts';

/**
 * A customer on a weak signal: the shop places the order but its answer never reaches the phone. Tapping
 * Submit Order again sends the checkout's Idempotency-Key again, and the customer gets the one order.
 */

const e2e = shopInBrowser();
let productId: number;

const dialog = (page: Page) => page.getByRole('dialog');
const orderCount = () =>
  e2e.shop.shop.database.sqlite.prepare('select count(*) from orders').pluck().get() as number;

beforeAll(async () => {
  productId = openForOrders(e2e.shop);
});

describe('Submit Order after a lost answer', () => {
  it('places one order, and the retry shows it', async () => {
    const { page, context } = await newPage(e2e.browser);
    await page.goto(`${e2e.shop.origin}/FAQ`);
    await keepInCart(page, { productId, cartQuantity: 2 }, ADA);
    await page.reload();
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();

    // The first submit reaches the shop, which places the order; its answer is lost on the way back.
    const keys: string[] = [];
    let lost = false;
    await page.route('**/trpc/orders.submit', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (lost) return route.continue();
      lost = true;
      await route.fetch();
      return route.abort('connectionreset');
    });
    const before = orderCount();
    await dialog(page).getByRole('button', { name: 'Submit Order' }).click();
    await page.getByText('The shop could not be reached. Check your connection and try again.').waitFor();
    expect(orderCount()).toBe(before + 1);
    // Still on the confirmation, with the cart kept: the customer taps Submit Order again.
    await dialog(page).getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(/\/Order\/\d+\//);
    await page.getByRole('heading', { name: 'Thank you, your order has been received' }).waitFor();

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(orderCount()).toBe(before + 1);
    const placed = e2e.shop.shop.database.sqlite.prepare('select max(order_id) from orders').pluck().get();
    expect(page.url()).toContain(`/Order/${placed}/`);
    await context.close();
  });
});
