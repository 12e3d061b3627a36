import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHECKOUT_EMPTY_CART,
  CONTACT_THANK_YOU,
  callForAvailabilityMessage,
  ORDER_MESSAGES,
  ORDER_NOT_FOUND,
  ORDERING_CLOSED_CART_UPDATE,
  ORDERING_CLOSED_CHECKOUT,
  ORDERING_CLOSED_NOTICE,
  ORDERING_CLOSED_TITLE,
} from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  countCalls,
  drawEveryCard,
  instantDoubleClick,
  NOT_FOUND_DOCUMENT,
  newPage,
  pageAdopted,
  settled,
  shopInBrowser,
} from './support/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = path.resolve(here, '..', 'e2e-artifacts');

interface Tier {
  startQuantity: number;
  endQuantity: number | null;
  priceCents: number;
  displayPrice: string;
}
interface ApiProduct {
  productId: number;
  name: string;
  productType: string;
  productTypeId: number;
  productStatus: number;
  isCallForAvailability: boolean;
  isSoldOut: boolean;
  prices: Tier[];
}

const e2e = shopInBrowser();
let products: ApiProduct[];

/** Written out by hand, not with the shop's own pricing code, so a shared mistake cannot hide. */
function expectedLine(tiers: readonly Tier[], quantity: number): number {
  const tier = tiers.find(
    (t) => quantity >= t.startQuantity && (t.endQuantity === null || quantity <= t.endQuantity),
  );
  if (!tier) throw new Error(`no tier for ${quantity}`);
  return tier.priceCents * quantity;
}
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `storefront-${name}.png`), fullPage });
}

async function openProducts(page: Page): Promise<void> {
  await page.goto(`${e2e.shop.origin}/Products`);
  await page.locator('article.product-card').first().waitFor();
}

function card(page: Page, name: string) {
  return page.locator('article.product-card', { has: page.getByRole('heading', { name, exact: true }) });
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

function toast(page: Page, text: string) {
  return page.locator('[data-toast-kind]', { hasText: text });
}

function databaseFile(): string {
  const file = ['shop.db', 'shop.database.sqlite']
    .map((name) => path.join(e2e.shop.dataDir, name))
    .find((candidate) => existsSync(candidate));
  if (!file) throw new Error(`no database in ${e2e.shop.dataDir}`);
  return file;
}

function setSetting(name: string, value: string): void {
  execFileSync('sqlite3', [
    databaseFile(),
    `UPDATE settings SET value = '${value.replaceAll("'", "''")}' WHERE name = '${name}';`,
  ]);
}

function setMessage(html: string): void {
  setSetting('Message', html);
}

/** Staff would flip this in the admin; the storefront is under test here, so the setting is written directly. */
function setOrdering(open: boolean): void {
  execFileSync('sqlite3', [
    databaseFile(),
    `UPDATE settings SET is_true = ${open ? 1 : 0} WHERE name = 'OnlineOrderingEnabled';`,
  ]);
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  setOrdering(true);
  const response = await fetch(`${e2e.shop.origin}/api/v1/Products/GetProductsToShow`);
  products = ((await response.json()) as { data: ApiProduct[] }).data;
});

const orderable = () => products.filter((p) => p.productStatus === 2 && p.prices.length > 0);

describe('the storefront in a real browser', () => {
  let orderId = '';
  const phoneTyped = '(555) 010-7788';

  it('shows the home page with its carousel, panels and footer', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser);
    await page.goto(e2e.shop.origin);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(`Home | ${e2e.shop.config.shop.name}`);
    await page.getByRole('heading', { name: `Welcome to ${e2e.shop.config.shop.name}` }).waitFor();
    expect(await page.locator('.carousel-slide').count()).toBe(4);
    // The carousel lies under the navigation bar: no spacing above it.
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).paddingTop)).toBe('0px');
    const footer = page.locator('footer.site-footer');
    await footer.getByText(e2e.shop.config.shop.address).waitFor();
    await footer.getByText(e2e.shop.config.shop.phone, { exact: true }).waitFor();
    await footer.getByText(e2e.shop.config.shop.phone2, { exact: true }).waitFor();
    expect(await footer.getByRole('link', { name: e2e.shop.config.shop.email }).getAttribute('href')).toBe(
      `mailto:${e2e.shop.config.shop.email}`,
    );
    // No Admin link for a visitor.
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count(),
    ).toBe(0);
    await shot(page, 'home-desktop');
    await shot(page, 'home-desktop-full', true);
    await page.goto(`${e2e.shop.origin}/FAQ`);
    await page.getByRole('link', { name: 'How long does planting take?' }).click();
    await page.locator('#planting-rate.is-flashing').waitFor();
    await page.getByText('20 trees per hour').waitFor();
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).paddingTop)).not.toBe('0px');
    await shot(page, 'faq-desktop');
    await page.goto(`${e2e.shop.origin}/TreeCare`);
    await page.getByRole('heading', { name: 'Plant within 72 hours' }).waitFor();
    expect(consoleErrors).toEqual([]);
    const missing = await page.goto(`${e2e.shop.origin}/No/Such/Page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    // The not-found page comes with HTTP 404, which Chromium reports for the page itself; nothing else failed.
    expect(missing?.status()).toBe(404);
    expect(consoleErrors).toEqual([NOT_FOUND_DOCUMENT]);
    await context.close();
  });

  it('browses and filters by category: solo, never zero types, clear filters', async () => {
    const { page, context } = await newPage(e2e.browser);
    await openProducts(page);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).waitFor();
    await expect
      .poll(() => page.title(), { timeout: 10_000 })
      .toBe(`Products | ${e2e.shop.config.shop.name}`);
    await shot(page, 'products-desktop');

    const categories = page.locator('.category-item');
    const first = categories.first();
    const label = (await first.locator('label').innerText()).trim();
    const match = /^(.*) \((\d+)\)$/.exec(label);
    expect(match).not.toBeNull();
    const [, typeName, count] = match as RegExpExecArray;
    // Ordered by count, most first.
    const counts = await categories.locator('.category-count').allInnerTexts();
    const numbers = counts.map((c) => Number(c.replace(/\D/g, '')));
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);

    await page.getByRole('button', { name: `Show only ${typeName}` }).click();
    await expect.poll(() => page.locator('article.product-card').count()).toBe(Number(count));
    const types = await page.locator('article.product-card .product-type').allInnerTexts();
    expect(new Set(types.map((t) => t.toLowerCase()))).toEqual(new Set([typeName?.toLowerCase()]));

    // Turning off the only active type is refused.
    const onlyBox = page.getByRole('checkbox', { name: label });
    await onlyBox.click();
    expect(await onlyBox.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    const boxes = page.locator('.category-item input[type="checkbox"]');
    await expect
      .poll(
        async () =>
          await boxes.evaluateAll((els) => els.filter((e) => !(e as HTMLInputElement).checked).length),
      )
      .toBe(0);

    // ?ignoreCache=true reaches the server.
    const fresh = page.waitForRequest(
      (r) => r.url().includes('catalog.productsToShow') && r.url().includes('ignoreCache'),
    );
    await page.goto(`${e2e.shop.origin}/Products?ignoreCache=true`);
    await fresh;
    await page.locator('article.product-card').first().waitFor();
    await context.close();
  });

  it('finds a product from a search with a typo', async () => {
    const { page, context } = await newPage(e2e.browser);
    await openProducts(page);
    const target = orderable().find((p) => p.name.length >= 8 && !p.name.includes(' ')) ?? orderable()[0]!;
    // Swap two letters in the middle, as a hurried thumb does.
    const n = target.name;
    const i = Math.floor(n.length / 2);
    const typo = `${n.slice(0, i - 1)}${n[i]}${n[i - 1]}${n.slice(i + 1)}`.toLowerCase();
    await search(page, typo);
    // The search waits for typing to pause, then ranks 157 products: under CI load that took longer than the
    // poll's default second.
    await expect
      .poll(
        async () => (await page.locator('article.product-card .product-name').allInnerTexts()).slice(0, 3),
        { timeout: 10_000 },
      )
      .toContain(target.name);
    await shot(page, 'search-typo');
    // A tablet between the phone and desktop layouts.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.waitForFunction(() => window.innerWidth === 820);
    await settled(page);
    await shot(page, 'search-typo-tablet');
    await context.close();
  });

  it('adds tiered quantities, shows the totals, checks every field and places the order', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser);
    await openProducts(page);
    const tiered = orderable().find((p) => p.prices.length >= 2 && p.prices[1]!.startQuantity <= 200)!;
    const single = orderable().find((p) => p.productId !== tiered.productId && p.prices.length >= 1)!;
    const tieredQty = tiered.prices[1]!.startQuantity;

    // Card menu: Add to Cart features the product.
    await search(page, tiered.name);
    const tieredCard = card(page, tiered.name).first();
    await tieredCard.getByRole('button', { name: `Add to Cart, ${tiered.name}`, exact: true }).click();
    await tieredCard.getByRole('menuitem', { name: 'Add to Cart' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Adding Product to Cart' }).waitFor();
    // The short footer while a product is featured.
    await modal.getByRole('button', { name: 'View Cart' }).waitFor();
    expect(await modal.getByRole('button', { name: 'Checkout' }).count()).toBe(0);
    const qty = modal.getByLabel(`Quantity of ${tiered.name}`);
    await qty.fill(String(tieredQty));
    // Typed nonsense and values above the maximum are ignored.
    await qty.fill('abc');
    await qty.blur();
    expect(await qty.inputValue()).toBe(String(tieredQty));
    await qty.fill('100001');
    await qty.blur();
    expect(await qty.inputValue()).toBe(String(tieredQty));
    // Plus then minus returns to the same quantity.
    await modal.getByRole('button', { name: `One more ${tiered.name}` }).click();
    expect(await qty.inputValue()).toBe(String(tieredQty + 1));
    await modal.getByRole('button', { name: `One less ${tiered.name}` }).click();
    expect(await qty.inputValue()).toBe(String(tieredQty));
    // The second tier is the one in bold.
    await modal
      .locator('.price-table tr.is-current strong', { hasText: tiered.prices[1]!.displayPrice })
      .waitFor();
    await modal.getByRole('button', { name: 'View Cart' }).click();
    await modal.getByRole('heading', { name: 'Viewing Cart' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await modal.waitFor({ state: 'detached' });

    // The card's quantity field (shown on wide screens) puts a second product in the cart.
    await search(page, single.name);
    await card(page, single.name).first().getByLabel(`Quantity of ${single.name}`).fill('3');
    await expect.poll(() => page.getByTestId('cart-count').innerText()).toBe('2');

    const subtotal = expectedLine(tiered.prices, tieredQty) + expectedLine(single.prices, 3);
    // The spec's tax: 5.5% of the cart subtotal, half-up to the cent.
    const tax = Math.floor((subtotal * 550 + 5000) / 10000);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Cart/ }).click();
    await modal.getByRole('heading', { name: 'Viewing Cart' }).waitFor();
    expect(await modal.getByTestId('cart-subtotal').innerText()).toBe(dollars(subtotal));
    expect(await modal.getByTestId('cart-tax').innerText()).toBe(dollars(tax));
    expect(await modal.getByTestId('cart-total').innerText()).toBe(dollars(subtotal + tax));
    // Lines in the order they were added.
    const names = await modal.locator('.cart-line-name strong').allInnerTexts();
    expect(names).toEqual([tiered.name, single.name]);
    await shot(page, 'cart-desktop');

    await modal.getByRole('button', { name: 'Checkout' }).click();
    await modal.getByRole('heading', { name: 'Order Details' }).waitFor();
    await modal.getByRole('button', { name: 'Confirm Order' }).click();
    const validation = page.locator('[data-toast-kind="error"]');
    await validation.waitFor();
    const text = await validation.innerText();
    for (const message of [
      ORDER_MESSAGES.firstName,
      ORDER_MESSAGES.lastName,
      ORDER_MESSAGES.email,
      ORDER_MESSAGES.confirmEmail,
      ORDER_MESSAGES.phone,
    ]) {
      expect(text).toContain(message);
    }
    await shot(page, 'checkout-missing-fields');
    // Still on the details step.
    await modal.getByRole('heading', { name: 'Order Details' }).waitFor();

    await modal.getByLabel('First name').fill('Rowan');
    await modal.getByLabel('Last name').fill('Birch');
    await modal.getByLabel('Email', { exact: true }).fill('rowan@example.com');
    await modal.getByLabel('Confirm email').fill('rowan@example.org');
    await modal.getByLabel('Phone number').fill(phoneTyped);
    await modal.getByRole('button', { name: 'Confirm Order' }).click();
    await expect.poll(() => validation.innerText()).toContain(ORDER_MESSAGES.emailsDoNotMatch);
    await modal.getByLabel('Confirm email').fill('rowan@example.com');
    await modal.getByLabel('Comments').fill('Pick-up on Saturday, please.');
    await modal.getByRole('button', { name: 'Confirm Order' }).click();
    await modal.getByRole('heading', { name: 'Confirm Order' }).waitFor();
    await modal.getByText('committing to purchase').waitFor();
    await shot(page, 'checkout-confirm');
    // Go Back and forward again keeps the details.
    await modal.getByRole('button', { name: 'Go Back' }).click();
    expect(await modal.getByLabel('First name').inputValue()).toBe('Rowan');
    await modal.getByRole('button', { name: 'Confirm Order' }).click();
    // A double-click by habit places one order.
    const submits = countCalls(page, 'orders.submit');
    await instantDoubleClick(modal.getByRole('button', { name: 'Submit Order' }));

    await page.waitForURL(/\/Order\/\d+\//);
    orderId = /\/Order\/(\d+)\//.exec(page.url())![1]!;
    await submits.settled();
    expect(submits.count()).toBe(1);
    expect(
      e2e.shop.shop.database.sqlite
        .prepare("select count(*) as n from orders where email = 'rowan@example.com'")
        .get(),
    ).toEqual({ n: 1 });
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await expect.poll(() => page.getByTestId('order-total').innerText()).toBe(dollars(subtotal + tax));
    expect(await page.getByTestId('order-subtotal').innerText()).toBe(dollars(subtotal));
    expect(await page.getByText('Pick-up on Saturday, please.').count()).toBe(1);
    const productNames = await page
      .getByTestId('order-products')
      .locator('tbody tr td:first-child')
      .allInnerTexts();
    expect(productNames).toEqual([...productNames].sort((a, b) => a.localeCompare(b)));
    expect(
      await page.getByRole('link', { name: `E-mail us about order #${orderId}` }).getAttribute('href'),
    ).toContain(`mailto:${e2e.shop.config.shop.email}`);
    expect(await page.getByTestId('cart-count').innerText()).toBe('0');
    const stored = await page.evaluate(() => ({
      cart: localStorage.getItem('user-cart'),
      details: localStorage.getItem('order-details'),
    }));
    expect(JSON.parse(stored.cart ?? 'null')).toEqual({});
    const details = JSON.parse(stored.details ?? '{}');
    expect(details.firstName).toBe('Rowan');
    expect(details.comments).toBeUndefined();
    await shot(page, 'order-view-desktop', true);

    // The next checkout starts with the details filled in.
    await openProducts(page);
    await search(page, single.name);
    await card(page, single.name).first().getByLabel(`Quantity of ${single.name}`).fill('1');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Cart/ }).click();
    await modal.getByRole('button', { name: 'Checkout' }).click();
    expect(await modal.getByLabel('Last name').inputValue()).toBe('Birch');
    expect(await modal.getByLabel('Comments').inputValue()).toBe('');
    await modal.getByRole('button', { name: 'Clear' }).click();
    expect(await modal.getByLabel('Last name').inputValue()).toBe('');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('can be used with the keyboard alone: card menu, cart dialog focus trap, Escape', async () => {
    const { page, context } = await newPage(e2e.browser);
    await openProducts(page);
    const product = orderable()[2]!;
    await search(page, product.name);
    const button = card(page, product.name)
      .first()
      .getByRole('button', { name: `Add to Cart, ${product.name}`, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add to Cart');
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Adding Product to Cart' }).waitFor();
    // Focus starts on the quantity, so typing a number is all it takes.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Quantity of ${product.name}`);
    await page.keyboard.type('4');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`4 in cart, ${product.name}`);
    await context.close();
  });

  it('looks the order up from the home page with the phone typed differently', async () => {
    const { page, context } = await newPage(e2e.browser);
    await page.goto(e2e.shop.origin);
    await pageAdopted(page);
    // The home page asks for both at once.
    const form = page.locator('form.order-lookup-form');
    await form.getByLabel('Order number').fill(orderId);
    // A wrong phone keeps the form with the server's message.
    await form.getByLabel('Phone number used on the order').fill('555 999 0000');
    await form.getByRole('button', { name: 'Look Up Order' }).click();
    await toast(page, ORDER_NOT_FOUND).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await shot(page, 'lookup-not-found');
    await form.getByLabel('Phone number used on the order').fill('555.010.7788');
    await form.getByRole('button', { name: 'Look Up Order' }).click();
    await page.waitForURL(new RegExp(`/Order/${orderId}/`));
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await page.getByText('Rowan Birch').waitFor();
    const headers = page.getByTestId('order-products').locator('thead th');
    expect(await headers.allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('Subtotal'), expect.stringContaining('Tax')]),
    );
    // A tax-exempt order hides the Subtotal and Tax columns and shows one Total.
    execFileSync('sqlite3', [
      databaseFile(),
      `UPDATE orders SET is_tax_exempt = 1 WHERE order_id = ${Number(orderId)};`,
    ]);
    await page.reload();
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    const exemptHeaders = (await headers.allInnerTexts()).map((h) => h.replace(/[^A-Za-z ]/g, '').trim());
    expect(exemptHeaders).not.toContain('Subtotal');
    expect(exemptHeaders).not.toContain('Tax');
    expect(exemptHeaders).toContain('Total');
    await page.getByText('Total (tax exempt)').waitFor();
    execFileSync('sqlite3', [
      databaseFile(),
      `UPDATE orders SET is_tax_exempt = 0 WHERE order_id = ${Number(orderId)};`,
    ]);
    // /Order?id=&phone= goes to the same view.
    await page.goto(`${e2e.shop.origin}/Order?id=${orderId}&phone=5550107788`);
    await page.waitForURL(new RegExp(`/Order/${orderId}/5550107788`));
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await context.close();
  });

  it('sends the contact form and thanks the visitor', async () => {
    const { page, context } = await newPage(e2e.browser);
    await page.goto(`${e2e.shop.origin}/Contact`);
    const frame = page.locator('iframe[src*="openstreetmap.org/export/embed.html"]');
    expect(await frame.getAttribute('src')).toContain(
      `marker=${e2e.shop.config.shop.latitude},${e2e.shop.config.shop.longitude}`,
    );
    // The directions form opens OpenStreetMap's route planner in a new tab (answered here: no internet in tests).
    await context.route('https://www.openstreetmap.org/directions**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Directions</title>' }),
    );
    await page.getByLabel('Get directions from your address').fill('12 Elm Street, Millbrook');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Get Directions' }).click(),
    ]);
    await tab.waitForURL(/openstreetmap/);
    const directions = new URL(tab.url());
    expect(directions.origin + directions.pathname).toBe('https://www.openstreetmap.org/directions');
    expect(directions.searchParams.get('from')).toBe('12 Elm Street, Millbrook');
    expect(directions.searchParams.get('to')).toBe(
      `${e2e.shop.config.shop.latitude},${e2e.shop.config.shop.longitude}`,
    );
    await tab.close();
    await page.getByLabel('Name').fill('Ada Maple');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Comments').fill('Do you have bur oak seedlings this spring?');
    await shot(page, 'contact-desktop');
    const sends = countCalls(page, 'contacts.insert');
    await instantDoubleClick(page.getByRole('button', { name: 'Send Message' }));
    await page.getByText(CONTACT_THANK_YOU).waitFor();
    await sends.settled();
    expect(sends.count()).toBe(1);
    await context.close();
  });

  it('shows the global message sanitized after a pause, and hides it when blank', async () => {
    setMessage(
      '<b>Pick-up starts April 4.</b><script>window.hacked = 1</script><img src=x onerror="window.hacked = 2">',
    );
    try {
      const { page, context } = await newPage(e2e.browser);
      // When the message came into the page and when it was revealed, as the page's own clock saw them: a
      // check from the test ("not revealed yet") raced the 700 ms on a busy machine.
      await page.addInitScript(() => {
        const seen: { attachedAt?: number; revealedAt?: number } = {};
        (window as unknown as { messageTimes: typeof seen }).messageTimes = seen;
        new MutationObserver(() => {
          const element = document.querySelector('.global-message');
          if (element && seen.attachedAt === undefined) seen.attachedAt = performance.now();
          if (element?.classList.contains('is-revealed') && seen.revealedAt === undefined)
            seen.revealedAt = performance.now();
        }).observe(document, {
          childList: true,
          subtree: true,
          attributes: true,
          attributeFilter: ['class'],
        });
      });
      await page.goto(`${e2e.shop.origin}/TreeCare`);
      const message = page.locator('.global-message');
      await message.waitFor({ state: 'attached' });
      await page.locator('.global-message.is-revealed').waitFor();
      const times = await page.evaluate(
        () =>
          (window as unknown as { messageTimes: { attachedAt?: number; revealedAt?: number } }).messageTimes,
      );
      // The spec's pause is 700 ms; a timer can fire late, never early (20 ms for the clocks' granularity).
      expect((times.revealedAt ?? 0) - (times.attachedAt ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(
        680,
      );
      expect(await message.locator('b').innerText()).toBe('Pick-up starts April 4.');
      expect(await message.locator('script, img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
      // Hidden again, then revealed, on the next page.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
      await page.locator('.global-message:not(.is-revealed)').waitFor({ state: 'attached' });
      await page.locator('.global-message.is-revealed').waitFor();
      await shot(page, 'global-message');
      // The flyer link appears only when a flyer is set, and opens in a new tab.
      await page.goto(e2e.shop.origin);
      await page.getByRole('heading', { name: `Welcome to ${e2e.shop.config.shop.name}` }).waitFor();
      expect(await page.getByRole('link', { name: /flyer/ }).count()).toBe(0);
      setSetting('ActivePdf', '/media/flyer.pdf');
      await page.reload();
      const flyer = page.getByRole('link', { name: /flyer/ });
      await flyer.waitFor();
      expect(await flyer.getAttribute('href')).toBe('/media/flyer.pdf');
      expect(await flyer.getAttribute('target')).toBe('_blank');
      expect(await flyer.getAttribute('rel')).toContain('noopener');
      setSetting('ActivePdf', '');
      setMessage('  <p> </p> ');
      await page.goto(`${e2e.shop.origin}/TreeCare`);
      await page.getByRole('heading', { name: 'Plant within 72 hours' }).waitFor();
      await settled(page);
      expect(await page.locator('.global-message').count()).toBe(0);
      await context.close();
    } finally {
      setMessage('');
    }
  });

  it('keeps the cart but blocks checkout while online ordering is closed', async () => {
    setOrdering(false);
    try {
      const { page, context } = await newPage(e2e.browser);
      const modal = page.getByRole('dialog');
      await page.goto(`${e2e.shop.origin}/Products`);
      await page.locator('article.product-card').first().waitFor();
      // The storefront says so before anyone fills a cart, not only at Checkout.
      await expect
        .poll(() => page.getByTestId('ordering-closed').textContent())
        .toBe(`${ORDERING_CLOSED_TITLE}. ${ORDERING_CLOSED_NOTICE} Contact us`);
      // The empty-cart gate first.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Cart/ }).click();
      const checkout = modal.getByRole('button', { name: 'Checkout' });
      expect(await checkout.getAttribute('title')).toBe(ORDERING_CLOSED_TITLE);
      await checkout.click();
      await toast(page, CHECKOUT_EMPTY_CART).waitFor();
      // Escape, not the ×: the toast just shown sits top right, over the dialog's ×, and a click there
      // raced its arrival (CI, 28 Nov).
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      const product = orderable()[0]!;
      await search(page, product.name);
      await card(page, product.name).first().getByLabel(`Quantity of ${product.name}`).fill('2');
      await toast(page, ORDERING_CLOSED_CART_UPDATE).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Cart/ }).click();
      await modal.getByRole('button', { name: 'Checkout' }).click();
      await toast(page, ORDERING_CLOSED_CHECKOUT).waitFor();
      await modal.getByRole('heading', { name: 'Viewing Cart' }).waitFor();
      await shot(page, 'ordering-closed');
      await context.close();
    } finally {
      setOrdering(true);
    }
  });

  it('works on a 390x844 phone', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto(e2e.shop.origin);
    await page.getByRole('heading', { name: `Welcome to ${e2e.shop.config.shop.name}` }).waitFor();
    await shot(page, 'home-phone');
    await shot(page, 'home-phone-full', true);
    // The menu opens from its button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await shot(page, 'menu-phone');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.locator('article.product-card').first().waitFor();
    // No quantity field on cards below 768 px.
    expect(await page.locator('article.product-card .quantity-field').count()).toBe(0);
    const noHorizontalScroll = await page.evaluate(
      () => document.documentElement.scrollWidth <= window.innerWidth,
    );
    expect(noHorizontalScroll).toBe(true);
    await shot(page, 'products-phone');
    await page.getByText('Categories (', { exact: false }).click();
    await shot(page, 'categories-phone');

    const cfa = products.find((p) => p.isCallForAvailability);
    if (cfa) {
      await search(page, cfa.name);
      await card(page, cfa.name).first().getByRole('button', { name: 'Call for Availability' }).click();
      const message = toast(page, callForAvailabilityMessage(e2e.shop.config.shop.phone));
      await message.waitFor();
      await shot(page, 'call-for-availability-phone');
      await message
        .getByRole('button', { name: callForAvailabilityMessage(e2e.shop.config.shop.phone) })
        .click();
      await page.waitForURL('**/Contact');
      await page.goto(`${e2e.shop.origin}/Products`);
    }
    const soldOut = products.find((p) => p.isSoldOut);
    if (soldOut) {
      await search(page, soldOut.name);
      expect(
        await card(page, soldOut.name).first().getByRole('button', { name: 'Sold Out' }).isDisabled(),
      ).toBe(true);
    }

    const product = orderable()[1]!;
    await search(page, product.name);
    const productCard = card(page, product.name).first();
    await productCard.getByRole('button', { name: `Add to Cart, ${product.name}`, exact: true }).click();
    await productCard.getByRole('menuitem', { name: 'Add to Cart' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: `One more ${product.name}` }).click();
    await modal.getByRole('button', { name: `One more ${product.name}` }).click();
    await shot(page, 'cart-phone');
    await modal.getByRole('button', { name: 'View Cart' }).click();
    await modal.getByRole('button', { name: 'Checkout' }).click();
    await modal.getByLabel('First name').fill('Pat');
    await modal.getByLabel('Last name').fill('Spruce');
    await modal.getByLabel('Email', { exact: true }).fill('pat@example.com');
    await modal.getByLabel('Confirm email').fill('pat@example.com');
    await modal.getByLabel('Phone number').fill('555-222-3333');
    await shot(page, 'checkout-details-phone');
    await modal.getByRole('button', { name: 'Confirm Order' }).click();
    await modal.getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(/\/Order\/\d+\/555-222-3333/);
    await page.getByRole('heading', { name: /Order #\d+/ }).waitFor();
    await shot(page, 'order-view-phone', true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
  it('has no serious accessibility problems on the main screens', async () => {
    const { page, context } = await newPage(e2e.browser);
    const problems: string[] = [];
    const check = async (where: string) => {
      problems.push(...(await accessibilityProblems(page, where)));
    };
    for (const route of ['/', '/Products', '/FAQ', '/TreeCare', '/Contact', '/Order/Lookup/1']) {
      await page.goto(`${e2e.shop.origin}${route}`);
      await page.locator('main h1').first().waitFor();
      if (route === '/Products') {
        await page.locator('article.product-card').first().waitFor();
        // Every card drawn, as a customer scrolling to the end sees them, so each one is checked.
        await drawEveryCard(page);
      }
      // The cards' fade and the global message's slide have finished.
      await settled(page);
      await check(route);
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Cart/ }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Viewing Cart' }).waitFor();
    await settled(page);
    await check('cart');
    expect(problems).toEqual([]);
    await context.close();
  });
});
