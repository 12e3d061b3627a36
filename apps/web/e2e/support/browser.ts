import { SERVER_PAGE_ATTRIBUTE } from '@nursery/domain';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium with the flags ENVIRONMENT.md found to work offline (no Google look-ups, no sandbox). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A fresh context (own cookies and storage) and page; console errors are collected for the test to check.
 * `touch` emulates a touch phone (touch events, a mobile viewport) at the given size. `beforeAdoption` leaves
 * the page's goto and reload to answer before the app has taken a page the server wrote over.
 */
export async function newPage(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    touch?: boolean;
    userAgent?: string;
    /** The phone's own time zone (the machine's when not given). */
    timezoneId?: string;
    beforeAdoption?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  // Generous waits: the machine running the tests is often busy with other builds and test runs.
  context.setDefaultTimeout(45_000);
  context.setDefaultNavigationTimeout(45_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  if (options.beforeAdoption) return { context, page, consoleErrors };
  // A page the server wrote whole is on screen before the app has taken it over, and its buttons do nothing
  // until then: a test opens a page as a visitor who waits for it to be ready does (the tests of that moment
  // ask for `beforeAdoption`). Before, the page's elements only came with the app.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await pageAdopted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await pageAdopted(page);
    return response;
  };
  return { context, page, consoleErrors };
}

/** What Chromium logs for a page answered with HTTP 404 (the not-found page), the page's own request. */
export const NOT_FOUND_DOCUMENT =
  'Failed to load resource: the server responded with a status of 404 (Not Found)';

/** The spec's phone (390x844) and a desk's screen, the two sizes the shop is checked at. */
export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1366, height: 768 };

/**
 * Resolves once the app has taken over a page the server wrote whole (RootLayout then removes the mark the server
 * put on #root), or the page has said the app could not be loaded; at once on any other page. Before that, the
 * page's buttons do nothing and its forms are sent by the browser itself, as a visitor's would be.
 */
export async function pageAdopted(page: Page): Promise<void> {
  await page.waitForFunction((mark) => {
    // Typed by hand: this module is also compiled without the DOM's types (the benchmarks').
    const { document } = globalThis as unknown as { document: { querySelector(selector: string): unknown } };
    return (
      !document.querySelector(`#root[${mark}]`) || document.querySelector('#root [role="alert"]') !== null
    );
  }, SERVER_PAGE_ATTRIBUTE);
}
