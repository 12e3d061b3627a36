import type { ServerPageScreen } from '@nursery/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { type PublicInput, type PublicOutput, publicQueryKey } from './lib/publicApi';
import { guessedWidth, ServerPageWidth } from './lib/serverPageWidth';
import { routeTree } from './router';

/** What the server has already read for the page (apps/server/src/indexPage.ts), and its guess of the screen. */
export interface ServerPageData {
  siteConfig: PublicOutput<'site.config'>;
  settings: PublicOutput<'settings.all'>;
  /** The storefront's list, for the pages drawn from it (the list, a product's page). */
  products?: PublicOutput<'catalog.productsToShow'>;
  /** An order's page: the order its address names, as the boot data carries it too (lib/bootData.ts). */
  order?: { input: PublicInput<'orders.byId'>; answer: PublicOutput<'orders.byId'>; updatedAt: number };
  screen: ServerPageScreen;
}

/** The resource hints React puts before a page it writes alone; the server's head announces its own. */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

/**
 * A storefront page's first screen as the app draws it, for the server to write into #root (built apart by
 * vite.server.config.ts). The browser's first paint is then the page itself, and the app adopts it
 * (src/main.tsx: hydrateRoot) instead of drawing it again. What only the browser knows (its cart, zone, sign-in
 * and screen) is drawn as a first visit, and follows in the render after the adoption.
 */
export async function renderPage(url: string, data: ServerPageData): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(publicQueryKey('site.config'), data.siteConfig);
  queryClient.setQueryData(publicQueryKey('settings.all'), data.settings);
  if (data.products) queryClient.setQueryData(publicQueryKey('catalog.productsToShow'), data.products);
  if (data.order) {
    queryClient.setQueryData(publicQueryKey('orders.byId', data.order.input), data.order.answer, {
      updatedAt: data.order.updatedAt,
    });
  }
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [url] }),
    isServer: true,
  });
  await router.load();
  const html = renderToString(
    <ServerPageWidth value={guessedWidth(data.screen)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ServerPageWidth>,
  );
  queryClient.clear();
  return html.replace(LEADING_HINTS, '');
}
