import { createStaffAccount, findStaffAccountByEmail, resetStaffPassword } from '@nursery/api/staff';
import type { TestServer } from '@nursery/server/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';

export interface StaffLogin {
  email: string;
  password: string;
}

/** Creates the staff account (or resets its password) so a test knows what to type. */
export async function ensureStaffAccount(
  shop: TestServer,
  options: { email?: string; name?: string; password?: string } = {},
): Promise<StaffLogin> {
  const email = options.email ?? 'staff@example.com';
  const password = options.password ?? 'correct-horse-battery';
  if (findStaffAccountByEmail(shop.shop.db, email)) await resetStaffPassword(shop.shop.db, email, password);
  else await createStaffAccount(shop.shop.db, { email, name: options.name ?? 'Sam Staff', password });
  return { email, password };
}

/** Fills and sends the embedded provider's sign-in form (the page must be showing it). */
export async function fillProviderSignIn(page: Page, login: StaffLogin): Promise<void> {
  await page.getByLabel('E-mail').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs a staff member in the way a person does: opens an admin path (default /Admin/Products), is sent to
 * the embedded provider's page, types e-mail and password, and comes back to that path signed in.
 * Answers the login used.
 */
export async function signIn(
  page: Page,
  shop: TestServer & { origin?: string },
  options: { path?: string; email?: string; name?: string; password?: string } = {},
): Promise<StaffLogin> {
  const origin = shop.origin ?? shop.config.publicUrl;
  const login = await ensureStaffAccount(shop, options);
  const target = options.path ?? '/Admin/Products';
  await page.goto(`${origin}${target}`);
  await page.waitForURL((url) => url.pathname.startsWith('/oidc/'), { timeout: 45_000 });
  await fillProviderSignIn(page, login);
  const wanted = new URL(target, origin);
  await page.waitForURL((url) => url.pathname === wanted.pathname && url.search === wanted.search, {
    timeout: 45_000,
  });
  // The admin children render only once the token is loaded: wait for the signed-in nav.
  await page.getByRole('link', { name: 'Logout' }).waitFor({ timeout: 45_000 });
  return login;
}

/**
 * Follows a banner's "Sign in again" link to the provider's page in a new tab, as staff whose sign-in ended
 * do, and signs in there. Answers the new tab, saying "You are signed in again."
 */
export async function signInAgainInNewTab(
  banner: Locator,
  context: BrowserContext,
  login: StaffLogin,
): Promise<Page> {
  const [signInTab] = await Promise.all([
    context.waitForEvent('page'),
    banner.getByRole('link', { name: 'Sign in again' }).click(),
  ]);
  await signInTab.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/'));
  await fillProviderSignIn(signInTab, login);
  await signInTab.getByText('You are signed in again.').waitFor();
  return signInTab;
}
