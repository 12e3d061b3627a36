/**
 * A product's own page opened from a shared link, reached from its card, and its cart button; the customer's
 * hardiness zone on the list (marks, the filter that never hides what it cannot read) and in the cart.
 */
import { productPath, readHardinessZone, readZones, zoneFit } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  DESK,
  drawEveryCard,
  NOT_FOUND_DOCUMENT,
  newPage,
  PHONE,
  shopInBrowser,
} from './support/index.ts';

interface ListedProduct {
  productId: number;
  name: string;
  zones: string;
  species: string;
  productSize: string;
  productStatus: number;
  prices: unknown[];
}

const TABLET = { width: 820, height: 1180 };
const ZONE = '7a';

const e2e = shopInBrowser();
let products: ListedProduct[];
/** Active, orderable, zones 2-5: outside zone 7a. */
let cold: ListedProduct;
/** Active, orderable, zones 3-8: inside zone 7a. */
let hardy: ListedProduct;
/** The product whose zones text is made unreadable for the filter test. */
let unreadable: ListedProduct;

async function listed(): Promise<ListedProduct[]> {
  const res = await fetch(`${e2e.shop.url}/api/v1/Products/GetProductsToShow`);
  return ((await res.json()) as { data: ListedProduct[] }).data;
}

beforeAll(async () => {
  e2e.shop.shop.database.sqlite
    .prepare("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled'")
    .run();
  products = await listed();
  const active = products.filter((p) => p.productStatus === 2);
  cold = active.find((p) => p.zones === '2-5') ?? active[0]!;
  hardy = active.find((p) => p.zones === '3-8' && p.species !== '') ?? active[1]!;
  unreadable = active.find((p) => p.zones === '4-9' && p.productId !== hardy.productId) ?? active[2]!;
  // Staff wrote something the zone rule cannot read: the product must still be listed under the filter.
  e2e.shop.shop.database.sqlite
    .prepare("UPDATE products SET zones = 'varies by site' WHERE product_id = ?")
    .run(unreadable.productId);
  e2e.shop.shop.catalogCache.invalidate();
  products = await listed();
});

/** The ids of the product cards on the list once scrolling through it has drawn them all. */
async function cardIds(page: Page, expected: number): Promise<number[]> {
  await drawEveryCard(page);
  await expect.poll(() => page.locator('article.product-card').count(), { timeout: 30_000 }).toBe(expected);
  const ids = await page
    .locator('article.product-card')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-product-id'))));
  return ids.sort((a, b) => a - b);
}

const card = (page: Page, productId: number) =>
  page.locator(`article.product-card[data-product-id="${productId}"]`);

describe.each([
  ['a phone', PHONE],
  ['a desk', DESK],
])('product pages on %s', (_where, viewport) => {
  it('opens a shared product link directly, with its details, structured data and a working cart button', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    const address = productPath(hardy);
    const answer = await page.goto(`${e2e.shop.origin}${address}`);
    expect(answer?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: hardy.name }).waitFor();
    expect(await page.title()).toBe(`${hardy.name} | ${e2e.shop.config.shop.name}`);
    const product = page.locator('.product-page article.product-card');
    expect(await product.locator('.product-species').textContent()).toBe(hardy.species);
    await product.locator('dd', { hasText: hardy.zones }).waitFor();
    await product.locator('dd', { hasText: hardy.productSize }).waitFor();
    await product.locator('table.price-table').waitFor();
    await page.getByRole('link', { name: 'Products' }).first().waitFor();
    // The structured data the server wrote is in the page as it loaded, and parses.
    const ld = await page.evaluate(() =>
      JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null'),
    );
    expect(ld).toMatchObject({ '@type': 'Product', name: hardy.name, url: `${e2e.shop.origin}${address}` });
    expect(await accessibilityProblems(page, address)).toEqual([]);

    await page.getByRole('button', { name: `Add to Cart, ${hardy.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add to Cart' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Adding Product to Cart' }).waitFor();
    await modal.getByLabel(`Quantity of ${hardy.name}`).fill('3');
    await modal.getByRole('button', { name: 'View Cart' }).click();
    await modal.getByRole('heading', { name: 'Viewing Cart' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await modal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `3 in cart, ${hardy.name}`, exact: true }).waitFor();
    // The content-security policy let everything run: nothing was refused.
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("is reached from its card's name on the list, and Back returns to the list", async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    await page.goto(`${e2e.shop.origin}/Products`);
    await card(page, hardy.productId).getByRole('link', { name: hardy.name, exact: true }).click();
    await page.waitForURL(`**${productPath(hardy)}`);
    await page.getByRole('heading', { level: 1, name: hardy.name }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('Back from a product opened well down the list puts the list where the customer left it', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    await page.goto(`${e2e.shop.origin}/Products`);
    const slot = page.locator('.product-grid > article').nth(12);
    await slot.scrollIntoViewIfNeeded();
    const name = slot.locator('h2.product-name a');
    const productName = (await name.textContent()) ?? '';
    // Where the list was at the click itself: cards drawn around it may still move it before.
    await page.evaluate(() => {
      const at = window as typeof window & { scrolledAtClick?: number };
      document.addEventListener('click', () => (at.scrolledAtClick = window.scrollY), {
        capture: true,
        once: true,
      });
    });
    await name.click();
    await page.getByRole('heading', { level: 1, name: productName }).waitFor();
    const scrolled = await page.evaluate(
      () => (window as typeof window & { scrolledAtClick?: number }).scrolledAtClick,
    );
    expect(scrolled).toBeGreaterThan(viewport.height);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    // The list came from the cache: drawn in the first render, the page is long enough to go back to its place.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await page.locator('.loading-block').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('answers an unknown product with the not-found page', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    const answer = await page.goto(`${e2e.shop.origin}/Products/999999/no-such-plant`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(consoleErrors).toEqual([NOT_FOUND_DOCUMENT]);
    await context.close();
  });

  it('marks every product for the zone and filters without hiding what it cannot read', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    await page.goto(`${e2e.shop.origin}/Products`);
    await cardIds(page, products.length);
    // Where the first product starts on the page without a zone (from the top of the page, not the screen).
    const firstCardTop = () =>
      page
        .locator('article.product-card')
        .first()
        .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const topWithoutZone = await firstCardTop();
    await setZone(page);
    await page.locator('.zone-summary', { hasText: `Zone ${ZONE}:` }).waitFor();

    // In words on each card.
    await card(page, cold.productId).getByText(`Not rated for your zone (${ZONE})`).waitFor();
    await card(page, hardy.productId).getByText(`Grows in your zone (${ZONE})`).waitFor();
    await card(page, unreadable.productId).getByText('Zone not checked: see its zones').waitFor();
    const noZones = products.find((p) => p.zones === '');
    expect(noZones).toBeDefined();
    await card(page, noZones!.productId).getByText('Zone not given').waitFor();
    expect(await accessibilityProblems(page, '/Products with a zone')).toEqual([]);

    // The filter drops exactly the products rated for other zones; unknown ones stay.
    const zone = readHardinessZone(ZONE)!;
    const fits = products.map((p) => ({ id: p.productId, fit: zoneFit(readZones(p.zones), zone.span) }));
    const kept = fits
      .filter((f) => f.fit !== 'outside')
      .map((f) => f.id)
      .sort((a, b) => a - b);
    const unknown = fits.filter((f) => f.fit === 'unknown').map((f) => f.id);
    expect(unknown.length).toBeGreaterThan(1);
    expect(kept.length).toBeLessThan(products.length);
    await page.getByLabel('Only plants for my zone').check();
    const shown = await cardIds(page, kept.length);
    expect(shown).toEqual(kept);
    for (const id of unknown) expect(shown).toContain(id);
    expect(shown).not.toContain(cold.productId);

    // Clear Filters clears every filter, the zone's too, and keeps the zone and its marks.
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    expect(await clear.isEnabled()).toBe(true);
    await clear.click();
    expect(await cardIds(page, products.length)).toEqual(
      products.map((p) => p.productId).sort((a, b) => a - b),
    );
    expect(await page.getByLabel('Only plants for my zone').isChecked()).toBe(false);
    await page.locator('.zone-summary', { hasText: `Zone ${ZONE}:` }).waitFor();
    await card(page, cold.productId).getByText(`Not rated for your zone (${ZONE})`).waitFor();
    await expect.poll(() => clear.isDisabled()).toBe(true);

    // Remembered on this device: the next visit knows the zone.
    await page.reload();
    await cardIds(page, products.length);
    if (viewport === PHONE) {
      // On a phone a zone already known is one line above the list, so the first product starts about
      // where it does without a zone (the whole panel pushed it to 804 px of 844); the rest opens on demand.
      await page.locator('.zone-compact-line', { hasText: `Your zone: ${ZONE}` }).waitFor();
      await card(page, cold.productId).getByText(`Not rated for your zone (${ZONE})`).waitFor();
      expect(await page.getByLabel('Your USDA hardiness zone').count()).toBe(0);
      expect(await firstCardTop()).toBeLessThanOrEqual(topWithoutZone + 16);
      await page.getByRole('button', { name: 'Change zone' }).click();
      await expect
        .poll(() =>
          page.getByLabel('Your USDA hardiness zone').evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
    }
    await page.locator('.zone-summary', { hasText: `Zone ${ZONE}:` }).waitFor();
    expect(await page.getByLabel('Your USDA hardiness zone').inputValue()).toBe(ZONE);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('warns in the cart, in words, about a plant not rated for the zone', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    await context.addInitScript((zone) => localStorage.setItem('hardiness-zone', zone), ZONE);
    await page.goto(`${e2e.shop.origin}${productPath(cold)}`);
    await page.getByText(`Not rated for your zone (${ZONE})`).waitFor();
    await page.getByRole('button', { name: `Add to Cart, ${cold.name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add to Cart' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel(`Quantity of ${cold.name}`).fill('2');
    await modal
      .locator('.zone-warning', { hasText: `${cold.name} is not rated for your hardiness zone (${ZONE}).` })
      .waitFor();
    await modal.locator('.cart-line').getByText(`Not rated for your zone (${ZONE})`).waitFor();
    expect(await accessibilityProblems(page, 'cart with a zone warning')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe.each([
  ['a phone', PHONE],
  ['a tablet', TABLET],
  ['a desk', DESK],
])('a shared product link on %s', (_where, viewport) => {
  it('opens the cart menu below its button, clear of the price tiers, and Add to Cart adds one', async () => {
    const tiered = products.find((p) => p.productStatus === 2 && p.prices.length > 1);
    expect(tiered).toBeDefined();
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    await page.goto(`${e2e.shop.origin}${productPath(tiered!)}`);
    const tiers = page.locator('.product-page table.price-table');
    await page.getByRole('button', { name: `Add to Cart, ${tiered!.name}`, exact: true }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const tiersBox = (await tiers.boundingBox())!;
    const menuBox = (await menu.boundingBox())!;
    // Under the tiers, not over them, and wholly on the screen.
    expect(menuBox.y).toBeGreaterThanOrEqual(tiersBox.y + tiersBox.height);
    expect(menuBox.y).toBeGreaterThanOrEqual(0);
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(viewport.height);
    await page.getByRole('menuitem', { name: 'Add to Cart' }).click();
    const modal = page.getByRole('dialog');
    expect(await modal.getByLabel(`Quantity of ${tiered!.name}`).inputValue()).toBe('1');
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: `1 in cart, ${tiered!.name}`, exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('lets a customer who has not set a zone set it there, and marks the product for it', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser, { viewport });
    await page.goto(`${e2e.shop.origin}${productPath(cold)}`);
    await page.getByRole('heading', { level: 1, name: cold.name }).waitFor();
    await setZone(page);
    const product = page.locator('.product-page article.product-card');
    await product.getByText(`Not rated for your zone (${ZONE})`).waitFor();
    await page.locator('.zone-compact-line', { hasText: `Your zone: ${ZONE}` }).waitFor();
    expect(await accessibilityProblems(page, `${productPath(cold)} with a zone`)).toEqual([]);
    // Remembered on this device, as one set on the list is.
    await page.reload();
    await product.getByText(`Not rated for your zone (${ZONE})`).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

/**
 * Sets the customer's zone from the "Will it grow here?" button: its field takes the keyboard, a zone past 13
 * is refused in words, then ZONE is taken.
 */
async function setZone(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Will it grow here? Set your zone' }).click();
  const zoneField = page.getByLabel('Your USDA hardiness zone');
  // The field the customer asked for takes the keyboard.
  await expect.poll(() => zoneField.evaluate((el) => el === document.activeElement)).toBe(true);
  await zoneField.fill('zone 14');
  await page.getByRole('button', { name: 'Set zone' }).click();
  await page.getByRole('alert').filter({ hasText: 'from 1 to 13' }).waitFor();
  await zoneField.fill(ZONE);
  await page.getByRole('button', { name: 'Set zone' }).click();
}

describe('sitemap.xml in a browser', () => {
  it('is well-formed XML listing the product pages', async () => {
    const { page, context } = await newPage(e2e.browser);
    await page.goto(`${e2e.shop.origin}/robots.txt`);
    const result = await page.evaluate(async () => {
      const text = await (await fetch('/sitemap.xml')).text();
      const xml = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: xml.querySelector('parsererror')?.textContent ?? null,
        locs: [...xml.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
      };
    });
    expect(result.error).toBeNull();
    expect(result.locs).toContain(`${e2e.shop.origin}${productPath(hardy)}`);
    await context.close();
  });
});
