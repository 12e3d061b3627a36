import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, shopInBrowser } from './support/index.ts';

// Cases a new customer met that the first storefront tests did not cover.

const e2e = shopInBrowser();
function sql(statement: string): void {
  execFileSync('sqlite3', [path.join(e2e.shop.dataDir, 'shop.db'), statement]);
}

/** The rows were edited by hand, behind the shop's back: it reads them again. */
function refreshProductCache(): void {
  e2e.shop.shop.catalogCache.invalidate();
}

beforeAll(async () => {
  sql("UPDATE settings SET is_true = 1 WHERE name = 'OnlineOrderingEnabled';");
});

describe('storefront review', () => {
  it('/Order without an id opens the lookup form instead of redirecting to itself forever', async () => {
    const { page, context } = await newPage(e2e.browser);
    await page.goto(`${e2e.shop.origin}/Order`, { timeout: 10_000 });
    await page.waitForURL(/\/Order\/Lookup\/?$/, { timeout: 10_000 });
    await page.getByRole('button', { name: /Look Up/ }).waitFor();
    await context.close();
  });

  it('a cart line that went Sold Out or left the list is marked, left out of the total, and not sent', async () => {
    const { page, context } = await newPage(e2e.browser, { viewport: { width: 390, height: 844 } });
    sql('UPDATE products SET product_status = 2 WHERE product_id IN (25, 26);');
    refreshProductCache();
    await page.goto(`${e2e.shop.origin}/Products`);
    await page.locator('article.product-card').first().waitFor();
    await page.evaluate(() =>
      localStorage.setItem(
        'user-cart',
        JSON.stringify({
          25: { productId: 25, cartQuantity: 3, addedAt: 1 },
          26: { productId: 26, cartQuantity: 2, addedAt: 2 },
          56: { productId: 56, cartQuantity: 5, addedAt: 3 },
        }),
      ),
    );
    sql(
      'UPDATE products SET product_status = 3 WHERE product_id = 25; UPDATE products SET product_status = 1 WHERE product_id = 26;',
    );
    refreshProductCache();
    await page.reload();
    await page.locator('article.product-card').first().waitFor();
    await page.getByRole('button', { name: /^Cart/ }).first().click();
    const modal = page.getByTestId('cart-modal');
    await modal
      .getByText('Sold Out: this product cannot be ordered online, so it is not part of your order.')
      .waitFor();
    await modal.getByText('A product that is no longer offered').waitFor();
    // American Hazelnut alone: 5 x $3.50 = $17.50, tax 0.9625 -> $0.96.
    expect(await modal.getByTestId('cart-subtotal').textContent()).toBe('$17.50');
    expect(await modal.getByTestId('cart-tax').textContent()).toBe('$0.96');
    expect(await modal.getByTestId('cart-total').textContent()).toBe('$18.46');
    await modal.getByRole('button', { name: 'Checkout' }).click();
    for (const [label, value] of [
      ['First name', 'Bo'],
      ['Last name', 'Review'],
      ['Email', 'bo@example.com'],
      ['Confirm email', 'bo@example.com'],
      ['Phone number', '555-201-3344'],
    ] as const) {
      await modal.getByLabel(label, { exact: true }).fill(value);
    }
    await modal.getByRole('button', { name: 'Confirm Order' }).click();
    await modal.getByRole('heading', { name: 'Confirm Order' }).waitFor();
    expect(await modal.locator('tbody tr').count()).toBe(1);
    await modal.getByRole('button', { name: 'Submit Order' }).click();
    await page.waitForURL(/\/Order\/\d+\//);
    await page.getByRole('cell', { name: 'American Hazelnut' }).waitFor();
    await context.close();
  });

  it('shows the global message by the shared allow-list: formatting and safe links kept, script gone', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser);
    const html =
      '<strong>Pick-up</strong> in April. <a href="https://example.org/map" target="_blank">Map</a>' +
      '<img src=x onerror="window.__hit=1"><a href="javascript:window.__hit=2">bad</a><script>window.__hit=3</script>' +
      '<h2 class="text-muted">Hours</h2>';
    sql(`UPDATE settings SET value = '${html.replaceAll("'", "''")}' WHERE name = 'Message';`);
    await page.goto(`${e2e.shop.origin}/FAQ`);
    const message = page.locator('.global-message-body');
    await message.getByText('Pick-up').waitFor();
    expect(await message.locator('strong').textContent()).toBe('Pick-up');
    expect(await message.locator('h2.text-muted').textContent()).toBe('Hours');
    const map = message.getByRole('link', { name: 'Map' });
    expect(await map.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await message.locator('img, script').count()).toBe(0);
    expect(await message.getByText('bad').getAttribute('href')).toBeNull();
    await message.getByText('bad').click();
    expect(await page.evaluate(() => (window as unknown as { __hit?: number }).__hit)).toBeUndefined();
    // Chromium reports the CSP's refusal of the onerror attribute while parsing, even in an inert template;
    // nothing runs (__hit above). Any other console error is a fault.
    const others = consoleErrors.filter((e) => !e.includes("script-src-attr 'none'"));
    expect(others, others.join('\n')).toEqual([]);
    await context.close();
  });
});
