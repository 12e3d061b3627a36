import { mailtoHref } from '@nursery/domain';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthProvider, useAuth } from '../../auth/AuthProvider';
import './adminShell.css';
import { useSiteConfig } from '../../lib/site';

/** Admin paths anyone may open: the provider's return address and the sign-in page. */
function isOpenPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return path === '/admin' || path === '/admin/login';
}

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
  const open = isOpenPath(location.pathname);
  const inFrame = typeof window !== 'undefined' && window.self !== window.top;
  const mustSignIn =
    !open && !inFrame && !auth.isLoading && !auth.isAuthenticated && !auth.error && !auth.signedOutElsewhere;

  useEffect(() => {
    // A protected screen without a sign-in goes to the provider and comes back to the same path and query.
    if (mustSignIn) void auth.login(`${window.location.pathname}${window.location.search}`);
  }, [mustSignIn, auth.login]);

  if (inFrame) return <Outlet />;

  let content: React.ReactNode;
  if (open || auth.isAuthenticated) {
    content = <Outlet />;
  } else if (auth.signedOutElsewhere) {
    content = (
      <div className="admin-signin">
        <p role="status">You signed out in another tab.</p>
        <button type="button" className="btn btn-primary" onClick={() => void auth.login()}>
          Sign in again
        </button>
      </div>
    );
  } else if (auth.error) {
    content = (
      <div className="admin-signin">
        <p className="alert alert-danger" role="alert">
          Login failed: {auth.error.message}
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void auth.login()}>
          Try signing in again
        </button>
      </div>
    );
  } else {
    content = (
      <p className="loading-block" role="status">
        <span className="spinner" aria-hidden="true" /> Signing you in…
      </p>
    );
  }

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
        {content}
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
