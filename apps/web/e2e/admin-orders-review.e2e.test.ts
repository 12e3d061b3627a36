import { mkdirSync } from 'node:fs';
import { SUCCESSFULLY_UPDATED } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { countCalls, instantDoubleClick, settled, shopInBrowser } from './support/index.ts';

// A second look at the orders screens as staff use them on a busy morning, on a desktop and on a
// phone, with the keyboard only, and with what a customer typed into a comment.

const SHOTS = process.env.REVIEW_SHOTS ?? '/tmp/review6';

const e2e = shopInBrowser();

function sql<T>(query: string, ...params: unknown[]): T[] {
  return e2e.shop.shop.database.sqlite.prepare(query).all(...params) as T[];
}
const currentSeason = () => sql<{ s: number }>('select max(season_purchased) as s from orders')[0]!.s;

async function staffPage(viewport: { width: number; height: number }, path = '/Admin/Orders') {
  const { page, consoleErrors } = await e2e.staffPage({ path, name: 'Pat Staff', viewport });
  return { page, consoleErrors };
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
});

describe('the orders list', () => {
  it('opens on the current season, loads deleted orders a second later, and a filter goes back to page 1', async () => {
    const { page, consoleErrors } = await staffPage({ width: 1280, height: 900 });
    const asked: { path: string; at: number }[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.includes('orders.page') || path.includes('orders.all')) asked.push({ path, at: Date.now() });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
    expect(await page.title()).toBe('Orders - Admin');
    const season = page.getByLabel('Season', { exact: true });
    await expect.poll(() => season.inputValue()).toBe(String(currentSeason()));
    const options = await season.locator('option').allTextContents();
    expect(options.at(-1)).toBe('All Seasons');
    for (const name of ['Add Order...', 'Export Year Over Year', 'Export Current Orders']) {
      expect(await page.getByRole(name === 'Add Order...' ? 'link' : 'button', { name }).count()).toBe(1);
    }
    await page.getByRole('img', { name: /by month for the seasons/ }).waitFor();
    const headers = await page.getByTestId('orders-table').locator('thead th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↑↓⇅↕]/g, '').trim())).toEqual([
      'Edit',
      'Order Id',
      'Order Date',
      'Customer Name',
      'Customer Email',
      'Customer Phone Number',
      '# Items',
      'Quantity',
      'Order Total',
      'Picked Up',
      'Order Details',
      'Tax Exempt',
      'Delete',
    ]);
    await page.getByText(/^Showing \d+ Deleted Order\(s\)$/).waitFor();
    await expect.poll(() => asked.some((a) => a.path.includes('allDeleted'))).toBe(true);
    // The season's first page (filtered and paged by the server), then the deleted orders a second later.
    const first = asked.find((a) => a.path.includes('orders.page'))!;
    const deleted = asked.find((a) => a.path.includes('allDeleted'))!;
    expect(deleted.at - first.at).toBeGreaterThanOrEqual(900);
    await shot(page, 'orders-desktop');

    // Go to page 2, then type a filter: the list starts again on page 1.
    const next = page.getByTestId('orders-table').getByRole('button', { name: 'Next', exact: true });
    const firstPage = () =>
      page
        .getByTestId('orders-table')
        .getByText(/^Showing 1 to /)
        .count();
    await season.selectOption('-1');
    await next.click();
    await expect.poll(firstPage).toBe(0);
    await page.getByPlaceholder('Filter Orders...').fill('a');
    await expect.poll(firstPage).toBeGreaterThan(0);
    // The season dropdown is a filter too.
    await next.click();
    await expect.poll(firstPage).toBe(0);
    await season.selectOption(String(currentSeason() - 1));
    await expect.poll(firstPage).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('works with the keyboard alone: details open and close with Enter and Escape and focus comes back', async () => {
    const { page } = await staffPage({ width: 1280, height: 900 });
    await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
    const details = page.getByRole('button', { name: 'Details...' }).first();
    await details.waitFor();
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Order Placed On').waitFor();
    // Focus is inside the dialog, and Tab stays there.
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const text = await dialog.textContent();
    expect(text).toMatch(/\((\d+|a|an) (minute|hour|day|week|month|year)s? ago\)|\(just now\)|ago/);
    await shot(page, 'details-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Details...');

    // Tax exempt by keyboard: Space toggles it, the toast comes, and focus stays on the toggle.
    const toggle = page.getByLabel(/^Order \d+ is tax exempt$/).first();
    const label = await toggle.getAttribute('aria-label');
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByText('Successfully updated', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(label);
    await page.keyboard.press('Space');
    await page.getByText('Successfully updated', { exact: true }).first().waitFor();

    // Delete by keyboard: Enter asks, Escape cancels, nothing is deleted.
    const trash = page.getByLabel(/^Delete order \d+$/).first();
    await trash.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog')
      .getByText('Are you sure you want to mark the selected order as deleted?')
      .waitFor();
    await shot(page, 'delete-confirm-desktop');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(
      sql<{ n: number }>(
        'select count(*) as n from orders where deleted_at is not null and deleted_by = ?',
        'Pat Staff',
      )[0]!.n,
    ).toBe(0);
    await page.context().close();
  });
});

describe('deleting and restoring by keyboard', () => {
  it('keeps focus in the list: the next row takes over, not the top of the page', async () => {
    const { page } = await staffPage({ width: 1280, height: 900 });
    const table = page.getByTestId('orders-table');
    const deleteButtons = table.getByRole('button', { name: /^Delete order \d+$/ });
    await deleteButtons.nth(1).waitFor();
    const [first, second] = await Promise.all([
      deleteButtons.nth(0).getAttribute('aria-label'),
      deleteButtons.nth(1).getAttribute('aria-label'),
    ]);
    const deletedId = first!.replace('Delete order ', '');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

    await deleteButtons.nth(0).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByTestId('deleted-orders-table')
      .getByRole('button', { name: `Restore order ${deletedId}` })
      .waitFor();
    // The row below moved up under the keyboard, and its Delete button has the focus.
    await expect.poll(focused).toBe(second);

    const restoreButtons = page
      .getByTestId('deleted-orders-table')
      .getByRole('button', { name: /^Restore order/ });
    const nextRestore = await restoreButtons.nth(1).getAttribute('aria-label');
    await page.getByRole('button', { name: `Restore order ${deletedId}` }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Restore' }).focus();
    await page.keyboard.press('Enter');
    await table.getByRole('button', { name: `Delete order ${deletedId}` }).waitFor();
    await expect.poll(focused).toBe(nextRestore);
    await page.context().close();
  });
});

describe('hostile comments', () => {
  it('shows HTML typed into comments as text in the admin and on the public order view', async () => {
    const [product] = sql<{ product_id: number }>(
      'select product_id from products where product_status = 2 and deleted_at is null and exists (select 1 from product_prices p where p.product_id = products.product_id) limit 1',
    );
    const comments = '<img src=x onerror="window.__owned=1"><b>bold?</b>';
    const token = await (await import('@nursery/server/testing')).staffToken(e2e.shop);
    const saved = await fetch(`${e2e.shop.url}/api/v1/Orders/Update`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Hostile Henry',
        phoneNumber: '555-000-1234',
        comments,
        products: [{ productId: product!.product_id, quantity: 1 }],
      }),
    });
    const { data } = (await saved.json()) as { data: { orderId: number } };
    const { page } = await staffPage({ width: 1280, height: 900 });
    await page.getByPlaceholder('Filter Orders...').fill('Hostile Henry');
    await page.getByRole('button', { name: 'Details...' }).first().click();
    await page.getByRole('dialog').getByText(comments).waitFor();
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
    await page.goto(`${e2e.shop.origin}/Order/${data.orderId}/555-000-1234`);
    await page.getByText('Hostile Henry').first().waitFor();
    expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
    await page.goto(`${e2e.shop.origin}/Admin/Orders/Edit/${data.orderId}`);
    await page.getByRole('heading', { name: `Modifying Order ${data.orderId}` }).waitFor();
    expect(await page.getByLabel('Comments').inputValue()).toBe(comments);
    await shot(page, 'edit-desktop');
    await page.context().close();
  });
});

describe('the order edit page', () => {
  it("says 'Loading Order...', then offers a reload when a colleague saved first", async () => {
    const [order] = sql<{ order_id: number; version: number; name: string; phone_number: string }>(
      'select order_id, version, name, phone_number from orders where deleted_at is null and season_purchased = ? order by order_id desc limit 1',
      currentSeason(),
    );
    const { page } = await staffPage({ width: 1280, height: 900 });
    // The answer is held back until the loading text has been seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The route's loader asks for the order in one batch with the editor's other lists: any call naming it.
    const asksForOrder = (url: URL) => url.pathname.includes('orders.detailsById');
    await page.route(asksForOrder, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${e2e.shop.origin}/Admin/Orders/Edit/${order!.order_id}`);
    await page.getByText('Loading Order...').waitFor();
    release();
    expect(await page.title()).toBe(`Modifying Order ${order!.order_id}`);
    await page.getByRole('heading', { name: `Modifying Order ${order!.order_id}` }).waitFor();
    const comments = page.getByLabel('Comments');
    await comments.waitFor();
    await page.unroute(asksForOrder);
    // A non-active item list is only for new orders.
    expect(await page.getByText('Show non-active Items').count()).toBe(0);

    // Meanwhile a colleague changes the comments through the API.
    const token = await (await import('@nursery/server/testing')).staffToken(e2e.shop, {
      email: 'sam@example.com',
      name: 'Sam Other',
    });
    const current = (await (
      await fetch(`${e2e.shop.url}/api/v1/Orders/GetOrderDetailsById?orderId=${order!.order_id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      data: { products: { productId: number; quantity: number; isStatic: boolean; unitPrice: number }[] };
    };
    const theirs = await fetch(`${e2e.shop.url}/api/v1/Orders/Update`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: order!.order_id,
        version: order!.version,
        name: order!.name,
        phoneNumber: order!.phone_number,
        comments: 'Sam: customer rang, wants it Friday',
        products: current.data.products.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          isStatic: l.isStatic,
          price: l.unitPrice,
        })),
      }),
    });
    expect(theirs.status).toBe(200);

    await comments.fill('Pat: will pick up Monday');
    await page.getByRole('button', { name: 'Save Order' }).click();
    await page.getByText('Someone else changed this order after you opened it.', { exact: false }).waitFor();
    await shot(page, 'edit-409-desktop');
    await page.getByRole('button', { name: 'Reload Order' }).click();
    await expect.poll(() => comments.inputValue()).toBe('Sam: customer rang, wants it Friday');
    expect(await page.getByText('Someone else changed this order').count()).toBe(0);
    await page.context().close();
  });

  it('saves once for an instant double-click on Save Order, with no 409 from its own second save', async () => {
    const [order] = sql<{ order_id: number; version: number }>(
      'select order_id, version from orders where deleted_at is null and season_purchased = ? order by order_id limit 1',
      currentSeason(),
    );
    const { page } = await staffPage({ width: 1280, height: 900 }, `/Admin/Orders/Edit/${order!.order_id}`);
    const comments = page.getByLabel('Comments');
    await comments.waitFor();
    const updates = countCalls(page, 'orders.update');
    await comments.fill('Double-clicked by habit');
    await instantDoubleClick(page.getByRole('button', { name: 'Save Order' }));
    await page.getByText(SUCCESSFULLY_UPDATED).first().waitFor();
    await updates.settled();
    expect(updates.count()).toBe(1);
    expect(await page.getByText('Someone else changed this order', { exact: false }).count()).toBe(0);
    expect(
      sql<{ version: number; comments: string }>(
        'select version, comments from orders where order_id = ?',
        order!.order_id,
      )[0],
    ).toEqual({ version: order!.version + 1, comments: 'Double-clicked by habit' });
    await page.context().close();
  });

  it('adds a special-order product by keyboard: the modal takes focus, Escape closes it and focus comes back', async () => {
    const { page } = await staffPage({ width: 1280, height: 900 }, '/Admin/Orders/Edit');
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    const add = page.getByRole('combobox', { name: 'Add a product' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    const offered = page.getByRole('listbox', { name: 'Products' }).getByRole('option');
    await add.click();
    const shown = await offered.count();
    await page.getByLabel('Show non-active Items').check();
    await add.click();
    await expect.poll(() => offered.count()).toBeGreaterThan(shown);
    await page.keyboard.press('Escape');

    const open = page.getByRole('button', { name: 'Add Special Order Product...' });
    await open.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    expect(await modal.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Add Special Order Product...');

    // A mistyped address says so instead of quietly starting a new order.
    // Like an order number nobody has: the same message, and the breadcrumb names it (it said 'New').
    for (const typed of ['99999', '12abc', 'abc']) {
      await page.goto(`${e2e.shop.origin}/Admin/Orders/Edit/${typed}`);
      await page.getByText(`There is no order number ${typed}.`).waitFor();
      expect((await page.locator('.breadcrumb').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
        `Orders / ${typed}`,
      );
      expect(await page.getByRole('button', { name: 'Save New Order' }).count()).toBe(0);
    }
    await page.context().close();
  });
});

describe('unsaved changes on the order edit page', () => {
  const NOT_SAVED = 'Your changes to this order are not saved yet. Leave this page and lose them?';

  it('asks before the nav, Back or the breadcrumb throws typed changes away, and not once they are saved', async () => {
    const [order] = sql<{ order_id: number }>(
      'select order_id from orders where deleted_at is null and season_purchased = ? order by order_id limit 1',
      currentSeason(),
    );
    const { page } = await staffPage({ width: 1280, height: 900 });
    await page.getByRole('link', { name: `Edit order ${order!.order_id}` }).click();
    // Not getByLabel: a changed field also has a 'Revert Comments' button.
    const comments = page.getByRole('textbox', { name: /^Comments/ });
    await comments.waitFor();
    await comments.fill('Customer rang: add two more next week');
    const question = page.getByRole('dialog').filter({ hasText: NOT_SAVED });

    // A tap on the nav: Stay keeps the page and what was typed.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Stock' }).click();
    await question.waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/Admin/Orders/Edit/${order!.order_id}`);
    expect(await comments.inputValue()).toBe('Customer rang: add two more next week');

    // The browser's Back button asks too.
    await page.evaluate(() => history.back());
    await question.waitFor();
    await question.getByRole('button', { name: 'Stay' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/Admin/Orders/Edit/${order!.order_id}`);
    expect(await comments.inputValue()).toBe('Customer rang: add two more next week');

    // Saved: leaving no longer asks.
    await page.getByRole('button', { name: 'Save Order' }).click();
    await page.locator('[data-toast-kind="success"]', { hasText: 'Successfully updated' }).waitFor();
    await expect.poll(() => comments.inputValue()).toBe('Customer rang: add two more next week');
    await page.locator('.breadcrumb').getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL((url) => url.pathname === '/Admin/Orders');
    expect(await question.count()).toBe(0);

    // Changed again and left on purpose: Leave goes, and the change is not kept.
    await page.getByRole('link', { name: `Edit order ${order!.order_id}` }).click();
    await comments.waitFor();
    await comments.fill('A second thought');
    await page.locator('.breadcrumb').getByRole('link', { name: 'Orders' }).click();
    await question.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/Admin/Orders');
    const [stored] = sql<{ comments: string }>(
      'select comments from orders where order_id = ?',
      order!.order_id,
    );
    expect(stored!.comments).toBe('Customer rang: add two more next week');
    await page.context().close();
  });
});

describe('on a phone', () => {
  it('shows the list, details, edit page and contacts at 390x844', async () => {
    const { page, consoleErrors } = await staffPage({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
    await page.getByRole('button', { name: 'Details...' }).first().waitFor();
    await shot(page, 'orders-phone');
    // Nothing pushes the page sideways: the wide table scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'Details...' }).first().click();
    await page.getByRole('dialog').getByText('Order Placed On').waitFor();
    await settled(page); // past the modal's fade-in
    await shot(page, 'details-phone');
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Add Order...' }).click();
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    expect(await page.title()).toBe('Creating new Order');
    await page.getByText('Show non-active Items').waitFor();
    await shot(page, 'new-order-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${e2e.shop.origin}/Admin/Contacts`);
    await page.getByRole('heading', { name: 'Contact - Admin' }).waitFor();
    expect(await page.title()).toBe('Contact - Admin');
    await shot(page, 'contacts-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });

  it('on a touch screen, a finger next to the tax-exempt switch still hits it, and Remove on an order line is 44 px wide', async () => {
    const { context, page } = await e2e.staffPage({
      path: '/Admin/Orders',
      name: 'Pat Staff',
      viewport: { width: 390, height: 844 },
      touch: true,
    });
    const [order] = sql<{ order_id: number; is_tax_exempt: number }>(
      'select order_id, is_tax_exempt from orders where deleted_at is null and season_purchased = ? order by created_at desc limit 1',
      currentSeason(),
    );
    const toggle = page.getByRole('checkbox', { name: `Order ${order!.order_id} is tax exempt` });
    await toggle.scrollIntoViewIfNeeded();
    const box = (await toggle.boundingBox())!;
    // 18 px right of, and 18 px below, the 18 px box's centre: outside the box, inside a fingertip's 44 px.
    // Hit-tested by the page, not tapped: Chrome's touch adjustment would snap a tap there, Safari's does not.
    for (const [dx, dy] of [
      [18, 0],
      [0, 18],
      [-18, -18],
    ] as const) {
      const hits = await page.evaluate(
        ({ x, y, name }) => {
          const target = document.elementFromPoint(x, y);
          const input = document.querySelector(`input[aria-label="${name}"]`);
          // The switch itself, or a label that toggles it; a table cell around it does nothing.
          return (
            input !== null &&
            (target === input || (target instanceof HTMLLabelElement && target.control === input))
          );
        },
        {
          x: box.x + box.width / 2 + dx,
          y: box.y + box.height / 2 + dy,
          name: `Order ${order!.order_id} is tax exempt`,
        },
      );
      expect(hits, `a tap ${dx},${dy} px from the switch's centre`).toBe(true);
    }
    await page.touchscreen.tap(box.x + box.width / 2 + 18, box.y + box.height / 2);
    await expect.poll(() => toggle.isChecked()).toBe(order!.is_tax_exempt === 0);
    await expect
      .poll(
        () =>
          sql<{ is_tax_exempt: number }>(
            'select is_tax_exempt from orders where order_id = ?',
            order!.order_id,
          )[0]!.is_tax_exempt,
      )
      .toBe(order!.is_tax_exempt === 0 ? 1 : 0);
    await toggle.tap();
    await expect.poll(() => toggle.isChecked()).toBe(order!.is_tax_exempt === 1);

    await page.getByRole('link', { name: `Edit order ${order!.order_id}` }).tap();
    const remove = page.getByRole('button', { name: /^Remove / }).first();
    await remove.waitFor();
    expect((await remove.boundingBox())!.width).toBeGreaterThanOrEqual(44);
    await context.close();
  });
});

describe('on a tablet', () => {
  it('shows every contacts column at 820x1180, the Contact Date too, without scrolling the table', async () => {
    const { page, consoleErrors } = await staffPage({ width: 820, height: 1180 }, '/Admin/Contacts');
    await page.getByRole('heading', { name: 'Contact - Admin' }).waitFor();
    const wrap = page.locator('.admin-contacts .table-wrap');
    await wrap.locator('tbody tr').first().waitFor();
    const [table, box] = await wrap.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(table).toBeLessThanOrEqual(box as number);
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
