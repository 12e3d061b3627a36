import { describe, expect, it } from 'vitest';
import { accessibilityProblems, type StaffPageOptions, shopInBrowser } from './support/index.ts';

// The grower's season report on a laptop and a tablet: figures per product and type, a plan typed over the
// suggestion and kept, sorting and filtering as the other admin tables, and the workbook for the potting plan.

// Late in the 2025-26 season: the demo shop has its orders and the two seasons before.
const NOW = new Date('2026-05-20T15:00:00Z');

const e2e = shopInBrowser({ now: () => NOW });

interface Best {
  productId: number;
  name: string;
  size: string;
  sold: number;
}

/** The product the demo sold most of in the season, straight from the database. */
function bestSeller(): Best {
  return e2e.shop.shop.database.sqlite
    .prepare(
      `select p.product_id as productId, p.name, p.product_size as size, sum(l.quantity) as sold
         from order_lines l join orders o on o.order_id = l.order_id join products p on p.product_id = l.product_id
        where o.season_purchased = 2025 and o.deleted_at is null
        group by p.product_id order by sold desc, p.product_id limit 1`,
    )
    .get() as Best;
}

/** A staff member's page on a screen of this size, signed in and loaded. */
const openReport = (viewport: NonNullable<StaffPageOptions['viewport']>) =>
  e2e.staffPage({ path: '/Admin/SeasonReport', viewport, heading: 'Season Report 2025-26' });

describe('season report', () => {
  it('shows each product’s figures, keeps a plan typed over the suggestion, sorts, filters and exports', async () => {
    const { page, consoleErrors: errors } = await openReport({ width: 1366, height: 768 });
    const best = bestSeller();
    expect(await accessibilityProblems(page, 'season report')).toEqual([]);
    await page.getByText('How the suggestion for 2026-27 is made:').waitFor();
    const plan = page.getByLabel(`Plan for 2026-27: ${best.name}${best.size ? ` ${best.size}` : ''}`, {
      exact: true,
    });
    const row = page.getByRole('row').filter({ has: plan });
    // Offered, Sold, ... : the Sold cell is the third.
    expect(await row.getByRole('cell').nth(2).textContent()).toBe(String(best.sold));

    await plan.fill('345');
    await plan.press('Enter');
    await page.getByText('Plan saved.').waitFor();
    const kept = e2e.shop.shop.database.sqlite
      .prepare('select quantity from season_plans where product_id = ? and season = 2026')
      .get(best.productId) as { quantity: number } | undefined;
    expect(kept?.quantity).toBe(345);
    // A number out of range is refused on the spot, in the server's words, and nothing is sent.
    await plan.fill('-3');
    await plan.press('Enter');
    await page.getByText('The planned quantity must be a whole number from 0 to 1,000,000.').waitFor();
    await plan.press('Escape');

    // Sorted by Sold, largest first: the best seller leads.
    const soldHeader = page
      .locator('.season-report-table')
      .getByRole('columnheader', { name: 'Sold', exact: true });
    await soldHeader.click();
    if ((await soldHeader.getAttribute('aria-sort')) !== 'descending') await soldHeader.click();
    expect(await soldHeader.getAttribute('aria-sort')).toBe('descending');
    const firstRow = page.locator('.season-report-table tbody tr').first();
    expect(await firstRow.getByRole('cell').nth(2).textContent()).toBe(String(best.sold));

    await page.getByLabel('Filter').fill('no such plant anywhere');
    await page.getByText('No product matches the filter.').waitFor();
    await page.getByLabel('Filter').fill(best.name);
    expect(await page.locator('.season-report-table tbody tr').count()).toBeGreaterThanOrEqual(1);
    expect(page.url()).toContain('q=');

    // On paper: the report alone, without the navigation and the tools.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.admin-nav').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { name: 'By product type' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    const waiting = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download .xls' }).click();
    expect((await waiting).suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2} SeasonReport 2025-26\.xls$/);

    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/season-report.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('reads on a tablet: the wide table scrolls inside itself and names keep their width', async () => {
    const { page } = await openReport({ width: 820, height: 1180 });
    await page.locator('.season-report-table tbody tr').first().waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
      name: document.querySelector('.season-report-table tbody td')?.getBoundingClientRect().width ?? 0,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    // About 14 characters at the least.
    expect(widths.name).toBeGreaterThan(14 * 7);
    await page.getByRole('img', { name: /Sell-through by product type and season/ }).waitFor();
    expect(await accessibilityProblems(page, 'season report on a tablet')).toEqual([]);
  });
});
