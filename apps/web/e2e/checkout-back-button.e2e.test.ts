import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { keepInCart, newPage, PHONE, shopInBrowser } from './support/index.ts';

/**
 * A customer on a phone uses the Back button inside the checkout: it steps back through the cart's
 * steps on the same page, keeps what was typed, and Forward steps on again.
 */

interface ApiProduct {
  productId: number;
  name: string;
  productStatus: number;
}

const e2e = shopInBrowser();
let product: ApiProduct;

beforeAll(async () => {
  e2e.shop.shop.database.sqlite
    .prepare("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled'")
    .run();
  const response = await fetch(`${e2e.shop.origin}/api/v1/Products/GetProductsToShow`);
  const products = ((await response.json()) as { data: ApiProduct[] }).data;
  const found = products.find((p) => p.productStatus === 2);
  if (!found) throw new Error('the demo catalogue has no Active product');
  product = found;
});

/** A phone with two pages in its history (home, then FAQ) and one product in the cart. */
async function phoneOnFaq(): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport: PHONE });
  await page.goto(e2e.shop.origin);
  await keepInCart(page, { productId: product.productId, cartQuantity: 3 });
  await page.goto(`${e2e.shop.origin}/FAQ`);
  await page.locator('main h1').first().waitFor();
  return { page, close: () => context.close(), errors: consoleErrors };
}

const dialog = (page: Page) => page.getByRole('dialog');

async function onStep(
  page: Page,
  title: 'Adding Product to Cart' | 'Viewing Cart' | 'Order Details' | 'Confirm Order',
): Promise<void> {
  await dialog(page).getByRole('heading', { name: title, exact: true }).waitFor();
}

async function closed(page: Page): Promise<void> {
  await page.getByTestId('cart-modal').waitFor({ state: 'detached' });
}

async function openCart(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await onStep(page, 'Viewing Cart');
}

async function fillDetails(page: Page): Promise<void> {
  const modal = dialog(page);
  await modal.getByLabel('First name').fill('Pat');
  await modal.getByLabel('Last name').fill('Spruce');
  await modal.getByLabel('Email', { exact: true }).fill('pat@example.com');
  await modal.getByLabel('Confirm email').fill('pat@example.com');
  await modal.getByLabel('Phone number').fill('555-222-3333');
  await modal.getByLabel(/^Comments/).fill('Pick-up on Saturday');
}

async function toConfirmation(page: Page): Promise<void> {
  await openCart(page);
  await dialog(page).getByRole('button', { name: 'Checkout' }).click();
  await onStep(page, 'Order Details');
  await fillDetails(page);
  await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
  await onStep(page, 'Confirm Order');
}

/** Back from the page's own entry leaves for the page before, with no cart on it. */
async function backLeavesFor(page: Page, path: string): Promise<void> {
  await back(page);
  await page.waitForURL(`${e2e.shop.origin}${path}`);
  expect(await page.getByTestId('cart-modal').count()).toBe(0);
}

// Same-document entries: there is no load to wait for.
const back = (page: Page) => page.goBack({ waitUntil: 'commit' });
const forward = (page: Page) => page.goForward({ waitUntil: 'commit' });

describe('phone Back and Forward in the checkout', () => {
  it('Back steps confirm -> details -> cart -> closed on the same page, keeping what was typed; Forward steps on', async () => {
    const { page, close, errors } = await phoneOnFaq();
    // Opened from a card well down the product list, as a customer scrolling on a phone would.
    await page.goto(`${e2e.shop.origin}/Products`);
    const slot = page.locator('.product-grid > article').nth(7);
    await slot.scrollIntoViewIfNeeded();
    const cardButton = slot.getByRole('button', { name: /^Add to Cart, / });
    await cardButton.click();
    await page.getByRole('menuitem', { name: 'Add to Cart' }).click();
    await onStep(page, 'Adding Product to Cart');
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await dialog(page).getByRole('button', { name: 'View Cart' }).click();
    await onStep(page, 'Viewing Cart');
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await onStep(page, 'Order Details');
    await fillDetails(page);
    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await onStep(page, 'Confirm Order');
    const products = page.url();

    await back(page);
    await onStep(page, 'Order Details');
    expect(page.url()).toBe(products);
    expect(await dialog(page).getByLabel('First name').inputValue()).toBe('Pat');
    expect(await dialog(page).getByLabel('Phone number').inputValue()).toBe('555-222-3333');
    expect(
      await dialog(page)
        .getByLabel(/^Comments/)
        .inputValue(),
    ).toBe('Pick-up on Saturday');

    await back(page);
    await onStep(page, 'Viewing Cart');
    expect(await dialog(page).locator(`[data-product-id="${product.productId}"]`).count()).toBe(1);

    await back(page);
    await closed(page);
    expect(page.url()).toBe(products);
    // The list under the cart is still where the customer left it.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    await forward(page);
    await onStep(page, 'Viewing Cart');
    await forward(page);
    await onStep(page, 'Order Details');
    expect(await dialog(page).getByLabel('Last name').inputValue()).toBe('Spruce');
    await forward(page);
    await onStep(page, 'Confirm Order');
    await dialog(page).getByText('pat@example.com').waitFor();

    // The modal's own Go Back is the same step back, so Forward redoes it too.
    await dialog(page).getByRole('button', { name: 'Go Back' }).click();
    await onStep(page, 'Order Details');
    await forward(page);
    await onStep(page, 'Confirm Order');

    // Back past the cart leaves for the page before, as on any page.
    await back(page);
    await back(page);
    await back(page);
    await closed(page);
    await backLeavesFor(page, '/FAQ');
    expect(errors).toEqual([]);
    await close();
  });

  it('closing with × or Escape leaves no entry behind: the next Back leaves the page', async () => {
    const { page, close, errors } = await phoneOnFaq();
    await toConfirmation(page);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await closed(page);
    expect(page.url()).toBe(`${e2e.shop.origin}/FAQ`);
    await backLeavesFor(page, '/');
    await page.getByRole('heading', { name: `Welcome to ${e2e.shop.config.shop.name}` }).waitFor();

    await page.goto(`${e2e.shop.origin}/FAQ`);
    await page.locator('main h1').first().waitFor();
    await openCart(page);
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await onStep(page, 'Order Details');
    await page.keyboard.press('Escape');
    await closed(page);
    await backLeavesFor(page, '/');
    expect(errors).toEqual([]);
    await close();
  });

  it('Forward onto the confirmation after clearing a detail stays on the details', async () => {
    const { page, close, errors } = await phoneOnFaq();
    await toConfirmation(page);
    await back(page);
    await onStep(page, 'Order Details');
    await dialog(page).getByLabel('First name').fill('');
    await forward(page);
    // The confirmation is refused: the details step shows again, with the rest still typed.
    await onStep(page, 'Order Details');
    await expect.poll(() => page.evaluate(() => history.state?.checkout?.step)).toBe('details');
    expect(await dialog(page).getByLabel('Last name').inputValue()).toBe('Spruce');
    await back(page);
    await onStep(page, 'Viewing Cart');
    expect(errors).toEqual([]);
    await close();
  });

  it('after the order is placed, Back from the order page returns to the shop page, not to the checkout', async () => {
    const { page, close, errors } = await phoneOnFaq();
    await toConfirmation(page);
    await dialog(page).getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(/\/Order\/\d+\/555-222-3333/);
    await page.getByRole('heading', { name: /Order #\d+/ }).waitFor();
    await back(page);
    await page.waitForURL(`${e2e.shop.origin}/FAQ`);
    await page.locator('main h1').first().waitFor();
    // The page's own entry: the cart (still fading out if Back came quickly) stays closed.
    expect(await page.evaluate(() => history.state?.checkout ?? null)).toBeNull();
    await closed(page);
    expect(errors).toEqual([]);
    await close();
  });
});

/** What the tab keeps of the details form for a reload (sessionStorage), or null. */
const storedDraft = (page: Page) => page.evaluate(() => sessionStorage.getItem('order-details-draft'));

async function detailValues(page: Page): Promise<Record<string, string>> {
  const modal = dialog(page);
  return {
    firstName: await modal.getByLabel('First name').inputValue(),
    lastName: await modal.getByLabel('Last name').inputValue(),
    email: await modal.getByLabel('Email', { exact: true }).inputValue(),
    confirmEmail: await modal.getByLabel('Confirm email').inputValue(),
    phoneNumber: await modal.getByLabel('Phone number').inputValue(),
    comments: await modal.getByLabel(/^Comments/).inputValue(),
  };
}

const TYPED = {
  firstName: 'Pat',
  lastName: 'Spruce',
  email: 'pat@example.com',
  confirmEmail: 'pat@example.com',
  phoneNumber: '555-222-3333',
  comments: 'Pick-up on Saturday',
};

describe('a reload in the middle of the checkout (a phone pull-to-refresh)', () => {
  it('brings back what was typed, and the confirmation; the placed order drops it', async () => {
    const { page, close, errors } = await phoneOnFaq();
    await openCart(page);
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await onStep(page, 'Order Details');
    await fillDetails(page);

    await page.reload();
    await onStep(page, 'Order Details');
    expect(await detailValues(page)).toEqual(TYPED);
    // Personal data stays in this tab: nothing of the form reaches localStorage before an order.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Spruce');

    await dialog(page).getByRole('button', { name: 'Confirm Order' }).click();
    await onStep(page, 'Confirm Order');
    await page.reload();
    await onStep(page, 'Confirm Order');
    await dialog(page).getByText('pat@example.com').waitFor();

    await dialog(page).getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(/\/Order\/\d+\/555-222-3333/);
    await page.getByRole('heading', { name: /Order #\d+/ }).waitFor();
    expect(await storedDraft(page)).toBeNull();

    // A new checkout after a reload: the draft is gone. Only what the spec keeps of the last order
    // ('order-details': the contact fields, never its comments) fills the form in.
    await page.goto(`${e2e.shop.origin}/FAQ`);
    await keepInCart(page, { productId: product.productId, cartQuantity: 1, addedAt: 2 });
    await page.reload();
    await openCart(page);
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await onStep(page, 'Order Details');
    expect(await detailValues(page)).toEqual({ ...TYPED, comments: '' });
    const remembered = await page.evaluate(() => localStorage.getItem('order-details'));
    expect(JSON.parse(remembered ?? '{}')).not.toHaveProperty('comments');
    expect(errors).toEqual([]);
    await close();
  });

  it('emptying the cart drops the draft: a reload then shows empty fields', async () => {
    const { page, close, errors } = await phoneOnFaq();
    await toConfirmation(page);
    expect(JSON.parse((await storedDraft(page)) ?? '{}')).toMatchObject(TYPED);
    await dialog(page).getByRole('button', { name: 'Go Back' }).click();
    await onStep(page, 'Order Details');
    await dialog(page).getByRole('button', { name: 'Go Back' }).click();
    await onStep(page, 'Viewing Cart');
    await dialog(page).getByRole('button', { name: 'Remove' }).first().click();
    await expect.poll(() => storedDraft(page)).toBeNull();

    await keepInCart(page, { productId: product.productId, cartQuantity: 1, addedAt: 3 });
    await page.reload();
    await openCart(page);
    await dialog(page).getByRole('button', { name: 'Checkout' }).click();
    await onStep(page, 'Order Details');
    expect(Object.values(await detailValues(page)).every((v) => v === '')).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
