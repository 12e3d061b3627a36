import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';

/** What a page written whole is drawn from: the boot data index.html carries anyway. */
export interface ServerPageData {
  siteConfig: unknown;
  settings: unknown;
}

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
 * answers the API never holds React's server renderer. The last page written is kept until its address or its
 * data change: the home page changes only with the shop's settings, and a page costs a few milliseconds of
 * the server's one thread to write.
 */
export function loadServerPages(webRoot: string): ServerPages {
  const file = [
    path.join(webRoot, '..', 'pages', 'serverPage.js'),
    path.join(webRoot, '..', 'dist-server', 'serverPage.js'),
  ].find((candidate) => existsSync(candidate));
  let loading: Promise<PagesModule | null> | null = null;
  let last: { key: string; html: string } | null = null;
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
      const key = `${pathname}\n${JSON.stringify(data)}`;
      if (last?.key === key) return last.html;
      try {
        const html = await pages.renderPage(pathname, data);
        last = { key, html };
        return html;
      } catch (error) {
        request.log.error({ err: error }, 'index.html: the page could not be written');
        return null;
      }
    },
  };
}
