import { mailtoHref, telHref } from '@nursery/domain';
import { Link, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AuthProvider, useAuth } from '../../auth/AuthProvider';
import { isOpenAdminPath } from '../../auth/signInGuard';
import './adminShell.css';
import { useSiteConfig } from '../../lib/site';
import { queryClient } from '../../trpc';

const SIGN_IN_ENDED = 'Your sign-in has ended, so nothing can be loaded or saved. Sign in again to carry on.';
export const SIGNED_OUT_ELSEWHERE = 'You signed out in another tab.';
export const WORK_KEPT =
  'What you typed on this page stays here: sign in again in the new tab, then come back to this one and save.';
/** The page a "Sign in again" opens in a new tab: it signs in and says so (see Login). */
export const SIGN_IN_AGAIN_PATH = '/Admin/Login?again=1';

const MANAGEMENT_LINKS = [
  { to: '/Admin/Products', label: 'Products' },
  { to: '/Admin/Stock', label: 'Stock' },
  { to: '/Admin/Orders', label: 'Orders' },
  { to: '/Admin/Pickup', label: 'Pick-up' },
  { to: '/Admin/SeasonReport', label: 'Season Report' },
  { to: '/Admin/Contacts', label: 'Contacts' },
  { to: '/Admin/Photos', label: 'Photos' },
  { to: '/Admin/Settings', label: 'Settings' },
] as const;

export function AdminLayout() {
  return (
    <AuthProvider>
      <AdminShell />
    </AuthProvider>
  );
}

function AdminShell() {
  const auth = useAuth();
  const location = useLocation();
  const inFrame = typeof window !== 'undefined' && window.self !== window.top;
  const navRef = useRef<HTMLElement>(null);
  // On a phone the menu scrolls sideways: the page in use is brought into its sight (and only sideways).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read from the DOM, so it runs again when the page (or the signed-in menu) changes.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const left = current.offsetLeft;
    if (left < nav.scrollLeft || left + current.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = left - (nav.clientWidth - current.offsetWidth) / 2;
    }
  }, [location.pathname, auth.isAuthenticated]);
  if (inFrame) return <Outlet />;

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="admin-nav" aria-label="Admin" ref={navRef}>
        {auth.isAuthenticated &&
          MANAGEMENT_LINKS.map((link) => (
            <Link key={link.to} to={link.to} activeProps={{ 'aria-current': 'page' }}>
              {link.label}
            </Link>
          ))}
        <span className="admin-nav-end">
          {auth.isAuthenticated && auth.user && (
            <span className="admin-nav-user">{auth.user.name ?? auth.user.email}</span>
          )}
          {auth.isAuthenticated ? (
            <Link to="/Admin/Logout">Logout</Link>
          ) : (
            <Link to="/Admin/Login" activeProps={{ 'aria-current': 'page' }}>
              Login
            </Link>
          )}
        </span>
      </nav>
      <main id="main" className="admin-content" tabIndex={-1}>
        <SignInEndedBanner />
        {isOpenAdminPath(location.pathname) ? <Outlet /> : <SignedInScreens />}
      </main>
      <AdminFooter />
    </div>
  );
}

function AdminFooter() {
  const config = useSiteConfig();
  const shop = config.data?.shop;
  if (!shop) return <footer className="admin-footer" />;
  return (
    <footer className="admin-footer">
      <address>
        {shop.name} · {shop.address} · <a href={telHref(shop.phone)}>{shop.phone}</a> ·{' '}
        <a href={mailtoHref(shop.email)}>{shop.email}</a>
      </address>
    </footer>
  );
}

/**
 * Shown above the open screen whenever a sign-in that was there ends: the server refused the token (401),
 * the provider's session ended (a renewal refused), or a logout in another tab. Never instead of the screen:
 * a half-typed order stays on the page. "Sign in again" opens the sign-in in a new tab (this page is not
 * left, and it works with any provider, where a popup would need the window opener that the provider's
 * pages may cut); the new sign-in reaches this tab through the shared storage, the banner goes and the
 * screen's failed loads are asked again, so the order can be saved.
 */
function SignInEndedBanner() {
  const auth = useAuth();
  const wasSignedIn = useRef(false);
  const ended =
    (auth.isAuthenticated && auth.tokenRejected === true) ||
    (wasSignedIn.current && !auth.isAuthenticated && !auth.isLoading);
  const endedBefore = useRef(false);
  if (auth.isAuthenticated) wasSignedIn.current = true;

  useEffect(() => {
    if (ended) {
      endedBefore.current = true;
      return;
    }
    if (endedBefore.current && auth.isAuthenticated) {
      endedBefore.current = false;
      // What failed while signed out (lists, choices) loads again; what loaded fine is left as it is.
      void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
    }
  }, [ended, auth.isAuthenticated]);

  if (!ended) return null;
  return (
    <div className="alert alert-warning row-gap admin-signin-ended" role="alert">
      <p>
        <strong>{auth.signedOutElsewhere ? SIGNED_OUT_ELSEWHERE : SIGN_IN_ENDED}</strong> {WORK_KEPT}
      </p>
      <a className="btn btn-sm btn-warning" href={SIGN_IN_AGAIN_PATH} target="_blank" rel="noopener">
        Sign in again
      </a>
    </div>
  );
}

/**
 * The screens behind the sign-in guard (the admin route's beforeLoad lets them load only for someone signed
 * in). A sign-in that ends while one is open leaves it on the page (SignInEndedBanner says what happened);
 * only a start-up that never signed in is handed back to the guard, which goes to the provider and returns
 * to the same address, or shows why the sign-in failed.
 */
function SignedInScreens() {
  const auth = useAuth();
  const router = useRouter();
  const wasSignedIn = useRef(false);
  if (auth.isAuthenticated) wasSignedIn.current = true;
  const neverSignedIn = !wasSignedIn.current && !auth.isLoading && !auth.isAuthenticated;
  const signInLost = neverSignedIn && !auth.error && !auth.signedOutElsewhere;

  useEffect(() => {
    if (signInLost) void router.invalidate();
  }, [signInLost, router]);

  if (neverSignedIn && auth.error) {
    return (
      <div className="admin-signin">
        <p className="alert alert-danger" role="alert">
          Login failed: {auth.error.message}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void auth.login()}>
          Try signing in again
        </button>
      </div>
    );
  }
  return <Outlet />;
}
