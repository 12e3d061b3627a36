import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerPageScreen } from '@nursery/domain';
import type { FastifyRequest } from 'fastify';

/** What a page written whole is drawn from: the boot data index.html carries anyway, and the product list. */
export interface ServerPageData {
  siteConfig: unknown;
  settings: unknown;
  /** The storefront's list as the server keeps it: the same array until the list changes. */
  products?: readonly unknown[];
  /** An order's page: its lookup and answer, and when it was read. Never kept: it is the customer's own. */
  order?: { input: unknown; answer: unknown; updatedAt: number };
  /** Whether the request comes from a phone (apps/web/src/lib/serverPageWidth.ts). */
  screen: ServerPageScreen;
  /** The shop's year, which every page's footer shows: a page kept over New Year is written again. */
  shopYear: number;
}

/** Pages kept written: the home page, the list and the most visited products', each a few tens of KB. */
const KEPT_PAGES = 16;

/** The web build's module for Node (apps/web/src/serverPage.tsx), as the server calls it. */
interface PagesModule {
  renderPage(url: string, data: ServerPageData): Promise<string>;
}

export interface ServerPages {
  /**
   * What #root holds on this page as the app draws it, or null where there is no such build or it failed: the
   * page then goes out with the header alone, and the app draws the rest as before.
   */
  render(request: FastifyRequest, pathname: string, data: ServerPageData): Promise<string | null>;
}

const isPagesModule = (value: unknown): value is PagesModule =>
  typeof value === 'object' && value !== null && typeof Reflect.get(value, 'renderPage') === 'function';

/**
 * The storefront's pages as the server writes them: release/pages beside release/public, or the web
 * workspace's dist-server beside its dist. Loaded with the first page that needs it, so a server that only
 * answers the API never holds React's server renderer. Each page written is kept until its data change (the
 * home page changes only with the shop's settings, the list's pages with the list): a page costs a few
 * milliseconds of the server's one thread to write.
 */
export function loadServerPages(webRoot: string): ServerPages {
  const file = [
    path.join(webRoot, '..', 'pages', 'serverPage.js'),
    path.join(webRoot, '..', 'dist-server', 'serverPage.js'),
  ].find((candidate) => existsSync(candidate));
  let loading: Promise<PagesModule | null> | null = null;
  const kept = new Map<string, { key: string; products: readonly unknown[] | undefined; html: string }>();
  let listNow: readonly unknown[] | undefined;
  return {
    async render(request, pathname, data) {
      if (!file) return null;
      loading ??= import(pathToFileURL(file).href).then(
        (module: unknown) => (isPagesModule(module) ? module : null),
        (error: unknown) => {
          request.log.error({ err: error }, 'index.html: the pages module could not be loaded');
          return null;
        },
      );
      const pages = await loading;
      if (!pages) return null;
      if (data.order) return write(request, pages, pathname, data);
      const { products, ...rest } = data;
      const key = JSON.stringify(rest);
      const page = `${data.screen} ${pathname}`;
      if (products && products !== listNow) {
        // The list changed: pages drawn from the one before go now, rather than hold it in memory until
        // each is visited again or pushed out.
        listNow = products;
        for (const [name, written] of kept)
          if (written.products && written.products !== products) kept.delete(name);
      }
      const known = kept.get(page);
      if (known && known.key === key && known.products === products) return known.html;
      const html = await write(request, pages, pathname, data);
      if (html !== null) {
        kept.delete(page);
        kept.set(page, { key, products, html });
        // The page written longest ago goes first (a Map keeps the order pages were written in).
        if (kept.size > KEPT_PAGES) kept.delete(kept.keys().next().value ?? '');
      }
      return html;
    },
  };
}

async function write(
  request: FastifyRequest,
  pages: PagesModule,
  pathname: string,
  data: ServerPageData,
): Promise<string | null> {
  try {
    const html = await pages.renderPage(pathname, data);
    // An address the app's router answers with a redirect draws nothing: the page then goes out with the
    // header alone, never an empty #root the app would have to throw away, and is never kept.
    if (html.trim() === '') {
      request.log.warn({ pathname }, 'index.html: the page was written empty');
      return null;
    }
    return html;
  } catch (error) {
    request.log.error({ err: error }, 'index.html: the page could not be written');
    return null;
  }
}
