/**
 * Applies the stylesheets index.html only preloads (see stylesheetAsPreload in apps/web/routePreloads.ts) and
 * resolves once they are in force, so the app's first render is never drawn unstyled. A stylesheet that fails
 * to load does not keep the shop from showing. Without preloads (the dev server injects its own styles) it
 * resolves at once.
 */
export function applyPreloadedStylesheets(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          // The same request mode as the preload, or the browser would fetch the file a second time.
          if (preload.crossOrigin !== null) link.crossOrigin = preload.crossOrigin;
          link.href = preload.href;
          link.addEventListener('load', () => resolve());
          link.addEventListener('error', () => resolve());
          preload.after(link);
        }),
    ),
  ).then(() => undefined);
}
