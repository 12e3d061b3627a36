import type { Page } from 'playwright-core';

/**
 * Scrolls through the product list as a customer does, until every card is drawn: the list draws cards only
 * on and near the screen, and keeps the rest as placeholders holding the product's name. Ends at the top.
 */
export async function drawEveryCard(page: Page): Promise<void> {
  await page.locator('.product-grid > article').first().waitFor();
  await page.waitForFunction(
    () => {
      const next = document.querySelector('.product-grid > article.product-placeholder');
      next?.scrollIntoView({ block: 'center' });
      return next === null;
    },
    undefined,
    { polling: 100 },
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}
