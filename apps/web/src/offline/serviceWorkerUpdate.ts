import type { AnyRouter, BlockerFn, RouterHistory } from '@tanstack/react-router';
import { TAKE_OVER } from '../serviceWorker/cacheRules';

let following = false;

/**
 * How long a page waits for the new worker to take over before it loads the next page anyway (a worker that
 * cannot start at all). A busy phone may take seconds to start the waiting worker; loading the next page before
 * it took over would have the old worker answer it, offline with the old release's shell, whose files the new
 * worker then drops as it takes over.
 */
const TAKE_OVER_WAIT_MS = 10_000;

type Blocker = Parameters<RouterHistory['block']>[0];

/**
 * A new release is ready (its worker has fetched all of its files) while this page runs the old one. The
 * customer keeps the old release, whole, until they go to another page of the shop: that page then loads
 * in full from the new release, as if opened afresh, instead of mixing the old page's code with the new
 * release's files. A change of filter or query on the same page is not a new page (docs/decisions.md).
 *
 * The next page is held, not shown: the router does not render it with the old release while the new worker
 * takes over. Once the new worker controls the page it has dropped the old release's files, so the old code
 * rendering the next page would ask for scripts no longer kept (a broken page offline, the old release's
 * files from wherever the browser still had them online), and the page would then be reloaded under the
 * customer's hands. The old page stays until the new one replaces it, as between the pages of any site.
 */
export function takeOverAtNextPage(registration: ServiceWorkerRegistration, router: AnyRouter): void {
  if (following) return;
  following = true;
  const loadedUnder = navigator.serviceWorker.controller;
  const history: RouterHistory = router.history;
  const takeOver: Blocker = {
    // The full load must not ask the visitor whether to leave.
    enableBeforeUnload: false,
    blockerFn: (({ currentLocation, nextLocation, action }) => {
      if (currentLocation.pathname === nextLocation.pathname) return false;
      const waiting = registration.waiting;
      // Another tab's take-over already gave this page a new worker; or nothing is ready yet (still installing).
      const changed = navigator.serviceWorker.controller !== loadedUnder;
      if (!waiting && !changed) return false;
      // A screen guarding unsaved work (an open editor) has a blocker of its own and asks first: the take-over
      // waits for a later page, the old release still whole meanwhile since its worker still serves it.
      if (history._getBlockers().some((blocker) => blocker !== takeOver)) return false;
      void loadInFull(nextLocation.href, action === 'PUSH', waiting);
      // Never settled: the page is replaced.
      return new Promise<boolean>(() => {});
    }) satisfies BlockerFn,
  };
  history.block(takeOver);
}

async function loadInFull(href: string, push: boolean, waiting: ServiceWorker | null): Promise<void> {
  if (waiting) {
    const tookOver = new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      // Once it has left 'installed' it is the active worker: the browser hands it the next page, held until
      // it is ready.
      waiting.addEventListener('statechange', () => {
        if (waiting.state !== 'installed') resolve();
      });
      window.setTimeout(resolve, TAKE_OVER_WAIT_MS);
    });
    waiting.postMessage(TAKE_OVER);
    await tookOver;
  }
  // Back, forward or a replacing step have already set the address: the page is loaded there in its place.
  if (push) window.location.assign(href);
  else window.location.replace(href);
}
