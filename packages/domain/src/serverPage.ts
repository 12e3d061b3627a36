/**
 * Names the server's index.html and the web app share for a storefront page the server writes whole
 * (apps/web/src/serverPage.tsx draws it, apps/server/src/indexPage.ts writes it).
 */

/** On #root: the page inside was written by the server, and the app adopts it rather than drawing it again. */
export const SERVER_PAGE_ATTRIBUTE = 'data-server-page';

/** The <template> holding the app's script announcements until the page's first script starts the app. */
export const HELD_MODULES_ID = 'app-modules';

/**
 * What the server knows of the screen a page it writes is for, from the request (the attribute's value): a
 * phone's, or another. The web app turns it into the width it draws for (apps/web/src/lib/serverPageWidth.ts).
 */
export type ServerPageScreen = 'phone' | 'wide';
