import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shopInBrowser } from './support/index.ts';

// A refused save while a dialog is open: its toast must leave the dialog's question and buttons readable and
// within reach at every size the shop is checked at, come once however often the save is refused, and go when
// the same save next succeeds.

const e2e = shopInBrowser();
const TAKEN =
  '(400) There is already a saved message named "Orders closed". Choose another name, or delete that one first.';

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The toasts' boxes (with their padding) and those of the open dialog's title, fields and buttons. */
function boxes(
  page: Page,
  readable = '.modal-title, .modal-close, .modal-body label, .modal-body input, .modal-footer button',
) {
  return page.evaluate((readable) => {
    const box = (e: Element, pad = 0) => {
      const r = e.getBoundingClientRect();
      return { left: r.left - pad, top: r.top - pad, right: r.right + pad, bottom: r.bottom + pad };
    };
    const dialog = document.querySelector('dialog[open] .modal-dialog');
    const parts = dialog ? [...dialog.querySelectorAll(readable)] : [];
    return {
      toasts: [...document.querySelectorAll('[data-toast-kind]')].map((t) => box(t, 16)),
      parts: parts.map((p) => ({
        name: p.textContent || p.getAttribute('aria-label') || p.tagName,
        ...box(p),
      })),
      viewport: { width: document.documentElement.clientWidth, height: window.innerHeight },
      dialogHeight: dialog?.getBoundingClientRect().height ?? 0,
    };
  }, readable);
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('a failure toast over a dialog', () => {
  it('covers neither the question nor the buttons, is shown once, and goes when the save succeeds', async () => {
    let current = 'Fall sale';
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 820, height: 1180 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await e2e.staffPage({ path: '/Admin/Settings', viewport });
      const chooser = page.getByLabel('Saved messages');
      await chooser.locator('option', { hasText: current }).waitFor({ state: 'attached' });
      await chooser.selectOption(current);
      await page.getByRole('button', { name: `Rename saved message ${current}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename saved message' });
      await dialog.getByLabel('Name').fill('Orders closed');
      // Refused twice: one toast, the second refusal in place of the first.
      for (let i = 0; i < 2; i++) {
        await dialog.getByRole('button', { name: 'Rename' }).click();
        await page.locator('[data-toast-kind="warning"]', { hasText: TAKEN }).waitFor();
      }
      await page.waitForTimeout(400); // the dialog's and the toast's entrance
      expect(await page.locator('[data-toast-kind]').count()).toBe(1);
      const seen = await boxes(page);
      expect(seen.parts.length).toBeGreaterThanOrEqual(4);
      for (const toast of seen.toasts) {
        // On screen, and clear of every part of the dialog a person reads or presses.
        expect(toast.left + 16, `${viewport.width}`).toBeGreaterThanOrEqual(0);
        expect(toast.right - 16, `${viewport.width}`).toBeLessThanOrEqual(seen.viewport.width);
        expect(toast.bottom - 16, `${viewport.width}`).toBeLessThanOrEqual(seen.viewport.height);
        const covered = seen.parts.filter((part) => overlaps(toast, part)).map((part) => part.name);
        expect(covered, `${viewport.width} x ${viewport.height}`).toEqual([]);
      }

      // Put right: the refusal's toast goes with the successful rename.
      const next = `Fall sale ${viewport.width}`;
      await dialog.getByLabel('Name').fill(next);
      await dialog.getByRole('button', { name: 'Rename' }).click();
      await page.locator('.toast-text', { hasText: `Renamed to "${next}".` }).waitFor();
      await page.locator('[data-toast-kind]', { hasText: TAKEN }).waitFor({ state: 'detached' });
      current = next;
      await context.close();
    }
  });

  it('over a dialog that fills a phone, leaves its title, the start of its body and its buttons clear', async () => {
    const { page, context } = await e2e.staffPage({
      path: '/Admin/Stock',
      viewport: { width: 390, height: 844 },
    });
    const items = page.locator('li.stock-item');
    await items.first().waitFor();
    for (let i = 0; i < 5; i++) await items.nth(i).locator('input').fill('3');
    const first = Number((await items.first().getAttribute('data-testid'))?.replace('stock-', ''));
    await page.getByRole('button', { name: 'Review Stock Changes (5)' }).first().click();
    const summary = page.getByTestId('stock-summary-modal');
    await summary.getByRole('button', { name: 'Update Stock' }).waitFor();
    // Deleted meanwhile: the save is refused, and the summary stays open under the toast.
    e2e.shop.shop.database.sqlite
      .prepare('UPDATE products SET deleted_at = 1 WHERE product_id = ?')
      .run(first);
    await summary.getByRole('button', { name: 'Update Stock' }).click();
    await page.locator('[data-toast-kind="warning"]', { hasText: 'Stock can only be recorded' }).waitFor();
    await page.waitForTimeout(400);
    const seen = await boxes(
      page,
      '.modal-title, .modal-close, .modal-body > ul > li:first-child > .stock-item-head > h2, .modal-footer button',
    );
    expect(seen.dialogHeight).toBeGreaterThan(seen.viewport.height - 100);
    expect(seen.parts).toHaveLength(5);
    for (const toast of seen.toasts) {
      expect(seen.parts.filter((part) => overlaps(toast, part)).map((part) => part.name)).toEqual([]);
    }
    await context.close();
  });
});
