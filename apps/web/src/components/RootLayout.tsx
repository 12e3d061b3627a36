import { SERVER_PAGE_ATTRIBUTE, zonedYear } from '@nursery/domain';
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSignedIn } from '../auth/session';
import { cartItemCount } from '../cart/cartState';
import { useCartState } from '../cart/cartStore';
import { connectCheckoutHistory } from '../cart/checkoutHistory';
import { useCartActions } from '../cart/useCartActions';
import { serverPageAdopted } from '../lib/adoption';
import { usePageTitle, useRouteTitle, useShopTimeZone, useSiteConfig } from '../lib/site';
import { AppToaster } from './AppToaster';
import { CartIcon } from './CartIcon';
import { GlobalMessage } from './GlobalMessage';
import { LeafLogo } from './LeafLogo';
import { OrderingClosedNotice } from './OrderingClosedNotice';
import { ShopContact } from './ShopContact';

// The cart's three steps load the first time the cart is opened, keeping the first page light.
const CartModal = lazy(() => import('../cart/CartModal').then((m) => ({ default: m.CartModal })));
// Only the admin screens ask yes/no questions (confirm()); the storefront never loads the dialog.
const ConfirmHost = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmHost })));

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/Products', label: 'Products' },
  { to: '/FAQ', label: 'FAQ' },
  { to: '/TreeCare', label: 'Tree Care' },
  { to: '/Contact', label: 'Contact' },
] as const;

export function RootLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Routes match without regard to case, so /admin/orders (typed, or an old bookmark) opens the admin screen
  // too: it must get the admin shell, not the admin screen inside the storefront's header and message.
  const isAdmin = /^\/admin(\/|$)/i.test(pathname);
  // Each page's title comes from its route (router.tsx), set here once for every page.
  usePageTitle(useRouteTitle(), { admin: isAdmin });

  // The page is the app's from now on (the attribute says the server's page still waits for it).
  useEffect(() => {
    document.getElementById('root')?.removeAttribute(SERVER_PAGE_ATTRIBUTE);
    serverPageAdopted();
  }, []);

  // Every new page starts at its top, as a visitor expects from a link. Not the first: a page the server wrote
  // may have been scrolled before the app took it over.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);

  if (isAdmin) {
    return (
      <>
        <Outlet />
        <AppToaster />
        <Suspense fallback={null}>
          <ConfirmHost />
        </Suspense>
      </>
    );
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader pathname={pathname} />
      <GlobalMessage pathname={pathname} />
      <OrderingClosedNotice />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <CartHost />
      <AppToaster />
    </>
  );
}

function CartHost() {
  const router = useRouter();
  // Back and Forward step through the checkout instead of leaving the page.
  useEffect(() => connectCheckoutHistory(router), [router]);
  const showingCart = useCartState((s) => s.showingCart);
  const [wanted, setWanted] = useState(showingCart);
  if (showingCart && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartModal />
    </Suspense>
  );
}

function SiteHeader({ pathname }: { pathname: string }) {
  const config = useSiteConfig();
  const signedIn = useSignedIn();
  const count = useCartState((s) => cartItemCount(s.cart));
  const actions = useCartActions();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const siteName = config.data?.shop.name ?? '';

  // A followed link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes on every page change.
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  return (
    // Escape closes the open phone menu and gives the keyboard back to its button, as a disclosure does.
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys come from the menu's links and button inside.
    <header
      className="site-header"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menuOpen) return;
        setMenuOpen(false);
        toggleRef.current?.focus();
      }}
    >
      <div className="container site-header-inner">
        <Link to="/" className="brand" aria-label={siteName ? `${siteName}, home` : 'Home'}>
          <LeafLogo />
          <span className="brand-name">{siteName || '\u00a0'}</span>
        </Link>
        <button
          type="button"
          className="btn btn-cart btn-cart-compact"
          onClick={() => actions.show(null)}
          aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
        >
          <CartIcon size={20} wheels />
          <span className="badge" data-testid="cart-count-compact">
            {count}
          </span>
        </button>
        <button
          type="button"
          className="nav-toggle"
          ref={toggleRef}
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span className="sr-only">Menu</span>
          <span className="nav-toggle-bars" aria-hidden="true" />
        </button>
        <nav id="main-nav" aria-label="Main" className={`main-nav${menuOpen ? ' is-open' : ''}`}>
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  // The page's own link changes no address, so the effect above would leave the menu open.
                  onClick={() => setMenuOpen(false)}
                  activeOptions={{ exact: true }}
                  activeProps={{ className: 'active', 'aria-current': 'page' }}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            {signedIn ? (
              <li>
                <Link to="/Admin/Products">Admin</Link>
              </li>
            ) : null}
            <li className="nav-cart">
              <button type="button" className="btn btn-cart" onClick={() => actions.show(null)}>
                <CartIcon size={20} wheels />
                Cart
                <span className="badge" data-testid="cart-count">
                  {count}
                </span>
                <span className="sr-only">{count === 1 ? 'item' : 'items'}</span>
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

function SiteFooter() {
  const config = useSiteConfig();
  const shop = config.data?.shop;
  // The shop's year, not the phone's: the page the server wrote says the same, also on New Year's Eve.
  const timeZone = useShopTimeZone();
  const year = zonedYear(Date.now(), timeZone);
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div>
          <div className="footer-brand">
            <LeafLogo />
            <strong>{shop?.name}</strong>
          </div>
          <p className="footer-tagline">Native trees, shrubs and seeds, grown for the land they came from.</p>
        </div>
        {shop ? <ShopContact shop={shop} className="footer-contact" /> : <div className="footer-contact" />}
        <nav aria-label="Footer" className="footer-links">
          <Link to="/Products">Products</Link>
          <Link to="/TreeCare">Tree Care</Link>
          <Link to="/FAQ">FAQ</Link>
          <Link to="/Contact">Contact &amp; directions</Link>
          <Link to="/Order/Lookup/{-$orderId}" params={{ orderId: undefined }}>
            Look up an order
          </Link>
        </nav>
      </div>
      <div className="container footer-copy">
        © {year} {shop?.name}
      </div>
    </footer>
  );
}
