import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_NEEDS_CONNECTION } from '../src/cart/useCheckout.ts';
import { OFFLINE_NOTICE } from '../src/offline/offlineNotice.ts';
import {
  ADA,
  keepInCart,
  openForOrders,
  phoneWithProfile,
  servedByWorker,
  type YardShop,
  yardShop,
} from './support/index.ts';

/**
 * The customer's order in the yard: opened once online on their phone, it opens again with the shop down and
 * with the phone offline, QR code and totals included, saying when it was last brought up to date; and only
 * with the phone number it was placed with.
 */

let shop: YardShop;
let order: { id: number; phone: string };

beforeAll(async () => {
  shop = await yardShop();
  await shop.start();
  order = shop.server.shop.database.sqlite
    .prepare(
      `SELECT order_id AS id, phone_number AS phone FROM orders
        WHERE deleted_at IS NULL AND picked_up_at IS NULL AND phone_number GLOB '*[0-9]*'
        ORDER BY order_id LIMIT 1`,
    )
    .get() as { id: number; phone: string };
});

afterAll(async () => {
  await shop?.dispose();
});

describe("the customer's order offline", () => {
  it('opens from the copy on the phone, the shop down and the phone offline', async () => {
    const phone = await phoneWithProfile();
    try {
      const { page, context } = phone;
      const address = `${shop.origin}/Order/${order.id}/${encodeURIComponent(order.phone)}`;
      await page.goto(address);
      await page.getByTestId('order-id').waitFor();
      const total = await page.getByTestId('order-total').textContent();
      const qr = page.getByRole('img', { name: new RegExp(`^QR code of order ${order.id}`) });
      await qr.waitFor();
      await page.getByText(/^Last brought up to date /).waitFor();
      await servedByWorker(page);
      // Nothing of the order in the worker's caches: it is the page's own copy.
      const inCaches = await page.evaluate(async () => {
        const found: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) found.push(request.url);
        }
        return found.filter((url) => url.includes('orders.'));
      });
      expect(inCaches).toEqual([]);

      for (const outage of ['the shop down', 'the phone offline'] as const) {
        if (outage === 'the shop down') await shop.stop();
        else {
          await shop.start();
          await context.setOffline(true);
        }
        await page.reload();
        await page.getByTestId('order-id').waitFor();
        expect(await page.getByTestId('order-id').textContent(), outage).toBe(String(order.id));
        expect(await page.getByTestId('order-total').textContent(), outage).toBe(total);
        await qr.waitFor();
        expect(await page.getByTestId('order-updated').textContent(), outage).toMatch(
          /^Last brought up to date .*the copy kept on this phone/,
        );
        await expect
          .poll(() => page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).count(), {
            message: outage,
          })
          .toBe(1);
      }

      // Another phone number does not open the copy.
      await page.goto(`${shop.origin}/Order/${order.id}/5550000000`);
      await page.getByRole('heading', { name: 'Order not found' }).waitFor();
      expect(await page.getByTestId('order-id').count()).toBe(0);

      // Forgotten on this phone (a shared computer): offline it is gone.
      await page.goto(address);
      await page.getByRole('button', { name: 'Forget this order on this phone' }).click();
      await page.reload();
      await page.getByRole('heading', { name: 'Order not found' }).waitFor();
      expect(await page.getByTestId('order-id').count()).toBe(0);
      await context.setOffline(false);
    } finally {
      await phone.close();
    }
  });

  it('opens from Look Up Order with the shop down, typed any way, and only with its phone', async () => {
    const phone = await phoneWithProfile();
    try {
      const { page } = phone;
      await page.goto(`${shop.origin}/Order/${order.id}/${encodeURIComponent(order.phone)}`);
      await page.getByTestId('order-id').waitFor();
      await page.getByText(/^Last brought up to date /).waitFor();
      await servedByWorker(page);
      await page.goto(`${shop.origin}/Order/Lookup`);
      await page.getByRole('heading', { name: 'Look up your order' }).waitFor();
      await shop.stop();

      const lookUp = async (orderNumber: string, phoneNumber: string) => {
        await page.getByLabel('Order number').fill(orderNumber);
        await page.getByLabel('Phone number used on the order').fill(phoneNumber);
        await page.getByRole('button', { name: 'Look Up Order' }).click();
      };
      // Another phone number: the copy stays shut, and the visitor reads why nothing opened.
      const unreachable = page.getByText(
        'The shop could not be reached. Check your connection and try again.',
        { exact: true },
      );
      await lookUp(String(order.id), '555 000 0000');
      await unreachable.waitFor();
      expect(new URL(page.url()).pathname).toBe('/Order/Lookup');
      expect(await page.getByTestId('order-id').count()).toBe(0);

      // Its own phone, written only in digits: the order from the copy, QR code included.
      await lookUp(` ${order.id} `, order.phone.replace(/\D/g, ''));
      await page.getByTestId('order-id').waitFor();
      expect(await page.getByTestId('order-id').textContent()).toBe(String(order.id));
      await page.getByRole('img', { name: new RegExp(`^QR code of order ${order.id}`) }).waitFor();
      expect(await page.getByTestId('order-updated').textContent()).toMatch(
        /^Last brought up to date .*the copy kept on this phone/,
      );
      // The failure of the other phone number is not left on the order's page.
      await expect.poll(() => unreachable.count()).toBe(0);
    } finally {
      await phone.close();
      if (!shop.running) await shop.start();
    }
  });
});

describe('checkout offline', () => {
  it('says it needs a connection, keeps the cart and sends nothing', async () => {
    const { sqlite } = shop.server.shop.database;
    const productId = openForOrders(shop.server);
    const orders = () => sqlite.prepare('SELECT count(*) FROM orders').pluck().get() as number;
    const phone = await phoneWithProfile();
    try {
      const { page, context } = phone;
      await page.goto(`${shop.origin}/FAQ`);
      await keepInCart(page, { productId, cartQuantity: 2 }, ADA);
      await page.reload();
      await servedByWorker(page);
      const dialog = page.getByRole('dialog');
      await page.getByRole('button', { name: /^Cart/ }).first().click();
      await dialog.getByRole('button', { name: 'Checkout' }).click();
      await dialog.getByRole('button', { name: 'Confirm Order' }).click();
      await dialog.getByRole('heading', { name: 'Confirm Order' }).waitFor();
      const before = orders();
      const submits: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('orders.submit')) submits.push(request.url());
      });
      await context.setOffline(true);
      await dialog.getByRole('button', { name: 'Submit Order' }).click();
      await page.getByText(CHECKOUT_NEEDS_CONNECTION).waitFor();
      // Still on the confirmation with the cart; nothing sent, nothing waiting to be sent.
      await dialog.getByRole('heading', { name: 'Confirm Order' }).waitFor();
      await context.setOffline(false);
      await page.waitForTimeout(500);
      expect(submits).toEqual([]);
      expect(orders()).toBe(before);
      expect(await page.evaluate(() => localStorage.getItem('user-cart'))).toContain('"cartQuantity":2');
    } finally {
      await phone.close();
    }
  });
});
