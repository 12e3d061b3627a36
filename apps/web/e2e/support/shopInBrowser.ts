import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { type E2eShop, startShop } from './shop.ts';
import { type StaffLogin, signIn } from './signIn.ts';

export interface StaffPageOptions {
  /** The admin path and query to land on (default /Admin/Products). */
  path?: string;
  /** The staff member signing in (an account is made for them). */
  email?: string;
  name?: string;
  viewport?: { width: number; height: number };
  touch?: boolean;
  /** Waits for this heading once signed in, so the screen has loaded. */
  heading?: string;
  /** Lets the page read and write the clipboard (a Copy button's test reads back what it copied). */
  clipboard?: boolean;
  /** Runs on the fresh context before the first address is opened (permissions, init scripts). */
  before?: (context: BrowserContext) => Promise<void> | void;
}

export interface StaffPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  login: StaffLogin;
}

export interface ShopInBrowser {
  /** The running shop: ready before the test file's own beforeAll hooks run. */
  readonly shop: E2eShop;
  readonly browser: Browser;
  /** A fresh context and page, signed in as a staff member the way a person does. */
  staffPage(options?: StaffPageOptions): Promise<StaffPage>;
}

export interface ShopInBrowserOptions {
  /** The server's environment, or a function working it out first (say, after starting a photo host). */
  env?: Record<string, string> | (() => Promise<Record<string, string>> | Record<string, string>);
  now?: () => Date;
}

/**
 * One shop and one browser for a test file: started before the file's tests (and its own beforeAll hooks),
 * both stopped after them. Every browser test starts its shop this way.
 */
export function shopInBrowser(options: ShopInBrowserOptions = {}): ShopInBrowser {
  let shop: E2eShop | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : (options.env ?? {});
    shop = await startShop(env, options.now ? { now: options.now } : {});
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  const started: ShopInBrowser = {
    get shop() {
      if (!shop) throw new Error('The shop starts in beforeAll: use it inside a hook or a test.');
      return shop;
    },
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll: use it inside a hook or a test.');
      return browser;
    },
    async staffPage(page: StaffPageOptions = {}) {
      const opened = await newPage(started.browser, {
        ...(page.viewport ? { viewport: page.viewport } : {}),
        ...(page.touch ? { touch: true } : {}),
      });
      if (page.clipboard) {
        await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: started.shop.origin,
        });
      }
      await page.before?.(opened.context);
      const login = await signIn(opened.page, started.shop, {
        ...(page.path ? { path: page.path } : {}),
        ...(page.email ? { email: page.email } : {}),
        ...(page.name ? { name: page.name } : {}),
      });
      if (page.heading) await opened.page.getByRole('heading', { name: page.heading }).waitFor();
      return { ...opened, login };
    },
  };
  return started;
}
