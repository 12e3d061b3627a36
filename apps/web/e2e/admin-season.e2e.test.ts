import path from 'node:path';
import { formatMoney, raisedPriceCents, seasonLabel, seasonOf } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, filesFolder, type StaffPageOptions, shopInBrowser } from './support/index.ts';

// Staff start a new season from Settings: options, a preview they can read on a laptop and a phone, and the
// start, after which the Orders screen opens on the new season.

const e2e = shopInBrowser();
let next: string;
const folder = filesFolder('season-e2e-');

interface PricedProduct {
  product_id: number;
  name: string;
  product_size: string;
  price_cents: number;
}

/** An Active product with one price, whose preview row is easy to read. */
function activeProduct(): PricedProduct {
  return e2e.shop.shop.database.sqlite
    .prepare(
      `select p.product_id, p.name, p.product_size, min(pp.price_cents) as price_cents from products p
       join product_prices pp on pp.product_id = p.product_id
       where p.product_status = 2 and p.deleted_at is null
       group by p.product_id having count(*) = 1 order by p.product_id limit 1`,
    )
    .get() as PricedProduct;
}

/** A staff member's page on a screen of this size, signed in and loaded. */
const openSettings = (viewport: NonNullable<StaffPageOptions['viewport']>) =>
  e2e.staffPage({ path: '/Admin/Settings', viewport, heading: 'New season' });

async function previewWith(page: Page, raise: string) {
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'New season' }) });
  await section.getByLabel('Raise prices by (%)').fill(raise);
  await section
    .getByLabel('Call for Availability', { exact: true })
    .selectOption({ label: 'Not carried over (Inactive)' });
  await section.getByLabel('Carry over what is left of each counted product').check();
  await section.getByRole('button', { name: `Preview ${next}` }).click();
  await page.getByTestId('season-preview').waitFor();
  return section;
}

beforeAll(async () => {
  const tz = e2e.shop.config.shop.timeZone;
  next = seasonLabel(seasonOf(new Date(), tz, e2e.shop.config.seasonStartMonth) + 1);
}, 180_000);

describe('Settings → New season', () => {
  it('previews on a phone (390x844) without writing, readable and accessible', async () => {
    const { page, consoleErrors: errors } = await openSettings({ width: 390, height: 844 });
    const before = e2e.shop.shop.database.sqlite.prepare('select count(*) as n from season_rollovers').get();
    const section = await previewWith(page, '5');
    const product = activeProduct();
    const row = section.getByRole('row', { name: new RegExp(`^${product.name}`) }).first();
    await row
      .getByText(
        `${formatMoney(product.price_cents)} → ${formatMoney(raisedPriceCents(product.price_cents, 500))}`,
      )
      .waitFor();
    expect(e2e.shop.shop.database.sqlite.prepare('select count(*) as n from season_rollovers').get()).toEqual(
      before,
    );
    // The page itself never scrolls sideways; only the preview's table does, inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityProblems(page, 'season preview 390')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('starts the season exactly as previewed at 1366x768; Orders opens on it', async () => {
    const { page, consoleErrors: errors } = await openSettings({ width: 1366, height: 768 });
    const section = await previewWith(page, '10');
    const product = activeProduct();
    const raised = formatMoney(raisedPriceCents(product.price_cents, 1000));
    await section
      .getByRole('row', { name: new RegExp(`^${product.name}`) })
      .first()
      .getByText(`${formatMoney(product.price_cents)} → ${raised}`)
      .waitFor();
    const counts = await page.getByTestId('season-counts').innerText();
    expect(await accessibilityProblems(page, 'season preview 1366')).toEqual([]);

    await section.getByRole('button', { name: `Start ${next}` }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByRole('button', { name: `Start ${next}` }).click();
    const done = page.locator('[data-toast-kind]', { hasText: `The ${next} season has started.` });
    await done.waitFor();
    const record = e2e.shop.shop.database.sqlite
      .prepare('select backup_file, summary, options from season_rollovers')
      .get() as { backup_file: string; summary: string; options: string };
    expect(await done.innerText()).toContain(record.backup_file);
    expect(JSON.parse(record.options)).toMatchObject({
      raisePercent: 10,
      stock: 'keep',
      statuses: { '6': 1, '3': 2 },
    });
    const summary = JSON.parse(record.summary) as { products: number; pricesChanged: number };
    expect(counts).toContain(`${summary.products} products in all`);
    expect(counts).toContain(`${summary.pricesChanged} get new prices`);
    const stored = e2e.shop.shop.database.sqlite
      .prepare('select price_cents from product_prices where product_id = ?')
      .get(product.product_id) as { price_cents: number };
    expect(formatMoney(stored.price_cents)).toBe(raised);
    // The section now says when and by whom, and that the next season waits for the calendar.
    await page.getByTestId('season-last').getByText(record.backup_file).waitFor();
    await section.getByText('already started ahead of the calendar').waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Orders' }).click();
    const season = page.getByLabel('Season');
    await expect.poll(async () => (await season.locator('option:checked').innerText()).trim()).toBe(next);

    // Undo: the backup it took, downloaded from the section and restored with Restore from Backup.
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    const waiting = page.waitForEvent('download');
    await page.getByTestId('season-last').getByRole('button', { name: 'Download this backup' }).click();
    const download = await waiting;
    expect(download.suggestedFilename()).toBe(record.backup_file);
    const file = path.join(folder, record.backup_file);
    await download.saveAs(file);
    await page.getByLabel('Backup file to restore').setInputFiles(file);
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Restore' }).click();
    await page
      .locator('[data-toast-kind]', { hasText: `The shop was restored from ${record.backup_file}.` })
      .waitFor();
    expect(e2e.shop.shop.database.sqlite.prepare('select count(*) as n from season_rollovers').get()).toEqual(
      {
        n: 0,
      },
    );
    const restored = e2e.shop.shop.database.sqlite
      .prepare('select price_cents from product_prices where product_id = ?')
      .get(product.product_id) as { price_cents: number };
    expect(restored.price_cents).toBe(product.price_cents);
    await section.getByRole('button', { name: `Preview ${next}` }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
