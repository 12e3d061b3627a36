import { describe, expect, it } from 'vitest';
import {
  isAppPage,
  isConnectionMessage,
  mayAnswerFromCopy,
  mayKeepAnswer,
  OFFLINE_MARK,
  offlineShell,
  publicReadOf,
} from './cacheRules';

const at = (address: string) => new URL(address, 'http://localhost:3000');

describe('what the service worker keeps', () => {
  it('keeps only the public reads, unbatched, by GET', () => {
    expect(publicReadOf('GET', at('/trpc/catalog.productsToShow'))).toBe('catalog.productsToShow');
    expect(publicReadOf('GET', at('/trpc/site.config'))).toBe('site.config');
    expect(publicReadOf('GET', at('/trpc/settings.all?input=%7B%7D'))).toBe('settings.all');
    // Personal, staff-only, or a batch that could carry either.
    expect(publicReadOf('GET', at('/trpc/orders.byId?input=%7B%22orderId%22%3A%221%22%7D'))).toBeNull();
    expect(publicReadOf('GET', at('/trpc/pickUpDays.open'))).toBeNull();
    expect(publicReadOf('GET', at('/trpc/orders.page'))).toBeNull();
    expect(publicReadOf('GET', at('/trpc/site.config,orders.page?batch=1'))).toBeNull();
    expect(publicReadOf('GET', at('/trpc/site.config?batch=1'))).toBeNull();
    expect(publicReadOf('POST', at('/trpc/site.config'))).toBeNull();
    expect(publicReadOf('GET', at('/api/v1/Products'))).toBeNull();
  });

  it('keeps an answer only when asked without a sign-in and the server lets it be stored', () => {
    const visitor = { authorization: null };
    expect(mayKeepAnswer(visitor, { status: 200, cacheControl: null })).toBe(true);
    expect(mayKeepAnswer(visitor, { status: 200, cacheControl: 'no-cache' })).toBe(true);
    expect(mayKeepAnswer({ authorization: 'Bearer x' }, { status: 200, cacheControl: null })).toBe(false);
    expect(mayKeepAnswer(visitor, { status: 200, cacheControl: 'no-store' })).toBe(false);
    expect(mayKeepAnswer(visitor, { status: 200, cacheControl: 'private, max-age=60' })).toBe(false);
    expect(mayKeepAnswer(visitor, { status: 500, cacheControl: null })).toBe(false);
  });

  it('answers a signed-in call from the copy only where staff get what visitors get', () => {
    expect(mayAnswerFromCopy('site.config', { authorization: 'Bearer x' })).toBe(true);
    expect(mayAnswerFromCopy('catalog.productsToShow', { authorization: 'Bearer x' })).toBe(true);
    expect(mayAnswerFromCopy('settings.all', { authorization: 'Bearer x' })).toBe(false);
    expect(mayAnswerFromCopy('settings.all', { authorization: null })).toBe(true);
  });

  it('stands the shell in for the app pages only', () => {
    for (const page of ['/', '/Products', '/Order/12/5551234567', '/Admin/Pickup', '/FAQ']) {
      expect(isAppPage(page), page).toBe(true);
    }
    for (const other of ['/oidc/auth', '/api/v1/Products', '/trpc/x', '/media/a.jpg', '/Exports/x.xls']) {
      expect(isAppPage(other), other).toBe(false);
    }
    expect(isAppPage('/sw.js')).toBe(false);
    expect(isAppPage('/manifest.webmanifest')).toBe(false);
  });
});

describe('the shell served offline', () => {
  const html =
    '<!doctype html>\n<html lang="en"><body><div id="root"><!--shell--><header>Shop</header><!--/shell--></div></body></html>';

  it('is marked, and keeps the storefront header only on storefront pages', () => {
    const storefront = offlineShell(html, '/Products');
    expect(storefront).toContain(`<html ${OFFLINE_MARK} lang="en">`);
    expect(storefront).toContain('<header>Shop</header>');
    const admin = offlineShell(html, '/Admin/Pickup');
    expect(admin).toContain(OFFLINE_MARK);
    expect(admin).not.toContain('<header>Shop</header>');
  });

  it('reads only its own messages', () => {
    expect(isConnectionMessage({ type: 'shop-connection', offline: true })).toBe(true);
    expect(isConnectionMessage({ type: 'shop-connection', offline: 'yes' })).toBe(false);
    expect(isConnectionMessage('shop-connection')).toBe(false);
  });
});
