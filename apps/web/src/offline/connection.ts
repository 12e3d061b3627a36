import type { AnyRouter } from '@tanstack/react-router';
import { ASK_CONNECTION, isConnectionMessage, OFFLINE_MARK } from '../serviceWorker/cacheRules';
import { takeOverAtNextPage } from './serviceWorkerUpdate';

/**
 * The page's side of working offline, loaded by main.tsx once the page has loaded and the browser is idle, so
 * none of it is in what a storefront page loads before it can be used: the service worker's registration, the
 * word about the network, the change to a new release (serviceWorkerUpdate.ts: in place the moment the new
 * release is ready, not a fetch later, when the visitor may already have tapped on to the next page under the
 * old one), and, fetched only when needed, the notice (offlineNotice.ts).
 */
export function startOfflineSupport(router: AnyRouter): void {
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  let noticeShown = false;
  const say = (offline: boolean) => {
    if (!offline && !noticeShown) return;
    noticeShown = true;
    void import('./offlineNotice').then((notice) => notice.showConnection(offline, router));
  };
  // Served by the worker from its copy (the network gave nothing), or the phone says it has no network.
  if (document.documentElement.hasAttribute(OFFLINE_MARK) || !navigator.onLine) say(true);
  window.addEventListener('offline', () => say(true));
  window.addEventListener('online', () => say(false));
  if (!workers) return;
  workers.addEventListener('message', (event) => {
    if (isConnectionMessage(event.data)) say(event.data.offline);
  });
  // What the worker saw of this page's reads before this listened.
  workers.controller?.postMessage(ASK_CONNECTION);

  const loadedUnder = workers.controller;
  const hadWorker = loadedUnder !== null;
  // A page left for another stays whole in the browser's memory, and Back shows it again as it was (the
  // back-forward cache). If a new release took over meanwhile, that page is the old release's code under the
  // new worker, which has dropped the old release's files: it is loaded afresh in its place instead, like any
  // page after a release. Replaced, not reloaded: after a reload, Chromium brought the old page back again at
  // the next reload of that entry.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && hadWorker && workers.controller !== loadedUnder) {
      window.location.replace(window.location.href);
    }
  });
  workers
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      const follow = () => takeOverAtNextPage(registration, router);
      // A new release's worker is waiting or still fetching its files (found by the navigation that loaded
      // this page, before this listened), or arrives later (the first install has no worker to replace).
      if ((registration.waiting || registration.installing) && hadWorker) follow();
      askForNewRelease(registration, router);
      registration.addEventListener('updatefound', () => {
        if (workers.controller) follow();
      });
      // Another tab let a new release take over: this one changes too at its next page.
      workers.addEventListener('controllerchange', () => {
        if (hadWorker) follow();
      });
    })
    .catch(() => {
      // No worker (a private window may refuse one): the shop works as before, online only.
    });
}

/** The least time between two asks for a new release as the visitor goes from page to page. */
const RELEASE_CHECK_EVERY_MS = 60_000;

/**
 * The browser asks for a new release at each page it loads in full, but a visitor of this single-page app
 * rarely loads one: a phone that opened the shop from its copy while the shop was down would keep the old
 * release after the shop came back with a new one. So the page asks at its own page changes (at most once a
 * minute; the worker's file is answered 304 when unchanged), and the release found is taken over at a later
 * page once fetched.
 */
function askForNewRelease(registration: ServiceWorkerRegistration, router: AnyRouter): void {
  let askedAt = 0;
  router.subscribe('onBeforeNavigate', (event) => {
    if (!event.pathChanged || Date.now() - askedAt < RELEASE_CHECK_EVERY_MS) return;
    askedAt = Date.now();
    registration.update().catch(() => {
      // No network: asked again at a later page.
      askedAt = 0;
    });
  });
}
