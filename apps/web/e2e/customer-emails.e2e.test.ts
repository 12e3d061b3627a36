import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  newPage,
  openProductWaitlist,
  PHONE,
  shopInBrowser,
  soldOutProduct,
} from './support/index.ts';

// On a phone (390 x 844): a customer leaves an address on a sold-out product, and staff change the receipt's
// text in Settings with a preview, an unknown placeholder refused, then see the waitlist in the product modal.

const e2e = shopInBrowser();

/** A Sold Out product of the demo catalogue whose name is on no other product. */
function waitlistRows(productId: number): { email: string; quantity: number }[] {
  return e2e.shop.shop.database.sqlite
    .prepare('select email, quantity from waitlist_entries where product_id = ? order by waitlist_entry_id')
    .all(productId) as { email: string; quantity: number }[];
}

describe('waitlist on the storefront', () => {
  it('a customer on a phone leaves an address and a quantity on a sold-out product', async () => {
    const product = soldOutProduct(e2e.shop);
    const { page, consoleErrors } = await newPage(e2e.browser, { viewport: PHONE });
    await page.goto(`${e2e.shop.origin}/Products`);
    await page.getByLabel('Search', { exact: true }).fill(product.name);
    const card = page.locator('article.product-card', {
      has: page.getByRole('heading', { name: product.name, exact: true }),
    });
    await card.getByRole('button', { name: "Tell me when it's back" }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Tell me when/ }).waitFor();
    // The address field has the keyboard.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    expect(await accessibilityProblems(page, 'waitlist dialog')).toEqual([]);

    // A bad address is refused with the shop's words, nothing stored.
    await dialog.getByLabel('Email').fill('robin@example');
    await dialog.getByRole('button', { name: 'Tell me' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'valid email address' }).waitFor();
    expect(waitlistRows(product.productId)).toEqual([]);

    await dialog.getByLabel('Email').fill('robin@example.com');
    await dialog.getByLabel('How many would you like?').fill('4');
    await dialog.getByRole('button', { name: 'Tell me' }).click();
    await dialog.getByRole('status').filter({ hasText: 'We will e-mail robin@example.com once' }).waitFor();
    expect(waitlistRows(product.productId)).toEqual([{ email: 'robin@example.com', quantity: 4 }]);
    // The dialog fits the phone's width: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});

describe('customer e-mails in Settings, and the waitlist for staff', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await e2e.staffPage({
      path: '/Admin/Settings',
      viewport: PHONE,
      heading: 'Customer e-mails',
    }));
  }, 120_000);

  it('staff edit the receipt with a preview; an unknown placeholder is refused by name', async () => {
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Customer e-mails' }) });
    await section.getByLabel('E-mail', { exact: true }).selectOption('receipt');
    const subject = section.getByLabel('Subject');
    await expect.poll(() => subject.inputValue()).toContain('{orderNumber}');

    await subject.fill('Order {orderNumber} for {firstName}');
    await section.getByLabel('Text').fill('Thank you!\nPick up on {pickupdate}.\n{lines}\nTotal: {total}');
    await section
      .getByRole('alert')
      .filter({ hasText: 'Unknown placeholder {pickupdate} in the body' })
      .waitFor();
    expect(await section.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
    await section.getByRole('button', { name: 'Save' }).click();
    // Nothing was saved while the text names a placeholder the e-mail does not know.
    const stored = () =>
      e2e.shop.shop.database.sqlite
        .prepare("select subject, body from customer_email_templates where kind = 'receipt'")
        .get() as { subject: string; body: string } | undefined;
    expect(stored()).toBeUndefined();

    await section.getByLabel('Text').fill('Thank you!\nPick up on {pickupDay}.\n{lines}\nTotal: {total}');
    await section.getByRole('button', { name: 'Preview' }).click();
    const preview = section.getByTestId('customer-email-preview');
    await preview.getByText('Subject: Order 1234 for Robin').waitFor();
    expect(await preview.textContent()).toContain('Total: $92.31');
    expect(await accessibilityProblems(page, 'Settings, customer e-mails')).toEqual([]);
    await section.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-toast-kind]', { hasText: 'Order receipt saved.' }).waitFor();
    expect(stored()).toEqual({
      subject: 'Order {orderNumber} for {firstName}',
      body: 'Thank you!\nPick up on {pickupDay}.\n{lines}\nTotal: {total}',
    });
  });

  it("shows the order's e-mails on its edit page: the receipt, not sent without a mail server", async () => {
    // A customer places an order through the storefront's own call.
    const product = e2e.shop.shop.database.sqlite
      .prepare(
        `select p.product_id as productId from products p where p.product_status = 2 and p.deleted_at is null
           and exists (select 1 from product_prices pp where pp.product_id = p.product_id and pp.start_quantity = 1)
           and not exists (select 1 from stock_changes s where s.product_id = p.product_id) limit 1`,
      )
      .get() as { productId: number };
    const placed = await fetch(`${e2e.shop.url}/api/v1/Orders/Submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Rowan',
        lastName: 'Birch',
        email: 'rowan@example.com',
        confirmEmail: 'rowan@example.com',
        phoneNumber: '555-201-4444',
        orderProductXrefs: [{ productId: product.productId, quantity: 1 }],
      }),
    });
    const { orderId } = ((await placed.json()) as { data: { orderId: number } }).data;
    await page.goto(`${e2e.shop.origin}/Admin/Orders/Edit/${orderId}`);
    const emails = page.locator('section', {
      has: page.getByRole('heading', { name: 'E-mails', exact: true }),
    });
    const receipt = emails.getByTestId('order-email').filter({ hasText: 'Order receipt' });
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('Not sent: no mail server is set up (SMTP_URL)');
    // Nothing to retry without a mail server.
    expect(await emails.getByRole('button', { name: /^Retry/ }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await accessibilityProblems(page, 'order edit page with its e-mails')).toEqual([]);
  });

  it("staff see a product's waitlist in its modal and can remove an entry", async () => {
    const product = soldOutProduct(e2e.shop);
    const waitlist = await openProductWaitlist(page, e2e.shop, product.name);
    await waitlist.getByRole('heading', { name: 'Waitlist: 1 waiting' }).waitFor();
    await waitlist.getByRole('cell', { name: 'robin@example.com', exact: true }).waitFor();
    expect(await accessibilityProblems(page, 'product modal with waitlist')).toEqual([]);
    await waitlist.getByRole('button', { name: 'Remove robin@example.com from the waitlist' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Yes' }).click();
    await waitlist.getByText('Nobody has asked to hear when this product is back.').waitFor();
    expect(waitlistRows(product.productId)).toEqual([]);
  });
});
