import type { Locator, Page } from 'playwright-core';

/**
 * Clicks twice inside one task, before React can render the pending state the first click starts: the
 * fastest double-click a person (or a double-tap) can make. Playwright's dblclick leaves React time to render
 * between its clicks, so it does not show a missing guard.
 */
export async function instantDoubleClick(target: Locator): Promise<void> {
  await target.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

/**
 * Counts the calls of one tRPC procedure the page makes from now on (calls, not requests: tRPC batches the
 * calls of one tick into one request). `settled()` waits for the answers of those seen so far.
 */
export function countCalls(page: Page, procedure: string): { count(): number; settled(): Promise<void> } {
  let count = 0;
  const answers: Promise<unknown>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/trpc/')) return;
    const calls = url.pathname.slice('/trpc/'.length).split(',');
    const mine = calls.filter((call) => call === procedure).length;
    if (mine === 0) return;
    count += mine;
    answers.push(request.response());
  });
  return {
    count: () => count,
    settled: async () => {
      await Promise.all(answers);
    },
  };
}
