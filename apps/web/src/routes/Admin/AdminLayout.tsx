import { mailtoHref } from '@nursery/domain';
import { Link, Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthProvider, useAuth } from '../../auth/AuthProvider';
import { isOpenAdminPath } from '../../auth/signInGuard';
import './adminShell.css';
import { useSiteConfig } from '../../lib/site';

const SIGN_IN_ENDED = 'Your sign-in has ended, so nothing can be loaded or saved. Sign in again to carry on.';

const MANAGEMENT_LINKS = [
  { to: '/Admin/Products', label: 'Products' },
  { to: '/Admin/Stock', label: 'Stock' },
  { to: '/Admin/Orders', label: 'Orders' },
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
  if (inFrame) return <Outlet />;

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="admin-nav" aria-label="Admin">
        {auth.isAuthenticated &&
          MANAGEMENT_LINKS.map((link) => (
            <Link key={link.to} to={link.to} activeProps={{ 'aria-current': 'page' }}>
              {link.label}
            </Link>
          ))}
        <span className="admin-nav-end">
          {auth.isAuthenticated && auth.user && <span>{auth.user.name ?? auth.user.email}</span>}
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
        {auth.isAuthenticated && auth.tokenRejected ? (
          // Above the screen, not instead of it: a form typed in stays on the page to copy or save afterwards.
          <div className="alert alert-warning row-gap admin-signin-ended" role="alert">
            <span>{SIGN_IN_ENDED}</span>
            <button type="button" className="btn btn-sm btn-warning" onClick={() => void auth.login()}>
              Sign in again
            </button>
          </div>
        ) : null}
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
        {shop.name} · {shop.address} · <a href={`tel:${shop.phone.replace(/[^\d+]/g, '')}`}>{shop.phone}</a> ·{' '}
        <a href={mailtoHref(shop.email)}>{shop.email}</a>
      </address>
    </footer>
  );
}

/**
 * The screens behind the sign-in guard (the admin route's beforeLoad lets them load only for someone signed in). When the sign-in
 * goes while one is open, this says why and offers the way back; a sign-in lost quietly (a renewal the
 * provider refused) is handed back to the guard, which goes to the provider and returns to the same address.
 */
function SignedInScreens() {
  const auth = useAuth();
  const router = useRouter();
  const signInLost = !auth.isLoading && !auth.isAuthenticated && !auth.error && !auth.signedOutElsewhere;

  useEffect(() => {
    if (signInLost) void router.invalidate();
  }, [signInLost, router]);

  if (auth.signedOutElsewhere) {
    return (
      <div className="admin-signin">
        <p role="status">You signed out in another tab.</p>
        <button type="button" className="btn btn-primary" onClick={() => void auth.login()}>
          Sign in again
        </button>
      </div>
    );
  }
  if (auth.error && !auth.isAuthenticated) {
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
