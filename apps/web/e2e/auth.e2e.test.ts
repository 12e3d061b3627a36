import { findStaffAccountByEmail, revokeOidcPayloadsOfAccount } from '@nursery/api/staff';
import { UNAUTHORIZED } from '@nursery/domain';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { USER_KEY_PREFIX } from '../src/auth/storedUser';
import {
  ensureStaffAccount,
  fillProviderSignIn,
  newPage,
  shopInBrowser,
  signInAgainInNewTab,
} from './support/index.ts';

const SIGN_IN_ENDED = 'Your sign-in has ended, so nothing can be loaded or saved. Sign in again to carry on.';

const e2e = shopInBrowser();

/** Removes the sign-in the app keeps in the browser (its tokens), as when they expire; the provider's stays. */
async function forgetStoredSignIn(page: Page): Promise<void> {
  await page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, USER_KEY_PREFIX);
}

afterAll(async () => {});

describe('staff sign-in through the embedded provider', () => {
  it('signs in from a protected screen, comes back to it, stays signed in on reload, and logs out', async () => {
    const { page, context, consoleErrors } = await newPage(e2e.browser);
    const login = await ensureStaffAccount(e2e.shop, { email: 'grace@example.com', name: 'Grace Hopper' });

    // A protected screen with a query goes to the provider's page...
    await page.goto(`${e2e.shop.origin}/Admin/Orders?season=2024`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'));
    expect(await page.title()).toContain('Staff sign-in');

    // ...which refuses a wrong password with the same words as an unknown account...
    await fillProviderSignIn(page, { email: login.email, password: 'not-the-password' });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Wrong e-mail or password.');

    // ...and with the right one comes back to the same path and query.
    await fillProviderSignIn(page, login);
    await page.waitForURL((url) => url.pathname === '/Admin/Orders' && url.search === '?season=2024');
    const adminNav = page.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Products', 'Stock', 'Orders', 'Contacts', 'Photos', 'Settings', 'Logout']) {
      await expect.poll(() => adminNav.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    expect(await adminNav.getByRole('link', { name: 'Login' }).count()).toBe(0);
    expect(await adminNav.textContent()).toContain('Grace Hopper');

    // The footer shows the shop's address, phone and e-mail.
    const footer = page.locator('.admin-footer');
    await expect.poll(() => footer.textContent()).toContain(e2e.shop.config.shop.address);
    expect(await footer.textContent()).toContain(e2e.shop.config.shop.phone);
    expect(await footer.textContent()).toContain(e2e.shop.config.shop.email);

    // Reaches the products screen through the nav; a reload keeps the sign-in without the provider's page.
    await adminNav.getByRole('link', { name: 'Products', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/Admin/Products');
    await page.reload();
    await page.getByRole('link', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Admin/Products');

    // The admin screens' calls carry a genuine token the server accepts.
    const status = await page.evaluate(async (prefix) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith(prefix));
      const stored = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
      const answer = await fetch('/trpc/staff.me', {
        headers: { authorization: `Bearer ${stored.access_token}` },
      });
      return answer.status;
    }, USER_KEY_PREFIX);
    expect(status).toBe(200);

    // Without the stored tokens, the silent check (the same hidden-frame request that renews tokens
    // before they expire) finds the provider's session and signs in again without the password.
    await forgetStoredSignIn(page);
    await page.goto(`${e2e.shop.origin}/Admin/Stock`);
    await page.getByRole('link', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Admin/Stock');
    expect(
      await page.evaluate(
        (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)).length,
        USER_KEY_PREFIX,
      ),
    ).toBe(1);

    // A second tab of the same browser is signed in too.
    const second = await context.newPage();
    await second.goto(`${e2e.shop.origin}/Admin/Stock`);
    await second.getByRole('link', { name: 'Logout' }).waitFor();
    await second.close();

    // The storefront's navigation shows the Admin link to a signed-in person.
    await page.goto(`${e2e.shop.origin}/`);
    await page.getByRole('link', { name: 'Admin', exact: true }).first().waitFor();
    await page.goto(`${e2e.shop.origin}/Admin/Products`);

    // Logout ends the session at the provider without a further question and returns to the shop's home page.
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.origin === e2e.shop.origin);
    expect(
      await page.evaluate(
        (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)),
        USER_KEY_PREFIX,
      ),
    ).toEqual([]);

    await page.getByRole('navigation').first().waitFor();
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);

    // Signed out at the provider too: a protected screen asks for the password again.
    await page.goto(`${e2e.shop.origin}/Admin/Products`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'));

    expect(consoleErrors.filter((e) => !e.includes('401') && !e.includes('Failed to load resource'))).toEqual(
      [],
    );
    await context.close();
  });

  it('shows a sign-in button on /Admin/Login and only the Login link when signed out', async () => {
    const { page, context } = await newPage(e2e.browser);
    await page.goto(`${e2e.shop.origin}/Admin/Login`);
    const button = page.getByRole('button', { name: 'Sign in' });
    await button.waitFor();
    await expect.poll(() => button.isEnabled()).toBe(true);
    const adminNav = page.getByRole('navigation', { name: 'Admin' });
    expect(await adminNav.getByRole('link', { name: 'Login' }).count()).toBe(1);
    expect(await adminNav.getByRole('link', { name: 'Products', exact: true }).count()).toBe(0);
    // Someone who opened the admin area by mistake (a customer on a phone) has a way back to the shop.
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
    await button.click();
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'));
    const login = await ensureStaffAccount(e2e.shop, { email: 'grace@example.com' });
    await fillProviderSignIn(page, login);
    await page.waitForURL((url) => url.pathname === '/Admin/Products');
    await context.close();
  });

  it('an admin address typed in lower case gets the admin shell, not the storefront header around it', async () => {
    const { page, context } = await e2e.staffPage({ email: 'grace@example.com' });
    await page.goto(`${e2e.shop.origin}/admin/orders`);
    await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
    // One page, one main landmark, and no storefront navigation or global message above the admin nav.
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Cart' }).count()).toBe(0);
    await context.close();
  });

  it('when the server ends the sign-in (a password reset), the screen offers to sign in again and comes back', async () => {
    const { page, context, login } = await e2e.staffPage({ email: 'reset@example.com', name: 'Rita Reset' });
    await page.getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { name: 'Contact - Admin' }).waitFor();
    expect(await page.getByText(SIGN_IN_ENDED).count()).toBe(0);

    // `pnpm staff reset-password` ends every token of the account at once; the tab still holds one.
    const account = findStaffAccountByEmail(e2e.shop.shop.db, login.email);
    revokeOidcPayloadsOfAccount(e2e.shop.shop.db, String(account?.staffId));
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
    await page.locator('[data-toast-kind="error"]', { hasText: UNAUTHORIZED }).waitFor();
    // Not a dead end of empty tables: the shell says what happened and how to go on.
    const banner = page.getByRole('alert').filter({ hasText: SIGN_IN_ENDED });
    await banner.waitFor();
    // The sign-in happens in a new tab, so this one (and anything typed in it) stays as it is.
    await signInAgainInNewTab(banner, context, login);
    expect(new URL(page.url()).pathname).toBe('/Admin/Orders');
    // Back in the first tab: the banner goes and the list that failed loads.
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Orders - Admin' }).waitFor();
    await expect.poll(() => page.getByText(/^Showing \d+ Order\(s\)$/).count()).toBe(1);
    expect(await page.getByText(SIGN_IN_ENDED).count()).toBe(0);
    await context.close();
  });

  it('a sign-out the provider never hears of still has the next person on the phone type their own password', async () => {
    const { page, context } = await e2e.staffPage({ email: 'cy.counter@example.com', name: 'Cy Counter' });
    // The yard's network reaches the shop but not the provider's end-session page, so the provider keeps Cy's
    // session while the phone signs out on its own.
    await context.route('**/oidc/**', (route) => route.abort('connectionrefused'));
    await page.goto(`${e2e.shop.origin}/Admin/Logout`);
    await page.waitForURL(`${e2e.shop.origin}/`);
    await context.unroute('**/oidc/**');

    // Dee picks the phone up: the back office asks for a password instead of taking up Cy's session.
    await page.goto(`${e2e.shop.origin}/Admin/Stock`);
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'));
    const dee = await ensureStaffAccount(e2e.shop, { email: 'dee.counter@example.com', name: 'Dee Counter' });
    await fillProviderSignIn(page, dee);
    await page.waitForURL((url) => url.pathname === '/Admin/Stock');
    const adminNav = page.getByRole('navigation', { name: 'Admin' });
    await expect.poll(() => adminNav.textContent()).toContain('Dee Counter');
    expect(await adminNav.textContent()).not.toContain('Cy Counter');

    // Dee's own sign-in is then taken up as usual: a page opened without the stored tokens needs no password.
    await forgetStoredSignIn(page);
    await page.goto(`${e2e.shop.origin}/Admin/Contacts`);
    await page.getByRole('link', { name: 'Logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/Admin/Contacts');
    expect(await adminNav.textContent()).toContain('Dee Counter');
    await context.close();
  });
});
