import { ORDER_DELETE_CONFIRM, ORDER_RESTORE_CONFIRM, orderTotals } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, instantDoubleClick, settled, shopInBrowser } from './support/index.ts';

// A staff member works through a season's orders with the screens only; the database, the public
// order view and the REST answers are then read to check they agree with what the screens showed.

const e2e = shopInBrowser();
let page: Page;
let consoleErrors: string[];

interface OrderRow {
  order_id: number;
  name: string;
  phone_number: string;
  season_purchased: number;
  total_cents: number;
  subtotal_cents: number;
  tax_cents: number;
  is_tax_exempt: number;
  deleted_at: number | null;
  version: number;
  source: string;
}

function sql<T>(query: string, ...params: unknown[]): T[] {
  return e2e.shop.shop.database.sqlite.prepare(query).all(...params) as T[];
}

function orderRow(orderId: number): OrderRow {
  return sql<OrderRow>('select * from orders where order_id = ?', orderId)[0]!;
}

function lines(orderId: number) {
  return sql<{
    product_id: number;
    quantity: number;
    unit_price_cents: number;
    is_static: number;
    subtotal_cents: number;
  }>('select * from order_lines where order_id = ? order by order_product_xref_id', orderId);
}

const currentSeason = () => sql<{ s: number }>('select max(season_purchased) as s from orders')[0]!.s;

/** An order of last season with a customer name used only once in that season, with priced (calculated) lines only. */
function pastSeasonOrder(): OrderRow {
  const season = currentSeason() - 1;
  return sql<OrderRow>(
    `select o.* from orders o
     where o.season_purchased = ? and o.deleted_at is null and o.is_tax_exempt = 0
       and not exists (select 1 from order_lines l where l.order_id = o.order_id and l.is_static = 1)
       and (select count(*) from orders o2 where o2.name = o.name and o2.season_purchased = o.season_purchased) = 1
     order by o.order_id limit 1`,
    season,
  )[0]!;
}

async function openOrdersList(seasonValue: number, filter: string) {
  await page.goto(`${e2e.shop.origin}/Admin/Orders`);
  await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
  const season = page.getByLabel('Season', { exact: true });
  await expect.poll(() => season.isEnabled()).toBe(true);
  await season.selectOption(String(seasonValue));
  await page.getByPlaceholder('Filter Orders...').fill(filter);
}

function orderTableRow(orderId: number) {
  return page
    .getByTestId('orders-table')
    .locator('tbody tr', { has: page.getByLabel(`Edit order ${orderId}`) });
}

async function toast(text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ timeout: 10_000 });
}

beforeAll(async () => {
  ({ page, consoleErrors } = await e2e.staffPage({ path: '/Admin/Orders', name: 'Pat Staff' }));
});

describe('orders of a past season', () => {
  it('finds an order by customer name in a past season and opens its details', async () => {
    const order = pastSeasonOrder();
    await openOrdersList(order.season_purchased, order.name);
    const row = orderTableRow(order.order_id);
    await row.waitFor();
    await expect
      .poll(() => page.getByText(/^Showing \d+ Order\(s\)$/).textContent())
      .toBe('Showing 1 Order(s)');

    await row.getByRole('button', { name: 'Details...' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Order Placed On').waitFor();
    expect(await dialog.textContent()).toContain(order.name);
    expect(await dialog.textContent()).toContain(order.phone_number);
    expect(await dialog.locator('tbody tr').count()).toBe(lines(order.order_id).length);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('edits a quantity and adds a special-order line with a manual price; the server prices the order the same way', async () => {
    const order = pastSeasonOrder();
    await openOrdersList(order.season_purchased, order.name);
    await orderTableRow(order.order_id).getByLabel(`Edit order ${order.order_id}`).click();
    await page.getByRole('heading', { name: `Modifying Order ${order.order_id}` }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Add a product' }).isEnabled()).toBe(true);

    const quantity = page.getByLabel(/^Quantity of /).first();
    // Digits only: the letters are dropped as they are typed.
    await quantity.fill('');
    await quantity.pressSequentially('1x2');
    expect(await quantity.inputValue()).toBe('12');

    await page.getByRole('button', { name: 'Add Special Order Product...' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('Name').fill('Pin Oak, 10 ft B&B');
    await modal.getByRole('button', { name: 'Add New Price' }).click();
    await modal.getByLabel('Price per unit of price 1').fill('85.00');
    await modal.getByRole('button', { name: 'Save Product' }).click();
    await modal.waitFor({ state: 'detached' });
    const specialRow = page.locator('tr', { hasText: 'Pin Oak, 10 ft B&B' });
    expect(await specialRow.getByLabel(/^Price mode of /).inputValue()).toBe('manual');
    expect(await specialRow.getByLabel(/^Unit price of /).inputValue()).toBe('85.00');
    await specialRow.getByLabel(/^Quantity of /).fill('2');
    await specialRow.getByLabel(/^Unit price of /).fill('79.50');

    const shownTotal = await page.getByTestId('order-total').textContent();
    await page.getByRole('button', { name: 'Save Order' }).click();
    await toast('Successfully updated');
    await page.getByRole('heading', { name: `Modifying Order ${order.order_id}` }).waitFor();

    const saved = lines(order.order_id);
    expect(saved[0]?.quantity).toBe(12);
    const special = saved.at(-1)!;
    expect(special).toMatchObject({
      quantity: 2,
      unit_price_cents: 7950,
      is_static: 1,
      subtotal_cents: 15900,
    });
    const stored = orderRow(order.order_id);
    const expected = orderTotals(
      saved.map((l) => ({ subtotalCents: l.subtotal_cents })),
      e2e.shop.config.taxRateBasisPoints,
      false,
    );
    expect(stored.total_cents).toBe(expected.totalCents);
    expect(stored.version).toBe(order.version + 1);
    // What the page showed before saving is what the server stored.
    expect(shownTotal).toBe(
      `$${(expected.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  });

  it('toggles tax exempt on the list and the public order view follows', async () => {
    const order = orderRow(pastSeasonOrder().order_id);
    await openOrdersList(order.season_purchased, order.name);
    const publicView = `${e2e.shop.origin}/Order/${order.order_id}/${encodeURIComponent(order.phone_number)}`;
    const visitor = await e2e.browser.newPage();
    const taxHeaders = () => visitor.getByRole('columnheader', { name: 'Tax', exact: true }).count();
    await visitor.goto(publicView);
    await visitor.getByText(order.name).first().waitFor({ timeout: 15_000 });
    expect(await taxHeaders()).toBe(1);

    const toggle = page.getByLabel(`Order ${order.order_id} is tax exempt`);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await toast('Successfully updated');
    await expect.poll(() => orderRow(order.order_id).is_tax_exempt).toBe(1);
    expect(orderRow(order.order_id).tax_cents).toBe(0);
    // The list shows the new total (no tax) without a reload.
    const exemptTotal = `$${(orderRow(order.order_id).total_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await expect.poll(() => orderTableRow(order.order_id).textContent()).toContain(exemptTotal);

    const answer = await fetch(
      `${e2e.shop.origin}/api/v1/Orders/GetOrderById?orderId=${order.order_id}&phoneNumber=${encodeURIComponent(order.phone_number)}`,
    );
    const body = (await answer.json()) as {
      data: { isTaxExempt: boolean; tax: number; total: number; subtotal: number };
    };
    expect(body.data).toMatchObject({ isTaxExempt: true, tax: 0 });
    expect(body.data.total).toBe(body.data.subtotal);
    // Tax-exempt orders hide the Subtotal and Tax columns and show a single Total.
    await visitor.reload();
    await visitor.getByText(order.name).first().waitFor({ timeout: 15_000 });
    expect(await taxHeaders()).toBe(0);
    expect(await visitor.textContent('body')).toContain(exemptTotal);
    await visitor.close();

    await toggle.uncheck();
    await toast('Successfully updated');
    await expect.poll(() => orderRow(order.order_id).is_tax_exempt).toBe(0);
    expect(orderRow(order.order_id).tax_cents).toBeGreaterThan(0);
  });
});

describe('deleting and restoring', () => {
  it('deletes an order after confirming, shows it among the deleted orders, and restores it', async () => {
    const order = pastSeasonOrder();
    await openOrdersList(order.season_purchased, order.name);
    const row = orderTableRow(order.order_id);
    await row.getByLabel(`Delete order ${order.order_id}`).click();
    const confirmDialog = page.getByTestId('confirm-dialog');
    await confirmDialog.getByText(ORDER_DELETE_CONFIRM).waitFor();
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await toast('Successfully deleted');
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => orderRow(order.order_id).deleted_at).not.toBeNull();

    const deletedRow = page
      .getByTestId('deleted-orders-table')
      .locator('tbody tr', { has: page.getByLabel(`Restore order ${order.order_id}`) });
    await deletedRow.waitFor();
    expect(await deletedRow.textContent()).toContain('Pat Staff');
    await expect
      .poll(() => page.getByText(/^Showing \d+ Deleted Order\(s\)$/).textContent())
      .toMatch(/Showing [1-9]\d* Deleted Order\(s\)/);

    const lookup = await fetch(
      `${e2e.shop.origin}/api/v1/Orders/GetOrderById?orderId=${order.order_id}&phoneNumber=${encodeURIComponent(order.phone_number)}`,
    );
    expect(lookup.status).toBe(404);

    await deletedRow.getByLabel(`Restore order ${order.order_id}`).click();
    await confirmDialog.getByText(ORDER_RESTORE_CONFIRM).waitFor();
    await confirmDialog.getByRole('button', { name: 'Restore' }).click();
    await deletedRow.waitFor({ state: 'detached' });
    await orderTableRow(order.order_id).waitFor();
    expect(orderRow(order.order_id).deleted_at).toBeNull();
  });
});

describe('exports', () => {
  it('downloads the year-over-year and current-season workbooks as dated .xls files', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Orders`);
    await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
    for (const [button, name] of [
      ['Export Year Over Year', 'YearOverYearByMonth'],
      ['Export Current Orders', 'CurrentSeasonOrdersWithProducts'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: button }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2} ${name}\\.xls$`));
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      // An .xls workbook is an OLE2 compound file.
      expect(Buffer.concat(chunks).subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    }
  });
});

describe('contact messages', () => {
  it('lists messages newest first, hides spam, and lets staff mark and unmark spam', async () => {
    const newest = sql<{ contact_id: number; name: string }>(
      'select contact_id, name from contacts where is_spam = 0 order by created_at desc limit 1',
    )[0]!;
    const spam = sql<{ contact_id: number }>('select contact_id from contacts where is_spam = 1 limit 1')[0]!;
    await page.goto(`${e2e.shop.origin}/Admin/Contacts`);
    await page.getByRole('heading', { name: 'Contact - Admin' }).waitFor();
    const table = page.getByTestId('contacts-table');
    await table.locator('tbody tr').first().getByText(newest.name).waitFor();
    expect(await table.getByLabel(`Contact ${spam.contact_id} is spam`).count()).toBe(0);

    const spamMark = (contactId: number) =>
      sql<{ s: number }>('select is_spam as s from contacts where contact_id = ?', contactId)[0]?.s;
    await page.getByPlaceholder('Filter Contacts...').fill(newest.name);
    const box = table.getByLabel(`Contact ${newest.contact_id} is spam`);
    await box.click(); // the row leaves at once while spam is hidden, so no state check
    await toast('Successfully updated');
    await expect.poll(() => spamMark(newest.contact_id)).toBe(1);
    await box.waitFor({ state: 'detached' });

    await page.getByRole('checkbox', { name: /Hide spam/ }).uncheck();
    await table.getByLabel(`Contact ${newest.contact_id} is spam`).uncheck();
    await expect.poll(() => spamMark(newest.contact_id)).toBe(0);
  });
});

describe('a phone order', () => {
  it('creates a new order for a customer on the phone and lands on its edit page', async () => {
    await page.goto(`${e2e.shop.origin}/Admin/Orders`);
    await page.getByRole('link', { name: 'Add Order...' }).click();
    await page.getByRole('heading', { name: 'Creating new Order' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Walt Phonecall');
    await page.getByLabel('Phone Number', { exact: true }).fill('(555) 444-1212');
    await page.getByLabel('Comments').fill('Called Tuesday; will pick up with the April orders.');

    const add = page.getByRole('combobox', { name: 'Add a product' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    const product = sql<{ product_id: number; name: string; product_size: string }>(
      `select p.product_id, p.name, p.product_size from products p
       where p.product_status = 2 and p.deleted_at is null
         and exists (select 1 from product_prices t where t.product_id = p.product_id and t.start_quantity = 1)
         and not exists (select 1 from stock_changes s where s.product_id = p.product_id)
       order by p.name limit 1`,
    )[0]!;
    await add.fill(product.name);
    const label = product.product_size ? `${product.name} - ${product.product_size}` : product.name;
    await page.getByRole('option', { name: label, exact: true }).click();
    const row = page.locator(`tr[data-product-id="${product.product_id}"]`);
    expect(await row.getByLabel(/^Price mode of /).inputValue()).toBe('calculated');
    await row.getByLabel(/^Quantity of /).fill('3');

    // A double-click by habit still makes one order.
    await instantDoubleClick(page.getByRole('button', { name: 'Save New Order' }));
    await toast('Successfully updated');
    await page.waitForURL(/\/Admin\/Orders\/Edit\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('heading', { name: `Modifying Order ${orderId}` }).waitFor();

    const stored = orderRow(orderId);
    expect(stored).toMatchObject({ name: 'Walt Phonecall', phone_number: '(555) 444-1212', source: 'admin' });
    expect(stored.season_purchased).toBe(currentSeason());
    expect(lines(orderId)).toEqual([
      expect.objectContaining({ product_id: product.product_id, quantity: 3, is_static: 0 }),
    ]);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Walt Phonecall');
    expect(sql("select count(*) as n from orders where name = 'Walt Phonecall'")).toEqual([{ n: 1 }]);
  });

  it('has no serious accessibility problems on the orders, order edit and contacts screens', async () => {
    const problems: string[] = [];
    for (const [path, heading] of [
      ['/Admin/Orders', 'Orders - Admin'],
      ['/Admin/Orders/Edit', 'Creating new Order'],
      ['/Admin/Contacts', 'Contact - Admin'],
    ] as const) {
      // The deleted orders arrive a second after the list: checked once they are on screen too.
      const deletedArrived =
        path === '/Admin/Orders'
          ? page.waitForResponse((answer) => answer.url().includes('/trpc/orders.allDeleted'))
          : Promise.resolve();
      await page.goto(`${e2e.shop.origin}${path}`);
      await page.getByRole('heading', { name: heading }).waitFor();
      await deletedArrived;
      await settled(page);
      problems.push(...(await accessibilityProblems(page, path)));
    }
    expect(problems).toEqual([]);
  });

  it('left no errors in the console', () => {
    expect(consoleErrors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
