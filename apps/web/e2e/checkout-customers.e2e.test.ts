import { EMAIL_SPECIAL_CHARACTERS, INVALID_EMAIL, ORDER_MESSAGES } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADA,
  DESK,
  fillDetails,
  keepInCart,
  newPage,
  PHONE,
  shopInBrowser,
  shopSql,
} from './support/index.ts';

// The checkout as customers met it: each case failed before its fix.

const e2e = shopInBrowser();
let productId: number;

const sql = (statement: string) => shopSql(e2e.shop, statement);

const dialog = (page: Page) => page.getByRole('dialog');
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.id ?? '', tag: el?.tagName ?? '', text: el?.textContent?.trim() ?? '' };
  });

/** A shop page with one product in the cart and, when given, the last order's details remembered. */
async function withCart(page: Page, lastOrder?: Record<string, string>): Promise<void> {
  await page.goto(`${e2e.shop.origin}/FAQ`);
  await keepInCart(page, { productId, cartQuantity: 2 }, lastOrder);
  await page.reload();
  await page.getByRole('button', { name: /^Cart/ }).first().click();
  await dialog(page).getByRole('heading', { name: 'Viewing Cart' }).waitFor();
}

beforeAll(async () => {
  sql("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled';");
  productId = Number(
    sql(
      `SELECT p.product_id FROM products p WHERE p.product_status = 2 AND p.deleted_at IS NULL
         AND EXISTS (SELECT 1 FROM product_prices t WHERE t.product_id = p.product_id AND t.start_quantity = 1)
       ORDER BY p.product_id LIMIT 1;`,
    ),
  );
});

describe('checkout', () => {
  it('goes through with the keyboard alone: each step starts on its first field or heading, never on Clear', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: DESK });
    await withCart(page, ADA);
    await dialog(page).getByRole('button', { name: 'Checkout' }).focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('heading', { name: 'Order Details' }).waitFor();
    // The details step starts on its first field, filled from the last order.
    await expect.poll(() => focused(page)).toMatchObject({ id: 'order-firstName' });
    expect(await dialog(page).getByLabel('First name').inputValue()).toBe('Ada');
    // The spec's name for the button to the confirmation step.
    expect(await dialog(page).getByRole('button', { name: 'Confirm Order' }).count()).toBe(1);
    expect(await dialog(page).getByRole('button', { name: 'Continue' }).count()).toBe(0);
    // A second Enter goes on to the confirmation with the details kept (it pressed Clear before).
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2', text: 'Confirm Order' });
    await dialog(page).getByText('ada@example.com').first().waitFor();
    // Go Back returns to the details, again on the first field.
    await dialog(page).getByRole('button', { name: 'Go Back' }).click();
    await dialog(page).getByRole('heading', { name: 'Order Details' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ id: 'order-firstName' });
    await context.close();
  });

  it('refuses on the details step an address the shop would refuse at Submit', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: DESK });
    await withCart(page);
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await dialog(page).getByRole('heading', { name: 'Order Details' }).waitFor();
    await fillDetails(page, {
      'First name': 'Ada',
      'Last name': 'Maple',
      Email: 'ada@example',
      'Confirm email': 'ada@example',
      'Phone number': '555-201-3344',
    });
    const toConfirm = dialog(page).getByRole('button', { name: 'Confirm Order' });
    await toConfirm.click();
    await expect.poll(() => page.locator('.toast-text').allTextContents()).toEqual([INVALID_EMAIL]);
    expect(await dialog(page).getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await dialog(page).getByRole('heading', { name: 'Confirm Order' }).count()).toBe(0);

    await fillDetails(page, {
      Email: 'ada@example.com?bcc=x@y.z',
      'Confirm email': 'ada@example.com?bcc=x@y.z',
    });
    await toConfirm.click();
    await expect
      .poll(() => page.locator('.toast-text').allTextContents())
      .toEqual([EMAIL_SPECIAL_CHARACTERS]);

    await fillDetails(page, { Email: 'ada@example.com', 'Confirm email': 'ada@exemple.com' });
    await toConfirm.click();
    await expect
      .poll(() => page.locator('.toast-text').allTextContents())
      .toEqual([ORDER_MESSAGES.emailsDoNotMatch]);
    expect(await dialog(page).getByLabel('Confirm email').getAttribute('aria-invalid')).toBe('true');

    // Letter case alone is no mismatch: a phone capitalises the first letter of one field and not the other.
    await fillDetails(page, { Email: 'Ada@example.com', 'Confirm email': 'ada@example.com' });
    await toConfirm.click();
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
    await expect.poll(() => page.locator('.toast-text').count()).toBe(0);
    await context.close();
  });

  it('shows the validation messages on a phone without covering the first field', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: PHONE });
    await withCart(page);
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await dialog(page).getByRole('heading', { name: 'Order Details' }).waitFor();
    // As a thumb does it: everything but the first name typed, down to the button at the end of the form.
    await fillDetails(page, {
      'Last name': 'Maple',
      Email: 'ada@example.com',
      'Confirm email': 'ada@example.com',
      'Phone number': '555-201-3344',
    });
    await dialog(page)
      .getByLabel(/^Comments/)
      .fill('Saturday pick-up');
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).scrollIntoViewIfNeeded();
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    // Every message in one notification, as the spec says: on a phone at the top of the form itself.
    const notice = dialog(page).getByRole('alert');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(ORDER_MESSAGES.firstName);
    // No toast over the dialog: top right over a full-width dialog it hid the first name field.
    expect(await page.locator('.toast-text').count()).toBe(0);
    const first = dialog(page).getByLabel('First name');
    await expect.poll(() => focused(page)).toMatchObject({ id: 'order-firstName' });
    const label = await dialog(page).getByText('First name', { exact: true }).boundingBox();
    const field = await first.boundingBox();
    const box = await notice.boundingBox();
    expect(box && field && label).toBeTruthy();
    if (box && field && label) {
      // The label and the field are on screen, below the notification.
      expect(label.y).toBeGreaterThanOrEqual(box.y + box.height);
      expect(label.y).toBeGreaterThanOrEqual(0);
      expect(field.y + field.height).toBeLessThanOrEqual(PHONE.height);
    }
    // Once put right, the notification goes and the checkout moves on.
    await fillDetails(page, { 'First name': 'Ada' });
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
    expect(await dialog(page).getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('says the order was received on its page once placed', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: PHONE });
    await withCart(page, ADA);
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await dialog(page).getByRole('heading', { name: 'Confirm Order' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(/\/Order\/\d+\//);
    const received = page.getByRole('heading', { name: 'Thank you, your order has been received' });
    await received.waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'H2' });
    expect((await focused(page)).text).toBe('Thank you, your order has been received');
    // A placed order of this season tells what happens next.
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();
    // A reload in the same tab still says so; another tab (a lookup from elsewhere) does not.
    const url = page.url();
    await page.reload();
    await received.waitFor();
    const other = await context.newPage();
    await other.goto(url);
    await other.getByRole('heading', { name: 'What happens next' }).waitFor();
    expect(
      await other.getByRole('heading', { name: 'Thank you, your order has been received' }).count(),
    ).toBe(0);
    await context.close();
  });
});
