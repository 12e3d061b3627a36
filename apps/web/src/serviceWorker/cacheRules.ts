/**
 * What the shop's service worker may keep, as plain rules of an address and its headers (no worker types here,
 * so the page's tests and the worker read the same rules). Anything not named here goes to the network as if
 * there were no worker: the back office's calls, the order lookup, every write, sign-in, exports.
 */

/**
 * Answers a reverse proxy gives while the shop behind it is down: as good as no network, for the worker's
 * copies and for the page's own (the customer's order kept on the phone).
 */
export function shopIsDown(status: number): boolean {
  return status === 502 || status === 503 || status === 504;
}

/**
 * The storefront's public reads the worker keeps a copy of, for pages a customer has visited to open without
 * a network. Each answers the same to every visitor (the server marks them so): an order, the pick-up days
 * offered, anything staff-only or personal is left out on purpose.
 */
export const PUBLIC_READS: ReadonlySet<string> = new Set([
  'site.config',
  'settings.all',
  'catalog.productsToShow',
]);

/**
 * The public reads whose answer is the same with a sign-in as without: a signed-in call of them may be answered
 * from the kept copy when the network is gone (the back office starts from site.config's sign-in settings; a
 * staff phone's storefront shows the products it has seen). settings.all is not one: staff get settings
 * visitors do not.
 */
const SAME_FOR_STAFF: ReadonlySet<string> = new Set(['site.config', 'catalog.productsToShow']);

/**
 * Addresses that are never the single-page app, so a navigation to them is left to the network: the API,
 * photos and exports, sign-in, and the files the server writes itself.
 */
const SERVER_PATHS =
  /^\/(api|trpc|media|Exports|oidc|assets)(\/|$)|^\/(health|sitemap\.xml|robots\.txt|manifest\.webmanifest|sw\.js)$/i;

/** A page address the app's shell may stand in for when the network is gone. */
export function isAppPage(pathname: string): boolean {
  return !SERVER_PATHS.test(pathname);
}

/** The procedure an unbatched tRPC GET calls, when it is one of the public reads above; else null. */
export function publicReadOf(method: string, url: URL): string | null {
  if (method !== 'GET' || !url.pathname.startsWith('/trpc/')) return null;
  const path = url.pathname.slice('/trpc/'.length);
  // A batched call (`a,b?batch=1`) could mix a public read with anything else.
  if (url.searchParams.has('batch') || !PUBLIC_READS.has(path)) return null;
  return path;
}

/**
 * Whether the kept copy of a public read may answer this call when the network is gone: any visitor's, and a
 * signed-in one only where staff would get the same answer.
 */
export function mayAnswerFromCopy(path: string, request: { authorization: string | null }): boolean {
  return !request.authorization || SAME_FOR_STAFF.has(path);
}

/**
 * Whether an answer may go into the worker's cache: asked without a sign-in (a staff member's storefront calls
 * carry their token and may get more than a visitor), answered 200, and not marked by the server as personal
 * or not to be stored.
 */
export function mayKeepAnswer(
  request: { authorization: string | null },
  response: {
    status: number;
    cacheControl: string | null;
  },
): boolean {
  if (request.authorization) return false;
  if (response.status !== 200) return false;
  return !/(^|[,\s])(no-store|private)([,\s=]|$)/i.test(response.cacheControl ?? '');
}

/** The attribute the worker puts on the shell's <html> when it stands in for a page the network did not give. */
export const OFFLINE_MARK = 'data-offline';

/**
 * The app's shell as the worker serves it without a network: marked, so the page says it is offline at once,
 * and without the storefront's static header on a back-office address (as the server leaves it out there).
 */
export function offlineShell(html: string, pathname: string): string {
  const marked = html.replace(/<html(\s|>)/i, `<html ${OFFLINE_MARK}$1`);
  return /^\/admin(\/|$)/i.test(pathname) ? marked.replace(/<!--shell-->[\s\S]*?<!--\/shell-->/, '') : marked;
}

/** What the worker tells the pages it serves about the network. */
export type ConnectionMessage = { type: 'shop-connection'; offline: boolean };

export function isConnectionMessage(data: unknown): data is ConnectionMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'shop-connection' &&
    typeof (data as { offline?: unknown }).offline === 'boolean'
  );
}

/** What a page asks the worker once it listens: the worker answers what it last told that page. */
export const ASK_CONNECTION = 'shop-connection?';

/** What a page tells a waiting worker when it is a safe moment to take over. */
export const TAKE_OVER = 'shop-take-over';
