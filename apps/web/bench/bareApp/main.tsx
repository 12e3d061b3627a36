import type { AppRouter } from '@nursery/api/types';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The storefront's stack and nothing of the shop: React 19, TanStack Router and Query, and tRPC's client with
 * its TanStack Query integration, in two routes, a Link and one query. `pnpm bench --only=weight` builds it with
 * the same Vite and prints its first load beside the storefront's (bench/stackFloor.ts in apps/server).
 */
const queryClient = new QueryClient();
const trpc = createTRPCOptionsProxy<AppRouter>({
  client: createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] }),
  queryClient,
});

function Layout() {
  return (
    <>
      <nav>
        <Link to="/">Home</Link> <Link to="/Products">Products</Link>
      </nav>
      <Outlet />
    </>
  );
}

function Products() {
  const { data } = useQuery(trpc.catalog.productsToShow.queryOptions());
  return <p>{data?.length ?? 0} products</p>;
}

const rootRoute = createRootRoute({ component: Layout });
const routeTree = rootRoute.addChildren([
  createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>Home</p> }),
  createRoute({ getParentRoute: () => rootRoute, path: '/Products', component: Products }),
]);
const router = createRouter({ routeTree });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
