import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { RootLayout } from './components/RootLayout';
import { queryClient } from './lib/queryClient';
import { validateOrdersSearch } from './routes/Admin/Orders/ordersSearch';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Loaded only when an address matches nothing, like every other page.
  notFoundComponent: lazyRouteComponent(() => import('./routes/NotFound/NotFound'), 'NotFound'),
});

// Storefront pages are split per route too, so the first page loads only what it shows.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/Home/Home'), 'Home'),
});

const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Products',
  validateSearch: (search: Record<string, unknown>): { ignoreCache?: boolean } =>
    search.ignoreCache === true || search.ignoreCache === 'true' ? { ignoreCache: true } : {},
  component: lazyRouteComponent(() => import('./routes/Products/Products'), 'Products'),
});

const treeCareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/TreeCare',
  component: lazyRouteComponent(() => import('./routes/TreeCare/TreeCare'), 'TreeCare'),
});

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/FAQ',
  component: lazyRouteComponent(() => import('./routes/Faq/Faq'), 'Faq'),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Contact',
  component: lazyRouteComponent(() => import('./routes/Contact/Contact'), 'Contact'),
});

const orderLookupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Order/Lookup/{-$orderId}',
  component: lazyRouteComponent(() => import('./routes/OrderLookup/OrderLookup'), 'OrderLookup'),
});

const orderViewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Order/$orderId/{-$phoneNumber}',
  component: lazyRouteComponent(() => import('./routes/OrderView/OrderView'), 'OrderView'),
});

/** /Order?id=..&phone=.. goes to the order view; without both, to /Order/{id}. */
const orderRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Order',
  validateSearch: (search: Record<string, unknown>) => ({
    id: search.id === undefined ? undefined : String(search.id),
    phone: search.phone === undefined ? undefined : String(search.phone),
  }),
  beforeLoad: ({ search }) => {
    if (search.id && search.phone) {
      throw redirect({
        to: '/Order/$orderId/{-$phoneNumber}',
        params: { orderId: search.id, phoneNumber: search.phone },
      });
    }
    // With no id, /Order/{''} would be /Order/ again: an endless redirect that hangs the tab. The lookup
    // form is where an order without a number belongs.
    if (!search.id) throw redirect({ to: '/Order/Lookup/{-$orderId}', params: { orderId: undefined } });
    throw redirect({ to: '/Order/$orderId/{-$phoneNumber}', params: { orderId: search.id } });
  },
});

// The whole admin area is one lazily loaded part of the app: the storefront bundle carries none of it.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Admin',
  component: lazyRouteComponent(() => import('./routes/Admin/AdminLayout'), 'AdminLayout'),
});

const adminLogoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Admin/Logout',
  component: lazyRouteComponent(() => import('./routes/Admin/Logout/Logout'), 'Logout'),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('./routes/Admin/SignInCallback/SignInCallback'),
    'SignInCallback',
  ),
});

const adminLoginRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Login',
  component: lazyRouteComponent(() => import('./routes/Admin/Login/Login'), 'Login'),
});

const adminProductsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Products',
  component: lazyRouteComponent(() => import('./routes/Admin/Products/Products'), 'AdminProducts'),
});

const adminStockRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Stock',
  component: lazyRouteComponent(() => import('./routes/Admin/Stock/Stock'), 'AdminStock'),
});

const adminOrdersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Orders',
  validateSearch: validateOrdersSearch,
  component: lazyRouteComponent(() => import('./routes/Admin/Orders/Orders'), 'AdminOrders'),
});

const adminOrderNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Orders/Edit',
  component: lazyRouteComponent(() => import('./routes/Admin/OrderEdit/OrderEdit'), 'AdminOrderEdit'),
});

const adminOrderEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Orders/Edit/$orderId',
  component: lazyRouteComponent(() => import('./routes/Admin/OrderEdit/OrderEdit'), 'AdminOrderEdit'),
});

const adminContactsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Contacts',
  component: lazyRouteComponent(() => import('./routes/Admin/Contacts/Contacts'), 'AdminContacts'),
});

const adminSettingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Settings',
  component: lazyRouteComponent(() => import('./routes/Admin/Settings/Settings'), 'AdminSettings'),
});

const adminPhotosRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Photos',
  component: lazyRouteComponent(() => import('./routes/Admin/Photos/Photos'), 'AdminPhotos'),
});

/** Any other admin path goes to the products screen. */
const adminOtherRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/Admin/Products' });
  },
});

export const routeTree = rootRoute.addChildren([
  homeRoute,
  productsRoute,
  treeCareRoute,
  faqRoute,
  contactRoute,
  orderLookupRoute,
  orderViewRoute,
  orderRedirectRoute,
  adminLogoutRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    adminLoginRoute,
    adminProductsRoute,
    adminStockRoute,
    adminOrdersRoute,
    adminOrderNewRoute,
    adminOrderEditRoute,
    adminContactsRoute,
    adminSettingsRoute,
    adminPhotosRoute,
    adminOtherRoute,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
