import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type ApiContext, createCaller } from '@nursery/api';
import {
  cardPictureUrl,
  HELD_MODULES_ID,
  productIdParam,
  productPath,
  SERVER_PAGE_ATTRIBUTE,
  type ServerPageScreen,
  type StorefrontProduct,
  trpcQueryUrl,
  zonedYear,
} from '@nursery/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml, scriptJson } from './html.ts';
import { productHeadTags } from './productHead.ts';
import { chooseEncoding, encode } from './rest/cachedAnswer.ts';
import { loadServerPages } from './serverPages.ts';

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
type PageRoute =
  | 'home'
  | 'products'
  | 'product'
  | 'treeCare'
  | 'faq'
  | 'contact'
  | 'lookup'
  | 'order'
  | 'notFound';

/** A storefront page, and the address of the data its first screen shows when that is worth announcing too. */
interface PageMatch {
  route: PageRoute;
  data: string | null;
  /** On a product page: the product the address names. */
  productId?: number;
  /** On an order's page with its phone: the lookup the view asks for at once. */
  order?: OrderLookup;
}

/** The order view's lookup, as apps/web/src/routes/OrderView/OrderView.tsx asks for it from its address. */
interface OrderLookup {
  orderId: string;
  phoneNumber: string;
}

/** The storefront's product list, as the app asks for it. */
const LIST_DATA = trpcQueryUrl('catalog.productsToShow');

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
 * The one address of the pages without parameters that the app's router keeps (any other spelling redirects
 * there): where the list's data is announced, and where a page is written whole.
 */
const CANONICAL_PATH: Partial<Record<PageRoute, string>> = { home: '/', products: '/Products' };

/**
 * The back office's own screens, as apps/web/src/router.tsx matches them (any letter case, a trailing slash).
 * The router sends any other /Admin address to /Admin/Products; the server still answers it 404, so a
 * mistyped or retired admin address is not reported as a page that exists.
 */
const ADMIN_PAGES =
  /^\/admin(\/(login|logout|products|stock|orders(\/edit(\/[^/]+)?)?|pickup|picklist|seasonreport|contacts|settings|photos))?$/i;

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
    const listed = pathname === CANONICAL_PATH.products && !search.includes('ignoreCache');
    return { route: fixed, data: listed ? LIST_DATA : null };
  }
  // A product page: /Products/{id}/{slug}, its slug checked once the product is found (a wrong one redirects).
  const product = /^\/products\/([^/]+)(\/[^/]*)?$/i.exec(trimmed);
  if (product) {
    const productId = productIdParam(product[1] ?? '');
    // The page reads the product from the storefront's list, which is also what its cart button prices.
    if (productId !== null) {
      return { route: 'product', data: LIST_DATA, productId };
    }
    return { route: 'notFound', data: null };
  }
  if (/^\/order\/lookup(\/[^/]+)?$/i.test(trimmed)) return { route: 'lookup', data: null };
  if (/^\/order\/[^/]+(\/[^/]+)?$/i.test(trimmed)) {
    const order = orderLookup(pathname);
    return order
      ? { route: 'order', data: trpcQueryUrl('orders.byId', order), order }
      : { route: 'order', data: null };
  }
  // /Order redirects by its query: with an id to that order's view, without one to the lookup form.
  if (/^\/order$/i.test(trimmed)) {
    return { route: new URLSearchParams(search).get('id') ? 'order' : 'lookup', data: null };
  }
  return { route: 'notFound', data: null };
}

/** The order the view asks for at once: only with a phone number (without one it shows the lookup form). */
function orderLookup(pathname: string): OrderLookup | null {
  // The address exactly as the app's router takes it: with a trailing slash it redirects, and draws nothing.
  const order = /^\/Order\/(\d+)\/([^/]+)$/.exec(pathname);
  if (!order) return null;
  let phone: string;
  try {
    phone = decodeURIComponent(order[2] ?? '');
  } catch {
    return null;
  }
  if (!PLAIN_PHONE.test(phone)) return null;
  return { orderId: order[1] ?? '', phoneNumber: phone };
}

/**
 * Where /Order?id=..&phone=.. leads, as the app's router sends it (apps/web/src/router.tsx): the order's own
 * page, which the server writes whole. The home page's lookup form is a plain form until the app has started,
 * so it finds the order at once, and on a phone without JavaScript at all. Without both, the app decides.
 */
function orderQueryTarget(pathname: string, search: string): string | null {
  if (!/^\/order\/?$/i.test(pathname)) return null;
  const query = new URLSearchParams(search);
  const id = query.get('id');
  const phone = query.get('phone');
  return id && phone ? `/Order/${encodeURIComponent(id)}/${encodeURIComponent(phone)}` : null;
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
/** The build's own description of the shop, which a product page replaces with the product's. */
const BUILD_DESCRIPTION = /<meta name="description"[^>]*>\s*/;
/** That static header: the storefront's, which the back office does not show. */
const SHELL = /<!--shell-->[\s\S]*?<!--\/shell-->/;

const imagePreload = (href: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high">`;

const dataPreload = (href: string) =>
  `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`;

function preloadLinks(match: PageMatch | null, preloads: RoutePreloads, picture: string | null): string[] {
  if (!match) return [];
  const links: string[] = [];
  const route = preloads[match.route];
  // The first card's picture is the page's largest paint: asked for with the page, not once the script, the
  // page's chunk and its data have come and React has drawn the card (Lighthouse counted 340-440 ms of that).
  if (picture) links.push(imagePreload(picture));
  for (const image of route?.images ?? []) {
    links.push(imagePreload(image));
  }
  // At low priority, as index.html announces the app's own (apps/web/routePreloads.ts): nothing the first paint
  // shows needs a script, so the stylesheet, the picture and the data go first.
  for (const module of route?.modules ?? []) {
    links.push(`<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(module)}">`);
  }
  const { data } = match;
  if (data) links.push(dataPreload(data));
  return links;
}

/**
 * The pages the server writes whole, as the app draws them (apps/web/src/serverPage.tsx): their first paint is
 * the page itself, not the header alone while the app loads. These are the pages a customer lands on (from a
 * search, a link, an order's QR code); the others still start from the header alone.
 */
const WRITTEN_WHOLE: ReadonlySet<PageRoute> = new Set(['home', 'products', 'product', 'order']);

/**
 * A phone's request, by the client hint Chromium sends or the "Mobi" every phone browser puts in its user agent:
 * the page is then drawn for a phone's width. A wrong guess (a tablet) costs one more render once the app runs.
 */
function screenOf(request: FastifyRequest): ServerPageScreen {
  if (request.headers['sec-ch-ua-mobile'] === '?1') return 'phone';
  return /Mobi/.test(request.headers['user-agent'] ?? '') ? 'phone' : 'wide';
}

/** The app's script announcements, which a page written whole holds back until its first script starts. */
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;
/** The stylesheet, which index.html only preloads (the app applies it before drawing). */
const STYLESHEET_PRELOAD = /<link rel="preload" as="style"/g;

/**
 * index.html with the page the server wrote in #root: its stylesheet applied before the first paint (the page
 * is drawn with it), and its scripts announced only once that paint is done (firstScript.ts), since nothing
 * painted needs them.
 */
function pageWrittenWhole(html: string, body: string, screen: ServerPageScreen): string {
  const modules = html.match(MODULE_PRELOAD) ?? [];
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(STYLESHEET_PRELOAD, '<link rel="stylesheet"')
    .replace(SHELL, () => body)
    .replace('<div id="root">', `<div id="root" ${SERVER_PAGE_ATTRIBUTE}="${screen}">`)
    .replace(
      '</body>',
      () =>
        `  <template id="${HELD_MODULES_ID}">${modules.map((m) => m.trim()).join('')}</template>\n  </body>`,
    );
}

type BootCaller = ReturnType<typeof createCaller>;
type SiteConfig = Awaited<ReturnType<BootCaller['site']['config']>>;
type Settings = Awaited<ReturnType<BootCaller['settings']['all']>>;
type PlacedOrder = Awaited<ReturnType<BootCaller['orders']['byId']>>;

/** The data block apps/web/src/lib/bootData.ts reads: the shop's identity and settings, and an order's page's order. */
interface BootData {
  'site.config': SiteConfig;
  'settings.all': Settings;
  'orders.byId'?: { input: OrderLookup; answer: PlacedOrder; updatedAt: number };
}

export interface IndexPage {
  /**
   * index.html for this address (the route's preloads in its head, a product page's tags, the visitor's boot
   * data in its body) with its HTTP status; or, for a product page at another address than its own (a
   * missing or old slug, other letter case), where it is.
   */
  render(request: FastifyRequest): Promise<RenderedPage>;
  /** Sends it, compressed (the 404 handler it answers from gets no compression of its own), never cached. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * `personal`: the page carries a customer's order, which no cache may keep; `drawnFor`: the screen a page written
 * whole was drawn for.
 */
export type RenderedPage =
  | { status: 200 | 404; html: string; personal?: boolean; drawnFor?: ServerPageScreen }
  | { redirect: string; found?: true };

/** What the page needs to know of the shop beyond the request: for product pages' tags. */
export interface IndexPageSite {
  publicUrl: string;
  shopName: string;
  /** The product as the storefront shows it, or null when it does not show one with this id. */
  product(productId: number): StorefrontProduct | null;
  /** The first product of the storefront's list, the first card /Products draws; null when it shows none. */
  firstProduct(): StorefrontProduct | null;
  /** The storefront's whole list, the same array until it changes. */
  products(): readonly StorefrontProduct[];
}

/** A query string safe to repeat in a Location header (printable ASCII); anything else is dropped. */
const PLAIN_QUERY = /^\?[\x21-\x7e]*$/;

/**
 * The single-page app's index.html, written per request. A storefront page otherwise paints in steps (the
 * main script, then the page's chunk, then its data, then the shop's name and settings, each moving the
 * page), which phones on slow networks feel most. Here the first answer already carries the shop's identity
 * and settings as data (a `<script type="application/json">` the content-security policy allows, since it
 * never runs) and names the page's chunks, first image and data so the browser fetches them at once.
 * A product page also carries its title, description, image and structured data, for link previews and
 * search engines that read only the first HTML.
 * The file is read again when it changes on disk (a new build under a running server).
 */
export function createIndexPage(
  webRoot: string,
  createContext: (request: FastifyRequest) => Promise<ApiContext>,
  site: IndexPageSite,
): IndexPage {
  const indexFile = path.join(webRoot, 'index.html');
  const serverPages = loadServerPages(webRoot);
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
      const rendered = await render(request);
      if ('redirect' in rendered) {
        // Permanent for search engines, but not kept by browsers: a product renamed back to an old name
        // would otherwise loop between two remembered redirects. A lookup's answer is no address to remember.
        return reply
          .status(rendered.found ? 302 : 301)
          .header('location', rendered.redirect)
          .header('cache-control', 'no-cache')
          .send();
      }
      reply.status(rendered.status);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      reply
        // An order's page holds the customer's name, phone and e-mail: never stored, so "Forget this order"
        // leaves no copy in the browser's cache on a shared computer.
        .header('cache-control', rendered.personal ? 'private, no-store' : 'no-cache')
        // A page written whole is drawn for a phone or a desk by these headers (src/lib/serverPageWidth.ts).
        .header(
          'vary',
          rendered.drawnFor ? 'accept-encoding, sec-ch-ua-mobile, user-agent' : 'accept-encoding',
        )
        .type('text/html; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.send(encode(rendered.html, encoding));
    },
  };

  /**
   * The product a product page names: the product, null when the storefront shows none with that id, or
   * undefined when the list cannot be read (the page is then served plain and the app asks for itself).
   */
  function productOf(request: FastifyRequest, productId: number): StorefrontProduct | null | undefined {
    try {
      return site.product(productId);
    } catch (error) {
      request.log.error({ err: error }, 'index.html: product unavailable');
      return undefined;
    }
  }

  /** The storefront's list for a page drawn from it, or null when it cannot be read (the page is then served plain). */
  function listedProducts(request: FastifyRequest): readonly StorefrontProduct[] | null {
    try {
      return site.products();
    } catch (error) {
      request.log.error({ err: error }, 'index.html: product list unavailable');
      return null;
    }
  }

  /** The first card's picture on /Products, or null (no product, or the list cannot be read: the page still loads). */
  function listedPicture(request: FastifyRequest): string | null {
    try {
      const first = site.firstProduct();
      return first ? cardPictureUrl(first) : null;
    } catch (error) {
      request.log.error({ err: error }, 'index.html: product list unavailable');
      return null;
    }
  }

  /**
   * #root as the app draws this page, where the server writes it whole (WRITTEN_WHOLE): a page drawn from the
   * product list only where its head announces the list, which the app waits for before adopting it (not with
   * ?ignoreCache, which asks for another answer), and an order's page only with its order.
   */
  async function writtenWhole(
    request: FastifyRequest,
    pathname: string,
    match: PageMatch,
    boot: BootData,
  ): Promise<{ html: string; screen: ServerPageScreen } | null> {
    if (!WRITTEN_WHOLE.has(match.route)) return null;
    // Only at the address the app's router keeps: at another (`//`, `/Products/`, `/products`) it redirects
    // and draws nothing, and each spelling would be a page of its own to write and keep. A product's page is
    // at its own address already (a redirect above), an order's only where orderLookup read it.
    if (CANONICAL_PATH[match.route] !== undefined && pathname !== CANONICAL_PATH[match.route]) return null;
    const drawnFromList = match.data === LIST_DATA;
    const order = boot['orders.byId'];
    if (match.route === 'order' ? !order : match.route !== 'home' && !drawnFromList) return null;
    const products = drawnFromList ? listedProducts(request) : undefined;
    if (products === null) return null;
    const screen = screenOf(request);
    const html = await serverPages.render(request, pathname, {
      siteConfig: boot['site.config'],
      settings: boot['settings.all'],
      ...(products ? { products } : {}),
      ...(order ? { order } : {}),
      screen,
      shopYear: zonedYear(Date.now(), boot['site.config'].shop.timeZone),
    });
    return html === null ? null : { html, screen };
  }

  async function render(request: FastifyRequest): Promise<RenderedPage> {
    const { html, preloads } = template();
    const { pathname, search } = splitTarget(request.url);
    const orderPage = orderQueryTarget(pathname, search);
    if (orderPage) return { redirect: orderPage, found: true };
    let match = matchPage(pathname, search);
    let headTags: ReturnType<typeof productHeadTags> | null = null;
    let picture: string | null = null;
    if (match?.route === 'products') picture = listedPicture(request);
    if (match?.route === 'product' && match.productId !== undefined) {
      const product = productOf(request, match.productId);
      if (product === null) match = { route: 'notFound', data: null };
      else if (product) {
        const canonical = productPath(product);
        if (pathname !== canonical) {
          return { redirect: PLAIN_QUERY.test(search) ? `${canonical}${search}` : canonical };
        }
        headTags = productHeadTags(product, { publicUrl: site.publicUrl, shopName: site.shopName });
        picture = cardPictureUrl(product);
      }
    }
    const status = match === null ? pageStatus(pathname) : match.route === 'notFound' ? 404 : 200;
    const links = [...(headTags?.tags ?? []), ...preloadLinks(match, preloads, picture)];
    // The preloads go before the main script so the browser starts them first.
    const head = links.length ? `${links.join('\n    ')}\n    ` : '';
    const scriptAt = html.indexOf('<script type="module"');
    let page = scriptAt >= 0 ? `${html.slice(0, scriptAt)}${head}${html.slice(scriptAt)}` : html;
    // The build's general description would stand beside the product's own: one description per page.
    if (headTags) page = page.replace(BUILD_DESCRIPTION, '');
    // The back office (no storefront page matches it) reads the staff's own settings (with the stock e-mail
    // list) itself, and has a header of its own.
    if (!match) return { status, html: page.replace(SHELL, '') };
    let boot: BootData;
    let caller: BootCaller;
    try {
      caller = createCaller(await createContext(request));
      boot = { 'site.config': await caller.site.config(), 'settings.all': await caller.settings.all() };
    } catch (error) {
      // The page must load whatever the database says: without the block the app asks for both itself.
      request.log.error({ err: error }, 'index.html: boot data unavailable');
      return {
        status,
        html: headTags ? page.replace(TITLE, () => `<title>${escapeHtml(headTags.title)}</title>`) : page,
      };
    }
    // An order's page carries its order: looked up here, once, in place of the call its head would announce
    // (the lookup counts against the visitor's budget either way). A failed lookup (a wrong phone, the budget
    // spent) leaves the page to the app, which asks again and says why.
    // Not for a HEAD request (a link checker, a preview): it would spend the visitor's lookups on no page.
    if (match.order && match.data && request.method !== 'HEAD') {
      const lookup = match.order;
      const answer = await caller.orders.byId(lookup).catch(() => null);
      if (answer) {
        boot['orders.byId'] = { input: lookup, answer, updatedAt: Date.now() };
        page = page.replace(dataPreload(match.data), '');
      }
    }
    const written = await writtenWhole(request, pathname, match, boot);
    if (written !== null) page = pageWrittenWhole(page, written.html, written.screen);
    const bootScript = `<script type="application/json" id="${BOOT_DATA_ID}">${scriptJson(boot)}</script>`;
    // Replacer functions, not strings: a `$&` or `$'` typed into the message or the shop's name is text.
    const shopName = escapeHtml(boot['site.config'].shop.name);
    // The tab names the shop (or the product), not the build's placeholder, until the app writes the page's
    // own title (a slow phone shows it for seconds; without JavaScript, for good).
    const title = headTags ? escapeHtml(headTags.title) : shopName;
    return {
      status,
      html: page
        .replace(TITLE, () => `<title>${title}</title>`)
        .replace(SHOP_NAME_SLOT, () => shopName)
        .replace('</body>', () => `  ${bootScript}\n  </body>`),
      ...(boot['orders.byId'] ? { personal: true } : {}),
      ...(written ? { drawnFor: written.screen } : {}),
    };
  }
}
