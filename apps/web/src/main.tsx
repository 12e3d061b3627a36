import { SERVER_PAGE_ATTRIBUTE, type ServerPageScreen, trpcQueryUrl } from '@nursery/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createAppRouter } from './router';
import './styles/global.css';
import { adoptServerPage } from './lib/adoption';
import { seedBootData } from './lib/bootData';
import { publicQuery } from './lib/publicApi';
import { queryClient } from './lib/queryClient';
import { guessedWidth, ServerPageWidth } from './lib/serverPageWidth';
import { applyPreloadedStylesheets } from './lib/stylesheets';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
seedBootData(queryClient);

// The first render waits for the page's route chunk too: otherwise the lazy page suspends, React commits an
// empty #root in place of the static header, and a phone shows a blank page for a moment before the header
// comes back. A chunk that fails to load is left to the router's own error handling after the render.
// The render is a transition, which React does in slices of a few milliseconds with the browser free between
// them, where one render in one go held a phone's main thread for the whole page.
// React's DOM renderer is imported here, not with the rest: the browser evaluates it in a task of its own
// (index.html announces it beside the entry, so it loads as early), where the whole entry evaluated in one task
// held a phone's main thread 130-150 ms by Lighthouse's measure.
// A page the server wrote whole (the pages a customer lands on) is adopted rather than drawn again
// (src/serverPage.tsx): with the width it was drawn for, and from the data it was drawn from, which its head
// announces (an order's page carries its order in the boot data).
const serverPage = root.getAttribute(SERVER_PAGE_ATTRIBUTE);
const serverScreen: ServerPageScreen | null =
  serverPage === null ? null : serverPage === 'phone' ? 'phone' : 'wide';
const productList = `link[rel="preload"][as="fetch"][href="${trpcQueryUrl('catalog.productsToShow')}"]`;
const drawnFrom = (): Promise<unknown> =>
  serverScreen !== null && document.querySelector(productList)
    ? queryClient.ensureQueryData(publicQuery('catalog.productsToShow')).catch(() => undefined)
    : Promise.resolve();

/** A task of its own for what follows, so the browser can paint and answer a tap in between. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

// The router is made in a task after the one that evaluates the app: both were one task of 80-120 ms at
// Lighthouse's four-fold slowdown, the longest of the first load.
const routerMade = nextTask().then(createAppRouter);

void routerMade.then(async (router) => {
  const [{ createRoot, hydrateRoot }] = await Promise.all([
    import('react-dom/client'),
    applyPreloadedStylesheets(),
    router.load().catch(() => undefined),
    drawnFrom(),
  ]);
  // The adoption starts in a task of its own too: what finished loading (React's renderer evaluated, the page's
  // route found) ran in the microtasks of another task, and hydrateRoot's start (the listeners React puts on the
  // root) added to it.
  await nextTask();
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (serverScreen === null) {
    startTransition(() => createRoot(root).render(app));
    return;
  }
  // The router draws the page as the server did (without its own Suspense at the top) only when told it was; it
  // stays told, as that Suspense appearing later would draw the whole app anew.
  router.ssr = { manifest: undefined };
  adoptServerPage();
  startTransition(() => {
    hydrateRoot(root, <ServerPageWidth value={guessedWidth(serverScreen)}>{app}</ServerPageWidth>);
  });
});

// Working offline (the service worker, the offline notice) starts once the page has loaded and the browser is
// idle: none of it is in what the page loads before it can be used. Safari has no requestIdleCallback.
const startOffline = () =>
  void Promise.all([import('./offline/connection'), routerMade]).then(([offline, made]) =>
    offline.startOfflineSupport(made),
  );
const whenIdle = () =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(startOffline)
    : setTimeout(startOffline, 1);
if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
