import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import type { SignedInContext } from './auth/signInGuard';
import { RootLayout } from './components/RootLayout';
import { queryClient } from './lib/queryClient';
import { orderEditTitle } from './routes/Admin/OrderEdit/title';
import { validateOrdersSearch } from './routes/Admin/Orders/ordersSearch';
import { validatePickListSearch } from './routes/Admin/PickList/pickListSearch';
import { validatePickupSearch } from './routes/Admin/Pickup/pickupSearch';
import {
  adminProductsQuery,
  contactsQuery,
  orderIdParam,
  orderQuery,
  productChoicesQuery,
  savedMessagesQuery,
  settingsQuery,
  siteConfigQuery,
} from './routes/Admin/queries';
import { validateSeasonReportSearch } from './routes/Admin/SeasonReport/seasonReportSearch';
import { catalogListSearch, contactsSearch } from './routes/Admin/searchParams';

/**
 * What every route's beforeLoad and loader get. The back office's routes get the tRPC options too, from the
 * sign-in guard (SignedInContext): the storefront's bundle never carries the tRPC client.
 */
export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page's title, set for every page by RootLayout: the storefront adds ' | {shop name}', the back
     * office shows it as the spec writes it. A function gets the route's path parameters.
     */
    title?: string | ((params: Record<string, string | undefined>) => string);
  }
}

/**
 * Starts a screen's queries as its route matches (or as a link to it is hovered), beside the download of
 * the screen's code. The navigation does not wait for them: each screen shows its own loading and error
 * states, and finds the loader's answer under the same options.
 */
function prefetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  query: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  void client.ensureQueryData(query).catch(() => undefined);
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Loaded only when an address matches nothing, like every other page.
  notFoundComponent: lazyRouteComponent(() => import('./routes/NotFound/NotFound'), 'NotFound'),
});

// Storefront pages are split per route too, so the first page loads only what it shows.
const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  staticData: { title: 'Home' },
  path: '/',
  component: lazyRouteComponent(() => import('./routes/Home/Home'), 'Home'),
});

const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  staticData: { title: 'Products' },
  path: '/Products',
  validateSearch: (search: Record<string, unknown>): { ignoreCache?: boolean } =>
    search.ignoreCache === true || search.ignoreCache === 'true' ? { ignoreCache: true } : {},
  component: lazyRouteComponent(() => import('./routes/Products/Products'), 'Products'),
});

/** A product's own page; its address is productPath in packages/domain, a wrong slug is sent to the right one. */
const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Products/$productId/{-$slug}',
  component: lazyRouteComponent(() => import('./routes/ProductPage/ProductPage'), 'ProductPage'),
});

const treeCareRoute = createRoute({
  getParentRoute: () => rootRoute,
  staticData: { title: 'Tree Care' },
  path: '/TreeCare',
  component: lazyRouteComponent(() => import('./routes/TreeCare/TreeCare'), 'TreeCare'),
});

const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  staticData: { title: 'FAQ' },
  path: '/FAQ',
  component: lazyRouteComponent(() => import('./routes/Faq/Faq'), 'Faq'),
});

const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  staticData: { title: 'Contact' },
  path: '/Contact',
  component: lazyRouteComponent(() => import('./routes/Contact/Contact'), 'Contact'),
});

const orderLookupRoute = createRoute({
  getParentRoute: () => rootRoute,
  staticData: { title: 'Look Up Your Order' },
  path: '/Order/Lookup/{-$orderId}',
  component: lazyRouteComponent(() => import('./routes/OrderLookup/OrderLookup'), 'OrderLookup'),
});

const orderViewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Order/$orderId/{-$phoneNumber}',
  staticData: { title: ({ orderId }) => (orderId ? `Order ${orderId}` : 'Order') },
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
// Its beforeLoad is the sign-in guard: a screen loads only for someone signed in, except the provider's return
// address and the Login page (auth/signInGuard.ts); its context hands the loaders the tRPC options.
const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/Admin',
  beforeLoad: async ({ location, preload }): Promise<SignedInContext> => {
    const { requireSignIn } = await import('./auth/signInGuard');
    return requireSignIn(location, preload);
  },
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
  staticData: { title: 'Products - Admin' },
  validateSearch: catalogListSearch,
  loader: ({ context }) => {
    prefetch(context.queryClient, adminProductsQuery(context.trpc));
    prefetch(context.queryClient, siteConfigQuery(context.trpc));
  },
  component: lazyRouteComponent(() => import('./routes/Admin/Products/Products'), 'AdminProducts'),
});

const adminStockRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Stock',
  validateSearch: catalogListSearch,
  staticData: { title: 'Stock - Admin' },
  loader: ({ context }) => prefetch(context.queryClient, adminProductsQuery(context.trpc)),
  component: lazyRouteComponent(() => import('./routes/Admin/Stock/Stock'), 'AdminStock'),
});

const adminOrdersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Orders',
  validateSearch: validateOrdersSearch,
  staticData: { title: 'Orders - Admin' },
  component: lazyRouteComponent(() => import('./routes/Admin/Orders/Orders'), 'AdminOrders'),
});

const adminOrderNewRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Orders/Edit',
  staticData: { title: orderEditTitle('') },
  loader: ({ context }) => {
    prefetch(context.queryClient, productChoicesQuery(context.trpc));
    prefetch(context.queryClient, siteConfigQuery(context.trpc));
  },
  component: lazyRouteComponent(() => import('./routes/Admin/OrderEdit/OrderEdit'), 'AdminOrderEdit'),
});

const adminOrderEditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Orders/Edit/$orderId',
  staticData: { title: ({ orderId }) => orderEditTitle(orderId) },
  loader: ({ context, params }) => {
    const orderId = orderIdParam(params.orderId);
    prefetch(context.queryClient, productChoicesQuery(context.trpc));
    prefetch(context.queryClient, siteConfigQuery(context.trpc));
    if (orderId !== null) prefetch(context.queryClient, orderQuery(context.trpc, orderId));
  },
  component: lazyRouteComponent(() => import('./routes/Admin/OrderEdit/OrderEdit'), 'AdminOrderEdit'),
});

const adminPickupRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Pickup',
  validateSearch: validatePickupSearch,
  staticData: { title: 'Pick-up - Admin' },
  component: lazyRouteComponent(() => import('./routes/Admin/Pickup/Pickup'), 'AdminPickup'),
});

const adminPickListRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/PickList',
  validateSearch: validatePickListSearch,
  staticData: { title: 'Pick List - Admin' },
  component: lazyRouteComponent(() => import('./routes/Admin/PickList/PickList'), 'AdminPickList'),
});

const adminSeasonReportRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/SeasonReport',
  validateSearch: validateSeasonReportSearch,
  staticData: { title: 'Season Report - Admin' },
  component: lazyRouteComponent(
    () => import('./routes/Admin/SeasonReport/SeasonReport'),
    'AdminSeasonReport',
  ),
});

const adminContactsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Contacts',
  validateSearch: contactsSearch,
  staticData: { title: 'Contact - Admin' },
  loader: ({ context }) => prefetch(context.queryClient, contactsQuery(context.trpc)),
  component: lazyRouteComponent(() => import('./routes/Admin/Contacts/Contacts'), 'AdminContacts'),
});

const adminSettingsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Settings',
  staticData: { title: 'Settings - Admin' },
  loader: ({ context }) => {
    prefetch(context.queryClient, settingsQuery(context.trpc));
    prefetch(context.queryClient, savedMessagesQuery(context.trpc));
  },
  component: lazyRouteComponent(() => import('./routes/Admin/Settings/Settings'), 'AdminSettings'),
});

const adminPhotosRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/Photos',
  validateSearch: catalogListSearch,
  staticData: { title: 'Product Photos - Admin' },
  loader: ({ context }) => prefetch(context.queryClient, adminProductsQuery(context.trpc)),
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
  productRoute,
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
    adminPickupRoute,
    adminPickListRoute,
    adminSeasonReportRoute,
    adminContactsRoute,
    adminSettingsRoute,
    adminPhotosRoute,
    adminOtherRoute,
  ]),
]);

/**
 * The app's router. Made by main.tsx in a task after the one that evaluates the app (building the route tree is
 * a phone's 5-7 ms, and that task was the longest of the first load).
 */
export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: false,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
