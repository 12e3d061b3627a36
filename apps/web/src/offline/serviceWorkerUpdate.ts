import type { AnyRouter } from '@tanstack/react-router';
import { TAKE_OVER } from '../serviceWorker/cacheRules';

let following = false;

/** How long a page waits for the new worker to take over before it loads the next page anyway. */
const TAKE_OVER_WAIT_MS = 3000;

/**
 * A new release is ready (its worker has fetched all of its files) while this page runs the old one. The
 * customer keeps the old release, whole, until they go to another page of the shop: that page then loads
 * in full from the new release, as if opened afresh, instead of mixing the old page's code with the new
 * release's files. A change of filter or query on the same page is not a new page (docs/decisions.md).
 */
export function takeOverAtNextPage(registration: ServiceWorkerRegistration, router: AnyRouter): void {
  if (following) return;
  following = true;
  const loadedUnder = navigator.serviceWorker.controller;
  router.subscribe('onBeforeNavigate', (event) => {
    if (!event.pathChanged || !event.fromLocation) return;
    const waiting = registration.waiting;
    // Another tab's take-over already gave this page a new worker; or nothing is ready yet (still installing).
    const changed = navigator.serviceWorker.controller !== loadedUnder;
    if (!waiting && !changed) return;
    void loadInFull(event.toLocation.href, waiting);
  });
}

async function loadInFull(href: string, waiting: ServiceWorker | null): Promise<void> {
  if (waiting) {
    const tookOver = new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      window.setTimeout(resolve, TAKE_OVER_WAIT_MS);
    });
    waiting.postMessage(TAKE_OVER);
    await tookOver;
  }
  window.location.assign(href);
}
