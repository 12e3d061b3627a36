import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ApiContext, createCaller } from '@nursery/api';
import { trpcQueryUrl } from '@nursery/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from './html.ts';
import { chooseEncoding, encode } from './rest/cachedAnswer.ts';

/** Written by the web build beside index.html (apps/web/routePreloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** The data block the web app reads before its first render (apps/web/src/lib/bootData.ts). */
const BOOT_DATA_ID = 'boot-data';

const routePreloadsSchema = z.record(
  z.string(),
  z.object({ modules: z.array(z.string()), images: z.array(z.string()) }),
);
type RoutePreloads = z.infer<typeof routePreloadsSchema>;

/** The storefront pages as the web build names them in route-preloads.json (apps/web/vite.config.ts). */
type PageRoute = 'home' | 'products' | 'treeCare' | 'faq' | 'contact' | 'lookup' | 'order' | 'notFound';

/** A storefront page, and the address of the data its first screen shows when that is worth announcing too. */
interface PageMatch {
  route: PageRoute;
  data: string | null;
}

/** A phone as the order view's address carries it; anything odder is left to the app to fetch itself. */
const PLAIN_PHONE = /^[0-9 ()+.-]{1,40}$/;

/** Pages without parameters, keyed as the app's router matches them: any letter case, a trailing slash. */
const FIXED_PAGES: Record<string, PageRoute> = {
  '': 'home',
  '/products': 'products',
  '/treecare': 'treeCare',
  '/faq': 'faq',
  '/contact': 'contact',
};

/**
 * The back office's own screens, as apps/web/src/router.tsx matches them (any letter case, a trailing slash).
 * The router sends any other /Admin address to /Admin/Products; the server still answers it 404, so a
 * mistyped or retired admin address is not reported as a page that exists.
 */
const ADMIN_PAGES =
  /^\/admin(\/(login|logout|products|stock|orders(\/edit(\/[^/]+)?)?|contacts|settings|photos))?$/i;

/**
 * The HTTP status of index.html at this address: 200 where the app's router has a page, 404 where it shows
 * its not-found page (or, in the back office, redirects away from an unknown screen). A not-found page
 * answered 200 tells search engines and link checkers that every mistyped address is a page of the shop.
 */
export function pageStatus(pathname: string): 200 | 404 {
  const trimmed = pathname.replace(/\/+$/, '');
  if (/^\/admin(\/|$)/i.test(pathname)) return ADMIN_PAGES.test(trimmed) ? 200 : 404;
  return matchPage(pathname, '')?.route === 'notFound' ? 404 : 200;
}

/**
 * The page apps/web/src/router.tsx shows at this address, or null for the back office (it loads its own code
 * once the staff signs in). Every other address gets its page's chunks, the not-found page's included, since
 * each is a round trip after the main script otherwise. Data is announced only for the exact addresses the
 * app asks it from, so no announced call (an order lookup is rate-limited) goes unused.
 */
function matchPage(pathname: string, search: string): PageMatch | null {
  if (/^\/admin(\/|$)/i.test(pathname)) return null;
  const trimmed = pathname.replace(/\/+$/, '');
  const fixed = FIXED_PAGES[trimmed.toLowerCase()];
  if (fixed) {
    // Home asks for the product list too, but nothing on its first screen shows it: it would only take
    // bandwidth from the page's own files there. ?ignoreCache=true makes the app ask with an input, another
    // address than the one announced.
    const listed = pathname === '/Products' && !search.includes('ignoreCache');
    return { route: fixed, data: listed ? trpcQueryUrl('catalog.productsToShow') : null };
  }
  if (/^\/order\/lookup(\/[^/]+)?$/i.test(trimmed)) return { route: 'lookup', data: null };
  if (/^\/order\/[^/]+(\/[^/]+)?$/i.test(trimmed)) return { route: 'order', data: orderData(pathname) };
  // /Order redirects by its query: with an id to that order's view, without one to the lookup form.
  if (/^\/order$/i.test(trimmed)) {
    return { route: new URLSearchParams(search).get('id') ? 'order' : 'lookup', data: null };
  }
  return { route: 'notFound', data: null };
}

/** The order the view asks for at once: only with a phone number (without one it shows the lookup form). */
function orderData(pathname: string): string | null {
  const order = /^\/Order\/(\d+)\/([^/]+)\/?$/.exec(pathname);
  if (!order) return null;
  let phone: string;
  try {
    phone = decodeURIComponent(order[2] ?? '');
  } catch {
    return null;
  }
  if (!PLAIN_PHONE.test(phone)) return null;
  return trpcQueryUrl('orders.byId', { orderId: order[1] ?? '', phoneNumber: phone });
}

/** Split by hand: new URL() throws on targets such as `//[` (read as a host), which would answer 500. */
function splitTarget(url: string): { pathname: string; search: string } {
  const queryAt = url.indexOf('?');
  return queryAt >= 0
    ? { pathname: url.slice(0, queryAt), search: url.slice(queryAt) }
    : { pathname: url, search: '' };
}

/** Where index.html's static header (painted before the app's script runs) shows the shop's name. */
const SHOP_NAME_SLOT = '<!--shop-name-->';
/** The page's title as the build writes it. */
const TITLE = /<title>[^<]*<\/title>/;
/** That static header: the storefront's, which the back office does not show. */
const SHELL = /<!--shell-->[\s\S]*?<!--\/shell-->/;

/** JSON inside a <script> element: no `<` at all, so neither `</script>` nor `<!--` can end or bend it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

function preloadLinks(match: PageMatch | null, preloads: RoutePreloads): string[] {
  if (!match) return [];
  const links: string[] = [];
  const route = preloads[match.route];
  for (const image of route?.images ?? []) {
    links.push(`<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high">`);
  }
  for (const module of route?.modules ?? []) {
    links.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(module)}">`);
  }
  const { data } = match;
  if (data) links.push(`<link rel="preload" as="fetch" crossorigin href="${escapeHtml(data)}">`);
  return links;
}

type BootCaller = ReturnType<typeof createCaller>;
type SiteConfig = Awaited<ReturnType<BootCaller['site']['config']>>;
type Settings = Awaited<ReturnType<BootCaller['settings']['all']>>;

export interface IndexPage {
  /** index.html for this address: the route's preloads in its head and the visitor's boot data in its body. */
  render(request: FastifyRequest): Promise<string>;
  /** Sends it, compressed (the 404 handler it answers from gets no compression of its own), never cached. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * The single-page app's index.html, written per request. A storefront page otherwise paints in steps (the
 * main script, then the page's chunk, then its data, then the shop's name and settings, each moving the
 * page), which phones on slow networks feel most. Here the first answer already carries the shop's identity
 * and settings as data (a `<script type="application/json">` the content-security policy allows, since it
 * never runs) and names the page's chunks, first image and data so the browser fetches them at once.
 * The file is read again when it changes on disk (a new build under a running server).
 */
export function createIndexPage(
  webRoot: string,
  createContext: (request: FastifyRequest) => Promise<ApiContext>,
): IndexPage {
  const indexFile = path.join(webRoot, 'index.html');
  let cached: { mtimeMs: number; html: string; preloads: RoutePreloads } | null = null;

  function template(): { html: string; preloads: RoutePreloads } {
    const { mtimeMs } = statSync(indexFile);
    if (cached?.mtimeMs === mtimeMs) return cached;
    let preloads: RoutePreloads = {};
    try {
      preloads = routePreloadsSchema.parse(
        JSON.parse(readFileSync(path.join(webRoot, ROUTE_PRELOADS_FILE), 'utf8')),
      );
    } catch {
      // A build without the list (or an older one) still works; pages just load their chunks later.
    }
    cached = { mtimeMs, html: readFileSync(indexFile, 'utf8'), preloads };
    return cached;
  }

  return {
    render,
    async send(request, reply) {
      const html = await render(request);
      reply.status(pageStatus(splitTarget(request.url).pathname));
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(encode(html, encoding));
    },
  };

  async function render(request: FastifyRequest): Promise<string> {
    const { html, preloads } = template();
    const { pathname, search } = splitTarget(request.url);
    const match = matchPage(pathname, search);
    const links = preloadLinks(match, preloads);
    // The preloads go before the main script so the browser starts them first.
    const head = links.length ? `${links.join('\n    ')}\n    ` : '';
    const scriptAt = html.indexOf('<script type="module"');
    const page = scriptAt >= 0 ? `${html.slice(0, scriptAt)}${head}${html.slice(scriptAt)}` : html;
    // The back office (no storefront page matches it) reads the staff's own settings (with the stock e-mail
    // list) itself, and has a header of its own.
    if (!match) return page.replace(SHELL, '');
    let boot: { 'site.config': SiteConfig; 'settings.all': Settings };
    try {
      const caller = createCaller(await createContext(request));
      boot = { 'site.config': await caller.site.config(), 'settings.all': await caller.settings.all() };
    } catch (error) {
      // The page must load whatever the database says: without the block the app asks for both itself.
      request.log.error({ err: error }, 'index.html: boot data unavailable');
      return page;
    }
    const bootScript = `<script type="application/json" id="${BOOT_DATA_ID}">${scriptJson(boot)}</script>`;
    // Replacer functions, not strings: a `$&` or `$'` typed into the message or the shop's name is text.
    const shopName = escapeHtml(boot['site.config'].shop.name);
    // The tab names the shop, not the build's placeholder, until the app writes the page's own title (a slow
    // phone shows it for seconds; without JavaScript, for good).
    return page
      .replace(TITLE, () => `<title>${shopName}</title>`)
      .replace(SHOP_NAME_SLOT, () => shopName)
      .replace('</body>', () => `  ${bootScript}\n  </body>`);
  }
}
