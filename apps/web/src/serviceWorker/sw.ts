import { trpcQueryUrl } from '@nursery/domain';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  ASK_CONNECTION,
  type ConnectionMessage,
  isAppPage,
  mayAnswerFromCopy,
  mayKeepAnswer,
  offlineShell,
  PUBLIC_READS,
  publicReadOf,
  shopIsDown,
  TAKE_OVER,
} from './cacheRules';

/**
 * The shop's service worker (docs/architecture.md, "Offline"). It keeps the build's files of one release
 * together (the precache: every file the build wrote, each under its revision), stands the app's shell in for a
 * page when the network is gone, and keeps copies of the storefront's public reads and of product photos.
 * Nothing staff-only or personal goes into its caches (cacheRules.ts says what may); the customer's order is
 * kept by its own page on the device (routes/OrderView/orderCopy.ts), never here.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The storefront's public reads: the last answer of each, for the pages a customer has visited. */
const PUBLIC_READS_CACHE = 'shop-public-reads-v1';
/** Product photos: their names carry their content's hash, so a kept copy is never out of date. */
const PHOTOS_CACHE = 'shop-photos-v1';

/**
 * How long a page or a read may take before the copy is used instead: a yard's weak signal can hold a request
 * open for a minute, while the copy shows at once.
 */
const NETWORK_WAIT_MS = 6000;

function withinWait<T>(work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the network is too slow')), NETWORK_WAIT_MS);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** What each page was last told, so a page hears only a change. */
const toldOffline = new Map<string, boolean>();

async function tell(clientId: string, offline: boolean): Promise<void> {
  if (!clientId || toldOffline.get(clientId) === offline) return;
  const client = await self.clients.get(clientId);
  if (!client) return;
  toldOffline.set(clientId, offline);
  const message: ConnectionMessage = { type: 'shop-connection', offline };
  client.postMessage(message);
}

// Pages first: a navigation is answered by the server (its page carries the visitor's boot data and the
// page's preloads); only without one does the shell of the release this worker holds stand in, so the page
// and its files always come from one release.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isAppPage(url.pathname),
  async ({ request, url }) => {
    try {
      const response = await withinWait(fetch(request));
      if (!shopIsDown(response.status)) return response;
    } catch {
      // No network, or too slow: the shell below.
    }
    const shell = await matchPrecache('/index.html');
    if (!shell) return Response.error();
    return new Response(offlineShell(await shell.text(), url.pathname), {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    });
  },
);

// The storefront's public reads: the network's answer when it comes, the last kept one when it does not. Only
// an answer to a call without a sign-in is kept; no other procedure ever matches (it goes to the network alone).
registerRoute(
  ({ request, url }) => {
    const path = publicReadOf(request.method, url);
    return path !== null && mayAnswerFromCopy(path, { authorization: request.headers.get('authorization') });
  },
  async ({ request, event }) => {
    const clientId = (event as FetchEvent).clientId;
    const cache = await caches.open(PUBLIC_READS_CACHE);
    const authorization = request.headers.get('authorization');
    try {
      const response = await withinWait(fetch(request));
      if (!shopIsDown(response.status)) {
        const keep = mayKeepAnswer(
          { authorization },
          { status: response.status, cacheControl: response.headers.get('cache-control') },
        );
        if (keep) (event as FetchEvent).waitUntil(cache.put(request, response.clone()));
        void tell(clientId, false);
        return response;
      }
    } catch {
      // No network, or too slow: the kept answer below.
    }
    // The copy was kept from a call without a sign-in; a signed-in call carries other headers, so match the
    // address alone.
    const kept = await cache.match(request.url, { ignoreVary: true });
    void tell(clientId, true);
    return kept ?? Response.error();
  },
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new CacheFirst({
    cacheName: PHOTOS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 24 * 60 * 60 })],
  }),
);

// The release's own files, each under its revision (hashed names need none): a new release's worker fetches
// what changed while the old one keeps serving its own set, and drops the old set only once it takes over.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/**
 * The public reads, fetched as the worker installs: a customer's first visit read them before there was a
 * worker to keep them, and every storefront page stands on them (the shop's identity, settings, product list).
 */
const FIRST_READS = [...PUBLIC_READS].map((path) => trpcQueryUrl(path));

async function keepFirstReads(): Promise<void> {
  const cache = await caches.open(PUBLIC_READS_CACHE);
  await Promise.all(
    FIRST_READS.map(async (address) => {
      const request = new Request(address);
      if (await cache.match(request)) return;
      const response = await fetch(request);
      const keep = mayKeepAnswer(
        { authorization: null },
        { status: response.status, cacheControl: response.headers.get('cache-control') },
      );
      if (keep) await cache.put(request, response);
    }),
  ).catch(() => {
    // The network went meanwhile: the reads are kept as the pages make them.
  });
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepFirstReads());
});

// A new release's worker waits: the pages open keep their release until one of them says it is a safe moment
// (apps/web/src/offline/serviceWorkerUpdate.ts), or until every page of the shop is closed.
self.addEventListener('message', (event) => {
  if (event.data === TAKE_OVER) void self.skipWaiting();
  if (event.data === ASK_CONNECTION && event.source && 'id' in event.source) {
    const offline = toldOffline.get(event.source.id);
    if (offline !== undefined) {
      const message: ConnectionMessage = { type: 'shop-connection', offline };
      event.source.postMessage(message);
    }
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    // The first visit's page is served from here at once, so what it reads is kept for the next outage. No
    // navigation preload: the browser would send it for every navigation in scope, also those the worker leaves
    // to the network (the sign-in's /oidc pages), and the provider then saw each of them twice and lost the
    // sign-in's interaction.
    self.clients.claim(),
  );
});
