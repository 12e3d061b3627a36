import { HELD_MODULES_ID } from '@nursery/domain';
import type { Plugin } from 'vite';
import { APP_LOAD_FAILED, startAfterFirstPaint } from './src/firstScript';

/** What the server may announce in a page's <head> for one storefront route, so the browser fetches it early. */
export interface RoutePreload {
  /** The route's own chunks (the lazily loaded page and what it imports), not already preloaded by index.html. */
  modules: string[];
  /** Images the page shows first (its largest paint). */
  images: string[];
}

/** The file the build writes beside index.html; apps/server/src/indexPage.ts reads it. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * Writes route-preloads.json: for each named route, the chunks its lazily loaded page needs. Without it a
 * first visit loads one after another: index.html, the main script, the page's chunk, then its own imports
 * (the order view's table), each a round trip on a phone. With the list, the server names them in the first
 * answer and they load beside the main script.
 */
export function routePreloads(
  routes: Record<string, { source: string; images?: readonly string[] }>,
): Plugin {
  return {
    name: 'nursery-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') chunks.set(output.fileName, output as unknown as ChunkLike);
      }
      const closure = (fileName: string, into: Set<string>): Set<string> => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) throw new Error('route preloads: the build has no entry chunk');
      const alreadyLoaded = closure(entry.fileName, new Set());
      const result: Record<string, RoutePreload> = {};
      for (const [route, { source, images = [] }] of Object.entries(routes)) {
        const page = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(source));
        if (!page) throw new Error(`route preloads: no chunk is built from ${source}`);
        const modules = [...closure(page.fileName, new Set())].filter((f) => !alreadyLoaded.has(f));
        result[route] = { modules: modules.map((f) => `/${f}`), images: [...images] };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(result)}\n` });
    },
  };
}

/**
 * Turns the entry's `<link rel="stylesheet">` in the built index.html into a preload, which does not hold back
 * the first paint: the static header (styled by index.html's own small <style>) paints as soon as the page
 * arrives, while the stylesheet loads beside the script. The app applies it before its first render
 * (src/lib/stylesheets.ts), so nothing of the app ever shows unstyled.
 */
export function stylesheetAsPreload(): Plugin {
  return {
    name: 'nursery-stylesheet-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(
          /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2">',
        );
      },
    },
  };
}

/** The chunk of React's DOM renderer, which the entry imports dynamically (src/main.tsx). */
export const REACT_DOM_CLIENT_CHUNK = 'reactDomClient';

/**
 * Announces React's DOM renderer in index.html beside the entry's own imports: the entry imports it dynamically,
 * so it is evaluated in a task of its own after the entry's, and without the announcement the browser would
 * only ask for it once the entry had run, a round trip later.
 */
export function reactDomPreload(): Plugin {
  return {
    name: 'nursery-react-dom-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === REACT_DOM_CLIENT_CHUNK,
        );
        if (!chunk) throw new Error('react-dom preload: the build has no chunk of React DOM');
        return html.replace(
          '</head>',
          `  <link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n  </head>`,
        );
      },
    },
  };
}

/** How long the first script waits for a first paint that is not reported before it starts the app anyway. */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * The chunk of the libraries the entry imports (TanStack Router and Query, tRPC's client): the first script
 * evaluates it in a task of its own before the entry (src/firstScript.ts).
 */
export const LIBRARIES_CHUNK = 'libraries';

/**
 * The first script's source: startAfterFirstPaint (src/firstScript.ts), called with the addresses of the
 * libraries' chunk and the entry.
 */
const startScript = (modules: readonly string[]) =>
  `(${startAfterFirstPaint.toString()})(${[modules, FIRST_PAINT_WAIT_MS, APP_LOAD_FAILED, HELD_MODULES_ID].map((a) => JSON.stringify(a)).join(',')});\n`;

/**
 * Loads the app's entry after the first paint: index.html announces the entry as a modulepreload, so it loads as
 * early as before, and runs a small first script of its own (src/firstScript.ts) in place of the entry. Every
 * script is announced at low priority (the server's route preloads too): nothing the first paint shows needs one,
 * so the stylesheet, the first picture and the page's data go first.
 */
export function appAfterFirstPaint(): Plugin {
  return {
    name: 'nursery-app-after-first-paint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
        const libraries = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.name === LIBRARIES_CHUNK,
        );
        if (page?.type !== 'asset' || !entry || !libraries)
          throw new Error('app after first paint: no index.html, entry or libraries chunk');
        const tag = `<script type="module" crossorigin src="/${entry.fileName}"></script>`;
        const html = String(page.source);
        if (!html.includes(tag)) throw new Error(`app after first paint: index.html has no ${tag}`);
        const start = this.getFileName(
          this.emitFile({
            type: 'asset',
            name: 'start.js',
            source: startScript([`/${libraries.fileName}`, `/${entry.fileName}`]),
          }),
        );
        page.source = html
          .replace(
            tag,
            `<script type="module" crossorigin src="/${start}"></script>\n    <link rel="modulepreload" crossorigin href="/${entry.fileName}">`,
          )
          .replaceAll(
            '<link rel="modulepreload" crossorigin',
            '<link rel="modulepreload" fetchpriority="low" crossorigin',
          );
      },
    },
  };
}
