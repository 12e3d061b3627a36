import type { AnyRouter } from '@tanstack/react-router';
import { ASK_CONNECTION, isConnectionMessage, OFFLINE_MARK } from '../serviceWorker/cacheRules';

/**
 * The page's side of working offline, loaded by main.tsx once the page has loaded and the browser is idle, so
 * none of it is in what a storefront page loads before it can be used: the service worker's registration, the
 * word about the network, and (fetched only when needed) the notice (offlineNotice.ts) and the change to a new
 * release (serviceWorkerUpdate.ts).
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

  const hadWorker = workers.controller !== null;
  workers
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      const follow = () =>
        void import('./serviceWorkerUpdate').then((update) =>
          update.takeOverAtNextPage(registration, router),
        );
      // A new release's worker is waiting, or arrives now (the first install has no worker to replace).
      if (registration.waiting && hadWorker) follow();
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
