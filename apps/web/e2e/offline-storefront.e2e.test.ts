import { SETTING_NAMES } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_NOTICE } from '../src/offline/offlineNotice.ts';
import { PUBLIC_READS } from '../src/serviceWorker/cacheRules.ts';
import {
  cachedAddresses,
  phoneWithProfile,
  servedByWorker,
  signIn,
  type YardShop,
  yardShop,
} from './support/index.ts';

/**
 * The yard has no signal: the shop's pages a phone has opened open again without a network, whether the shop
 * itself is down (stopped, then started again at the same address) or the phone is offline; and nothing
 * staff-only or personal is kept in the service worker's caches.
 */

let shop: YardShop;
/** Only staff may read it (settings.all gives visitors the setting empty). */
const STOCK_WATCH = 'stock-watch@example.com';

beforeAll(async () => {
  shop = await yardShop();
  await shop.start();
});

afterAll(async () => {
  await shop?.dispose();
});

describe('the back office offline', () => {
  it('opens /Admin/Pickup again offline, and keeps no staff answer in the caches', async () => {
    shop.server.shop.database.sqlite
      .prepare('UPDATE settings SET value = ? WHERE name = ?')
      .run(STOCK_WATCH, SETTING_NAMES.productStockEmails);
    shop.server.shop.catalogCache.invalidate();
    const phone = await phoneWithProfile();
    try {
      const { page, context } = phone;
      await signIn(page, Object.assign(shop.server, { origin: shop.origin }), { path: '/Admin/Pickup' });
      await servedByWorker(page);
      // Now through the worker: the desk's own calls, the settings with the staff-only list, the storefront's
      // reads with the staff's token.
      await page.reload();
      await page.getByRole('heading', { name: 'Pick-up', level: 1 }).waitFor();
      const staffSettings = page.waitForResponse(
        (response) =>
          response.url().includes('settings.all') && 'authorization' in response.request().headers(),
      );
      await page.goto(`${shop.origin}/Admin/Settings`);
      expect(await (await staffSettings).text()).toContain(STOCK_WATCH);
      await page.goto(`${shop.origin}/Products`);
      await page.locator('.product-card').first().waitFor();

      const kept = await cachedAddresses(page);
      const answers = Object.values(kept)
        .flat()
        .map((address) => new URL(address))
        .filter((url) => /^\/(trpc|api)\//.test(url.pathname));
      expect(answers.length).toBeGreaterThan(0);
      for (const url of answers) {
        expect(url.pathname.startsWith('/trpc/'), url.href).toBe(true);
        expect(PUBLIC_READS.has(url.pathname.slice('/trpc/'.length)), url.href).toBe(true);
      }
      const bodies = await page.evaluate(async () => {
        const texts: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            if (new URL(request.url).pathname.startsWith('/trpc/')) {
              texts.push((await (await cache.match(request))?.text()) ?? '');
            }
          }
        }
        return texts;
      });
      expect(bodies.some((body) => body.includes(STOCK_WATCH))).toBe(false);

      // The desk opens again without a network: the shell and its code are the phone's.
      await context.setOffline(true);
      await page.goto(`${shop.origin}/Admin/Pickup`);
      await page.getByRole('heading', { name: 'Pick-up', level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/Admin/Pickup');
      // So does the storefront the staff member visited: the offline notice, and no word of ordering being
      // closed when only the settings (read with the staff's token, never kept) could not be had.
      await page.goto(`${shop.origin}/Products`);
      await page.locator('.product-card').first().waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).count()).toBe(1);
      expect(await page.getByTestId('ordering-closed').count()).toBe(0);
      await context.setOffline(false);
    } finally {
      await phone.close();
    }
  });
});

describe('the storefront offline', () => {
  it('opens a visited page with the offline notice, the shop down and the phone offline', async () => {
    const phone = await phoneWithProfile();
    try {
      const { page, context } = phone;
      await page.goto(`${shop.origin}/Products`);
      const cards = page.locator('.product-card');
      const firstProduct = () => cards.first().getByRole('heading').first().textContent();
      await cards.first().waitFor();
      const first = await firstProduct();
      await servedByWorker(page);
      expect(await page.locator('#offline-notice').count()).toBe(0);

      // The shop goes down: the same page, from the phone's copy, says so.
      await shop.stop();
      await page.reload();
      await expect.poll(() => page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).count()).toBe(1);
      await cards.first().waitFor();
      expect(await firstProduct()).toBe(first);

      // Back up: the notice goes with the next page.
      await shop.start();
      await page.reload();
      await cards.first().waitFor();
      expect(await page.locator('#offline-notice').count()).toBe(0);

      // The phone's own offline mode: a page opened from the menu the same way.
      await context.setOffline(true);
      await page.goto(`${shop.origin}/FAQ`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).count()).toBe(1);
      await page.goto(`${shop.origin}/Products`);
      await cards.first().waitFor();
      expect(await firstProduct()).toBe(first);
      await context.setOffline(false);
    } finally {
      await phone.close();
      if (!shop.running) await shop.start();
    }
  });
});
