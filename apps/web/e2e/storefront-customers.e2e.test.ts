import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESK, drawEveryCard, newPage, PHONE, shopInBrowser, shopSql } from './support/index.ts';

// What a customer on a phone and at a desk stumbled on: each case failed before its fix.

const e2e = shopInBrowser();

const sql = (statement: string) => shopSql(e2e.shop, statement);

/** An order of the demo shop that can be looked up, of the oldest season or of the current one. */
function demoOrder(which: 'oldest' | 'current'): { orderId: string; phone: string } {
  const season =
    which === 'oldest'
      ? '(SELECT min(season_purchased) FROM orders)'
      : '(SELECT max(season_purchased) FROM orders)';
  const row = sql(
    `SELECT order_id || '|' || phone_number FROM orders WHERE deleted_at IS NULL AND is_tax_exempt = 0
       AND season_purchased = ${season} ORDER BY order_id LIMIT 1;`,
  );
  const [orderId = '', phone = ''] = row.split('|');
  return { orderId, phone };
}

const toastTexts = (page: Page) => page.locator('.toast-text').allTextContents();

/** The page cannot be scrolled sideways: nothing is wider than the screen. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

beforeAll(async () => {
  sql("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled';");
});

describe('customers', () => {
  it('answers an unknown address with the not-found page and HTTP 404, a known one with 200', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: PHONE });
    const missing = await page.goto(`${e2e.shop.origin}/No/Such/Page`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    const found = await page.goto(`${e2e.shop.origin}/faq/`);
    expect(found?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    const order = demoOrder('current');
    expect((await page.goto(`${e2e.shop.origin}/Order/${order.orderId}/${order.phone}`))?.status()).toBe(200);
    expect((await page.goto(`${e2e.shop.origin}/Order/${order.orderId}/${order.phone}/more`))?.status()).toBe(
      404,
    );
    await context.close();
  });

  it('scrolls smoothly to an FAQ answer and names it in the address', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: DESK });
    await page.goto(`${e2e.shop.origin}/FAQ`);
    const links = page.getByRole('navigation', { name: 'Questions' }).getByRole('link');
    await links.last().waitFor();
    const link = links.nth(5);
    const href = (await link.getAttribute('href')) ?? '';
    // Every window.scrollY from the click until the scroll has stopped for a while.
    const positions = page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [window.scrollY];
          let still = 0;
          const sample = () => {
            const y = window.scrollY;
            still = y === seen.at(-1) ? still + 1 : 0;
            seen.push(y);
            if (still > 30 || seen.length > 600) resolve(seen);
            else requestAnimationFrame(sample);
          };
          requestAnimationFrame(sample);
        }),
    );
    await link.click();
    const seen = await positions;
    const start = seen[0] ?? 0;
    const end = seen.at(-1) ?? 0;
    expect(end).toBeGreaterThan(start + 300);
    // A jump goes from the start to the end in one frame; a smooth scroll passes through the way between.
    const between = new Set(seen.filter((y) => y > start + 10 && y < end - 10));
    expect(between.size, `scroll positions ${seen.join(',')}`).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => window.location.hash)).toBe(href);
    // The answer is where the scroll ended: at the top of the screen, and flashed.
    const top = await page.locator(href).evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-2);
    expect(top).toBeLessThan(DESK.height / 2);
    await page.locator(`${href}.is-flashing`).waitFor();
    await context.close();
  });

  it('takes a failed lookup toast away once the order is found', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: PHONE });
    const order = demoOrder('current');
    await page.goto(`${e2e.shop.origin}/Order/Lookup`);
    await page.getByLabel('Order number').fill(order.orderId);
    await page.getByLabel('Phone number used on the order').fill('555-000-0000');
    await page.getByRole('button', { name: 'Look Up Order' }).click();
    await page.locator('.toast-text').first().waitFor();
    expect(await toastTexts(page)).toHaveLength(1);
    await page.getByLabel('Phone number used on the order').fill(order.phone);
    await page.getByRole('button', { name: 'Look Up Order' }).click();
    await page.getByRole('heading', { name: `Order #${order.orderId}` }).waitFor();
    await page.locator('.toast-text').first().waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a failure without a message from the shop as the message alone, and takes it away after a success', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: PHONE });
    await page.goto(`${e2e.shop.origin}/Contact`);
    await page.getByLabel('Name').fill('Ruth Stout');
    await page.getByLabel('Email', { exact: true }).fill('ruth@example.com');
    await page.getByLabel('Comments').fill('Do you sell comfrey?');
    const send = page.getByRole('button', { name: /Send/ });

    // The connection drops: no status to show, '(0) ...' was shown.
    await page.route('**/trpc/contacts.insert**', (route) => route.abort('connectionreset'));
    await send.click();
    await expect
      .poll(() => toastTexts(page))
      .toEqual(['The shop could not be reached. Check your connection and try again.']);

    // A proxy's error page instead of the shop's answer: '(500) Internal Server Error' was shown.
    await page.unroute('**/trpc/contacts.insert**');
    await page.route('**/trpc/contacts.insert**', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Oops</h1>' }),
    );
    await send.click();
    // One toast for the form: the new failure replaces the old one.
    await expect.poll(() => toastTexts(page)).toEqual(['Internal Server Error']);

    await page.unroute('**/trpc/contacts.insert**');
    await send.click();
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    await expect.poll(() => toastTexts(page)).toEqual([]);
    await context.close();
  });

  it('keeps the Call for Availability badge inside its card between 480 and 639 px', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: { width: 560, height: 900 } });
    await page.goto(`${e2e.shop.origin}/Products`);
    await drawEveryCard(page);
    for (const width of [480, 560, 639]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      const outside = await page.evaluate(
        () =>
          [...document.querySelectorAll('article.product-card .label')].filter((badge) => {
            const card = badge.closest('article')?.getBoundingClientRect();
            const box = badge.getBoundingClientRect();
            return !card || box.right > card.right + 0.5 || box.left < card.left - 0.5;
          }).length,
      );
      expect(outside, `badges outside their card at ${width} px`).toBe(0);
      expect(await scrollsSideways(page), `sideways scroll at ${width} px`).toBe(false);
    }
    await context.close();
  });

  it("draws the header's cart icon whole on a phone from 320 px, beside the shop's name", async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: { width: 320, height: 640 } });
    await page.goto(e2e.shop.origin);
    const cart = page.getByRole('banner').getByRole('button', { name: /^Cart, / });
    await cart.waitFor();
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      // The flex row squeezed the icon (2.9 px of its 20 at 320 px, 14 at 390) before the shop's name gave way.
      const icon = await cart.locator('svg').boundingBox();
      expect(icon?.width, `icon width at ${width} px`).toBe(20);
      expect(icon?.height, `icon height at ${width} px`).toBe(20);
      const boxes = await page.evaluate(() =>
        ['.brand', '.btn-cart-compact', '.nav-toggle'].map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return { left: box?.left ?? 0, right: box?.right ?? 0 };
        }),
      );
      for (let i = 1; i < boxes.length; i++) {
        expect(
          boxes[i]!.left,
          `header item ${i} overlaps the one before it at ${width} px`,
        ).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
      }
      expect(boxes.at(-1)!.right, `menu button on screen at ${width} px`).toBeLessThanOrEqual(width);
      expect(await scrollsSideways(page), `sideways scroll at ${width} px`).toBe(false);
    }
    await context.close();
  });

  it('shows the three checkout steps whole in the cart on a 320 px phone, without a sideways scroll', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: { width: 320, height: 640 } });
    await page.goto(e2e.shop.origin);
    const modal = page.getByRole('dialog');
    const steps = modal.getByRole('list', { name: 'Checkout steps' });
    const fits = () =>
      steps.evaluate((list) => {
        const body = list.parentElement as HTMLElement;
        const edge =
          body.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(body).paddingRight);
        return {
          lastStepInside: (list.lastElementChild?.getBoundingClientRect().right ?? 0) <= edge + 0.5,
          bodyScrollsSideways: body.scrollWidth > body.clientWidth,
        };
      });
    const whole = { lastStepInside: true, bodyScrollsSideways: false };
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Cart, / })
      .click();
    await steps.waitFor();
    // Before: 'Confirm' ran 3 px past the dialog's body, which scrolled sideways by 7 to 10 px.
    expect(await fits(), 'cart step').toEqual(whole);
    // The details step, with its longer bold 'Details', needs a product in the cart to be reached.
    await modal.getByRole('button', { name: 'Close' }).last().click();
    await page.goto(`${e2e.shop.origin}/Products`);
    const add = page
      .locator('article.product-card')
      .getByRole('button', { name: /^Add to Cart, / })
      .first();
    await add.click();
    await page.getByRole('menuitem', { name: 'Add to Cart' }).click();
    await modal.getByRole('button', { name: /^One more / }).click();
    await modal.getByRole('button', { name: 'View Cart' }).click();
    await modal.getByRole('button', { name: 'Checkout' }).click();
    await modal.getByLabel('First name').waitFor();
    expect(await fits(), 'details step').toEqual(whole);
    await context.close();
  });

  it('shows every price of an order on a phone, without a sideways scroll', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: PHONE });
    const order = demoOrder('current');
    await page.goto(`${e2e.shop.origin}/Order/${order.orderId}/${order.phone}`);
    const table = page.getByTestId('order-products');
    await table.locator('tbody tr').first().waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    const firstLine = table.locator('tbody tr').first();
    for (const label of ['Unit Price', 'Quantity', 'Subtotal', 'Tax', 'Total']) {
      const cell = firstLine.locator(`td[data-label="${label}"]`);
      expect(await cell.isVisible(), label).toBe(true);
      const box = await cell.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, `${label} on screen`).toBe(true);
      // The figure is named beside it.
      expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${label}"`);
    }
    await context.close();
  });

  it('tells what happens next only on an order of the current season', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: DESK });
    const current = demoOrder('current');
    await page.goto(`${e2e.shop.origin}/Order/${current.orderId}/${current.phone}`);
    await page.getByRole('heading', { name: `Order #${current.orderId}` }).waitFor();
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();

    const old = demoOrder('oldest');
    await page.goto(`${e2e.shop.origin}/Order/${old.orderId}/${old.phone}`);
    await page.getByRole('heading', { name: `Order #${old.orderId}` }).waitFor();
    expect(await page.getByRole('heading', { name: 'What happens next' }).count()).toBe(0);
    // The spec's mail link about the order is still there.
    await page.getByRole('link', { name: `E-mail us about order #${old.orderId}` }).waitFor();
    // Nor does an order of another tab's checkout say it was just received.
    expect(await page.getByText('your order has been received').count()).toBe(0);
    await context.close();
  });
});
