import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityProblems, filesFolder, type StaffPageOptions, shopInBrowser } from './support/index.ts';

// Staff download the catalogue, edit it in a spreadsheet program (here: the CSV text), upload it, read the
// preview and apply it, on a laptop and on a phone.

const e2e = shopInBrowser();
const folder = filesFolder('catalog-sheet-e2e-');

/** A staff member's page on a screen of this size, signed in and loaded. */
const openSettings = (viewport: NonNullable<StaffPageOptions['viewport']>) =>
  e2e.staffPage({ path: '/Admin/Settings', viewport, heading: 'Catalogue spreadsheet' });

function section(page: Page) {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Catalogue spreadsheet' }) });
}

async function downloadCsv(page: Page): Promise<string> {
  const waiting = page.waitForEvent('download');
  await section(page).getByRole('button', { name: 'Download CSV' }).click();
  const download = await waiting;
  expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}-Catalogue\.csv$/);
  const file = path.join(folder, `${Date.now()}.csv`);
  await download.saveAs(file);
  return readFileSync(file, 'utf8');
}

/** The CSV with the first product's Tier 1 price set and the second's Tier 1 price made unreadable. */
function edited(csv: string, price: string): { text: string; name: string; refusedRow: number } {
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  const header = (lines[0] ?? '').split(',');
  const priceAt = header.indexOf('Tier 1 Price');
  // Rows whose cells hold no quotes, so a plain split is their cells.
  const simple = lines
    .map((l, i) => ({ l, i }))
    .filter(({ l, i }) => i > 0 && l !== '' && !l.includes('"') && l.split(',')[priceAt] !== '');
  const [a, b] = simple;
  if (!a || !b) throw new Error('The demo catalogue has too few plain rows.');
  const cellsA = a.l.split(',');
  cellsA[priceAt] = price;
  lines[a.i] = cellsA.join(',');
  const cellsB = b.l.split(',');
  cellsB[priceAt] = 'twelve';
  lines[b.i] = cellsB.join(',');
  return { text: lines.join('\r\n'), name: cellsA[2] ?? '', refusedRow: b.i + 1 };
}

async function uploadText(page: Page, text: string, name: string) {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  await section(page).getByLabel('Catalogue spreadsheet to upload').setInputFiles(file);
  await page.getByTestId('sheet-preview').waitFor();
}

describe('Settings → Catalogue spreadsheet', () => {
  it('previews an edited file on a phone (390x844), readable and accessible, and Cancel writes nothing', async () => {
    const { page, consoleErrors: errors } = await openSettings({ width: 390, height: 844 });
    const csv = await downloadCsv(page);
    const { text, name, refusedRow } = edited(csv, '77.70');
    const before = e2e.shop.shop.database.sqlite.prepare('select * from product_prices order by 1').all();
    await uploadText(page, text, 'phone.csv');
    await page.getByTestId('sheet-counts').getByText('0 to add, 1 to change, 1 refused').waitFor();
    await page.getByTestId('sheet-changed').getByText(name).waitFor();
    await page
      .getByTestId('sheet-changed')
      .getByText(/→ .*\$77\.70/)
      .waitFor();
    await page
      .getByTestId('sheet-refused')
      .getByText(`Row ${refusedRow}: Tier 1: A price must be an amount in dollars and cents, such as 12.50.`)
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityProblems(page, 'sheet preview 390')).toEqual([]);
    await section(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('sheet-preview').waitFor({ state: 'detached' });
    expect(e2e.shop.shop.database.sqlite.prepare('select * from product_prices order by 1').all()).toEqual(
      before,
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('applies exactly the previewed change at 1366x768; an unchanged file has nothing to apply', async () => {
    const { page, consoleErrors: errors } = await openSettings({ width: 1366, height: 768 });
    const waiting = page.waitForEvent('download');
    await section(page).getByRole('button', { name: 'Download .xlsx' }).click();
    expect((await waiting).suggestedFilename()).toMatch(/Catalogue\.xlsx$/);

    const csv = await downloadCsv(page);
    await uploadText(page, csv, 'unchanged.csv');
    await page.getByTestId('sheet-counts').getByText('0 to add, 0 to change, 0 refused').waitFor();
    expect(await section(page).getByRole('button', { name: 'Nothing to apply' }).isDisabled()).toBe(true);
    await section(page).getByRole('button', { name: 'Cancel' }).click();

    // A row of a product already in the shop, without its id (a sheet uploaded again after it was applied):
    // offered as new, and marked as the second product of that name it would be.
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    const idAt = (lines[0] ?? '').split(',').findIndex((h) => /id$/i.test(h.trim()));
    const plain = lines.find((l, i) => i > 0 && l !== '' && !l.includes('"')) ?? '';
    const copy = plain.split(',');
    copy[idAt] = '';
    await uploadText(page, [...lines.filter((l) => l !== ''), copy.join(',')].join('\r\n'), 'again.csv');
    await page
      .getByTestId('sheet-added')
      .getByText(`A product named ${copy[2]} already exists: applying adds a second one.`)
      .waitFor();
    await section(page).getByRole('button', { name: 'Cancel' }).click();

    const { text, name } = edited(csv, '88.80');
    await uploadText(page, text, 'laptop.csv');
    await page.getByTestId('sheet-counts').getByText('0 to add, 1 to change, 1 refused').waitFor();
    expect(await accessibilityProblems(page, 'sheet preview 1366')).toEqual([]);
    const before = e2e.shop.shop.database.sqlite
      .prepare('select product_id, price_cents from product_prices order by 1')
      .all() as {
      product_id: number;
      price_cents: number;
    }[];
    // A double-click, as on a desktop icon: its second click lands on the question's backdrop, which stays.
    await section(page).getByRole('button', { name: 'Apply changes' }).dblclick();
    await page.waitForTimeout(400);
    expect(await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Apply' }).isVisible()).toBe(
      true,
    );
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Apply' }).click();
    await page
      .locator('[data-toast-kind]', { hasText: 'Spreadsheet applied: 0 added, 1 changed.' })
      .waitFor();
    const id = (
      e2e.shop.shop.database.sqlite.prepare('select product_id from products where name = ?').get(name) as {
        product_id: number;
      }
    ).product_id;
    const after = e2e.shop.shop.database.sqlite
      .prepare('select product_id, price_cents from product_prices order by 1')
      .all() as {
      product_id: number;
      price_cents: number;
    }[];
    // Exactly one price moved: the edited product's first tier.
    const moved = after.filter((row, i) => row.price_cents !== before[i]?.price_cents);
    expect(moved).toEqual([{ product_id: id, price_cents: 8880 }]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
