import type { AnyRouter } from '@tanstack/react-router';

/** What the storefront says while the shop cannot be reached. */
export const OFFLINE_NOTICE =
  'You are offline. This page is as it was when you last opened it; placing an order needs a connection.';

const NOTICE_ID = 'offline-notice';

/**
 * Fixed along the bottom of the screen, so it moves nothing on the page; drawn here rather than by React, so
 * the storefront's first script carries none of it. The back office has its own word about the network at
 * the counter, so the notice stays out of it.
 */
const NOTICE_STYLE = `#${NOTICE_ID}{position:fixed;left:0;right:0;bottom:0;z-index:1000;margin:0;padding:.6rem 1rem;
background:#4a3b12;color:#fff;font:inherit;font-size:.95rem;text-align:center;box-shadow:0 -2px 8px rgb(0 0 0/25%)}
@media print{#${NOTICE_ID}{display:none}}`;

let offline = false;
let watching = false;

function isBackOffice(): boolean {
  return /^\/admin(\/|$)/i.test(window.location.pathname);
}

function draw(): void {
  const existing = document.getElementById(NOTICE_ID);
  const show = offline && !isBackOffice();
  if (!show) {
    existing?.remove();
    return;
  }
  if (existing) return;
  if (!document.getElementById(`${NOTICE_ID}-style`)) {
    const style = document.createElement('style');
    style.id = `${NOTICE_ID}-style`;
    style.textContent = NOTICE_STYLE;
    document.head.append(style);
  }
  const notice = document.createElement('p');
  notice.id = NOTICE_ID;
  notice.setAttribute('role', 'status');
  notice.textContent = OFFLINE_NOTICE;
  document.body.append(notice);
}

/** Shows the notice while the shop cannot be reached and takes it away once it answers again. */
export function showConnection(isOffline: boolean, router: AnyRouter): void {
  offline = isOffline;
  if (!watching) {
    watching = true;
    // Into the back office and out again: the notice follows the page shown.
    router.subscribe('onResolved', draw);
  }
  draw();
}
