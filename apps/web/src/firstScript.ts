/** What the page says when the app's own script could not be loaded (a connection dropped as the page opened). */
export const APP_LOAD_FAILED = 'The shop could not be loaded.';

/**
 * The page's first script: the build writes this function's source beside index.html (appAfterFirstPaint in
 * routePreloads.ts), so it uses nothing from outside its body. It does nothing until the browser reports the
 * first contentful paint of the page the server wrote (the header with the shop's name), then imports the app.
 * Evaluated before that paint, the app held it back on a phone, and Lighthouse's first paint depended on whether
 * the preloaded scripts happened to arrive before the first frame (0.6 s when they did not, 1.8-2.1 s when they
 * did). It starts at once where there is nothing to paint first (the back office and the sign-in's silent
 * renewal, whose page the server leaves empty) or no frame is coming (a page opened in the background); a browser
 * that does not report paints starts it after the next frame, and a page hidden before its first paint after
 * `waitMs`. Where the app cannot be loaded, the page says so under the header and offers to try again, where it
 * would otherwise stay a header and nothing else. On a page the server wrote whole, the app's script
 * announcements wait in a template (`heldModulesId`) until it starts.
 *
 * `modules` are imported in their order, each in a task of its own, the entry last: the libraries the entry
 * imports are evaluated before it, apart. A phone evaluating all of them in one task (25-35 ms, 100-140 ms at
 * Lighthouse's four-fold) was the longest task of every page the server writes.
 */
export function startAfterFirstPaint(
  modules: readonly string[],
  waitMs: number,
  failedText: string,
  heldModulesId: string,
): void {
  let started = false;
  const showFailure = () => {
    const alert = document.createElement('p');
    alert.setAttribute('role', 'alert');
    alert.style.cssText = 'font-family: system-ui, sans-serif; padding: 1rem';
    const again = document.createElement('button');
    again.type = 'button';
    again.textContent = 'Try again';
    again.addEventListener('click', () => window.location.reload());
    alert.append(`${failedText} `, again);
    // Under the header, where it is seen: on a page the server wrote whole, the page's own end is far below.
    const header = document.querySelector('#root header.site-header');
    if (header) header.after(alert);
    else (document.getElementById('root') ?? document.body).append(alert);
  };
  const nextTask = () => new Promise((resolve) => window.setTimeout(resolve, 0));
  const start = () => {
    if (started) return;
    started = true;
    // A page the server wrote whole holds the app's announcements back until now: asked for with the page, they
    // count as what its first paint waits for (Lighthouse), though nothing painted needs them. Asking for them
    // is a task of its own too.
    const held = document.getElementById(heldModulesId);
    if (held instanceof HTMLTemplateElement) document.head.append(held.content);
    modules
      .reduce<Promise<unknown>>(
        (before, module) => before.then(nextTask).then(() => import(/* @vite-ignore */ module)),
        Promise.resolve(),
      )
      .catch(showFailure);
  };
  if (document.visibilityState !== 'visible' || !document.querySelector('#root > *')) {
    start();
    return;
  }
  window.setTimeout(start, waitMs);
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) window.setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => window.setTimeout(start, 0));
  }
}
