import { trpc } from '../trpc';
import { startUp } from './AuthProvider';
import { signInAtProvider } from './signOut';
import { getAccessToken, setAccessToken } from './token';
import { getUserManager } from './userManager';

/** Admin paths anyone may open: the provider's return address and the sign-in page. */
export function isOpenAdminPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return path === '/admin' || path === '/admin/login';
}

/** What the back office's screens find in their route context once the guard lets them in. */
export interface SignedInContext {
  trpc: typeof trpc;
}

/**
 * The sign-in guard of the back office (the admin layout route's `beforeLoad`): a screen, its loader and its
 * code load only for someone signed in. Without a sign-in the browser goes to the identity provider and comes
 * back to the path and query first asked for. The provider's return address and the Login page are open. Also hands the loaders the tRPC options, which the storefront's bundle never
 * carries.
 */
export async function requireSignIn(
  location: { pathname: string; href: string },
  preload: boolean,
): Promise<SignedInContext> {
  // The hidden frame of a silent renewal only hands its answer back to the page; a stored token is enough.
  if (isOpenAdminPath(location.pathname) || window.self !== window.top || getAccessToken()) return { trpc };
  const userManager = await getUserManager();
  const outcome = await startUp(userManager);
  const user = await userManager.getUser();
  if (user && !user.expired) {
    setAccessToken(user.access_token, user.expires_at ?? null);
    return { trpc };
  }
  // A failed start-up is shown by the admin shell with a button to try again; a link only hovered (a
  // preload) never sends anyone to the provider.
  if (outcome.error || preload) return { trpc };
  await signInAtProvider(userManager, location.href);
  // The browser is leaving for the provider: the screen must not load meanwhile.
  return new Promise<never>(() => {});
}
