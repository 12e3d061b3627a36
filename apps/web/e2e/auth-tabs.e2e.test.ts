import { afterAll, describe, expect, it } from 'vitest';
import { newPage, shopInBrowser, signIn } from './support/index.ts';

const e2e = shopInBrowser();
afterAll(async () => {});

describe('sign-in shared by the tabs of one browser', () => {
  it('a logout in one tab signs the other open admin tab out too', async () => {
    const { page, context } = await e2e.staffPage({ email: 'tabs@example.com', path: '/Admin/Orders' });

    const other = await context.newPage();
    await other.goto(`${e2e.shop.origin}/Admin/Contacts`);
    await other.getByRole('link', { name: 'Logout' }).waitFor();

    await page.goto(`${e2e.shop.origin}/Admin/Logout`);
    await page.waitForURL(`${e2e.shop.origin}/`);

    // The other tab must not go on as if signed in with the token of a closed session: it says why (above its
    // screen, which stays) and offers to sign in again in a new tab, which asks for the password (the session
    // is over).
    await other.getByText('You signed out in another tab.').waitFor();
    expect(await other.getByRole('link', { name: 'Logout' }).count()).toBe(0);
    await other.getByRole('heading', { name: 'Contact - Admin' }).waitFor();
    const [signInTab] = await Promise.all([
      context.waitForEvent('page'),
      other.getByRole('link', { name: 'Sign in again' }).click(),
    ]);
    await signInTab.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'));
    expect(await signInTab.title()).toContain('Staff sign-in');
    expect(new URL(other.url()).pathname).toBe('/Admin/Contacts');
    await context.close();
  });

  it('a sign-in in one tab signs in the other tab waiting on the Login screen', async () => {
    const { page, context } = await newPage(e2e.browser);
    const waiting = await context.newPage();
    await waiting.goto(`${e2e.shop.origin}/Admin/Login`);
    await waiting.getByRole('button', { name: 'Sign in' }).waitFor();

    await signIn(page, e2e.shop, { email: 'tabs@example.com', path: '/Admin/Stock' });

    await waiting.getByRole('link', { name: 'Logout' }).waitFor();
    await context.close();
  });
});
