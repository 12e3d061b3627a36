import { productStatusConfirm, SUCCESSFULLY_UPDATED } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinWaitlist, openProductWaitlist, shopInBrowser, soldOutProduct } from './support/index.ts';

// Staff restock a Sold Out product two customers are waiting for. A restock never changes the status, and the
// waitlist is e-mailed only once the product is Active: the screens where stock goes in say so, until it is set.

const e2e = shopInBrowser();
let page: Page;
let product: { productId: number; name: string };
const HINT =
  '2 customers on the waitlist are e-mailed that {name} is back only once it is Active: set its status to Active when the stock is in.';

beforeAll(async () => {
  product = soldOutProduct(e2e.shop);
  for (const email of ['robin@example.com', 'wren@example.com']) {
    await joinWaitlist(e2e.shop, product.productId, email, 2);
  }
  ({ page } = await e2e.staffPage({
    name: 'Sam Staff',
    path: '/Admin/Stock',
    viewport: { width: 390, height: 844 },
  }));
});

describe('restocking a Sold Out product with a waitlist', () => {
  it('says to set it Active while the stock is typed, in the summary, after saving and in the product editor', async () => {
    const hint = HINT.replace('{name}', product.name);
    await page.goto(`${e2e.shop.origin}/Admin/Stock?q=${encodeURIComponent(product.name)}`);
    const item = page.getByTestId(`stock-${product.productId}`);
    await item.getByLabel(`Change in stock for ${product.name}`).fill('500');
    await item.getByRole('note').filter({ hasText: hint }).waitFor();

    await page.getByRole('button', { name: 'Review Stock Changes (1)' }).first().click();
    const summary = page.getByTestId('stock-summary-modal');
    await summary.getByRole('note').filter({ hasText: hint }).waitFor();
    await summary.getByRole('button', { name: 'Update Stock' }).click();
    await page.locator('[data-toast-kind]', { hasText: SUCCESSFULLY_UPDATED }).first().waitFor();
    await summary.waitFor({ state: 'hidden' });
    // Saved and still Sold Out: nobody was told, and the hint stays beside the status to set.
    await item.getByRole('note').filter({ hasText: hint }).waitFor();

    const waitlist = await openProductWaitlist(page, e2e.shop, product.name);
    await waitlist.getByRole('note').filter({ hasText: hint }).waitFor();
    await page.keyboard.press('Escape');
    await waitlist.waitFor({ state: 'detached' });

    // Set Active: the waitlist is told, and the hint goes.
    await page.goto(`${e2e.shop.origin}/Admin/Stock?q=${encodeURIComponent(product.name)}`);
    await item.getByRole('note').filter({ hasText: hint }).waitFor();
    await page.getByTestId(`status-${product.productId}`).selectOption('2');
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText(productStatusConfirm('Active')).waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => page.getByTestId(`status-${product.productId}`).inputValue()).toBe('2');
    await expect.poll(() => item.getByRole('note').count()).toBe(0);
  });
});
