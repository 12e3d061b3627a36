/**
 * The home page written whole by the server from the web build's own components (apps/web/src/serverPage.tsx):
 * the page itself in #root, drawn with the stylesheet, its scripts held back until it has painted; and the
 * header-only page, as before, where that build is missing or fails.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELD_MODULES_ID, phoneDigits, productSlug, SERVER_PAGE_ATTRIBUTE } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../src/html.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { customer, freelyOrderable, placeOrder, type ShownProduct } from './support/orders.ts';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const SHOP_NAME = 'Fern & <Hollow> "Nursery"';
const MESSAGE = '<strong>Pick-up</strong> in April <img src=x onerror=alert(1)><script>alert(2)</script>';

let shop: TestServer;

beforeAll(async () => {
  shop = await startTestServer({ DEMO_DATA: 'true', SHOP_NAME }, { webRoot: webDist });
  shop.shop.database.sqlite.prepare("UPDATE settings SET value = ? WHERE name = 'Message'").run(MESSAGE);
});

afterAll(async () => {
  await shop?.stop();
});

const home = async (base: string) => {
  const res = await fetch(`${base}/`);
  expect(res.status).toBe(200);
  return res.text();
};
function bootData(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html);
  return JSON.parse(block?.[1] ?? 'null') as Record<string, unknown>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('<noscript>'));

const PHONE_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESK_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

const pageAt = async (address: string, agent = DESK_AGENT) => {
  const res = await fetch(`${shop.url}${address}`, { headers: { 'user-agent': agent } });
  expect(res.status, address).toBe(200);
  return res.text();
};

describe('the home page as the server writes it', () => {
  it('carries the page as the app draws it, in place of the header alone', async () => {
    const html = await home(shop.url);
    const root = rootOf(html);
    expect(root.startsWith(`<div id="root" ${SERVER_PAGE_ATTRIBUTE}="wide">`)).toBe(true);
    expect(root).not.toContain('<!--shell-->');
    expect(root).toContain(
      '<h1 id="welcome-heading">Welcome to <!-- -->Fern &amp; &lt;Hollow&gt; &quot;Nursery&quot;</h1>',
    );
    expect(root).toContain('src="/images/carousel/hills.svg"');
    expect(root).toMatch(/<form class="order-lookup-form"[^>]* action="\/Order" method="get">/);
    // The message as the server's sanitizer leaves it: no handler, no script.
    expect(root).toContain('<strong>Pick-up</strong> in April');
    expect(root).not.toMatch(/onerror|<script|alert\(/);
    // React's own hints are not repeated in #root: the head announces the picture.
    expect(root).not.toContain('<link');
  });

  it('applies the stylesheet before the first paint and holds the scripts back until it', async () => {
    const html = await home(shop.url);
    const head = headOf(html);
    expect(head).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[^"]+\.css">/);
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).toContain(
      '<link rel="preload" as="image" href="/images/carousel/hills.svg" fetchpriority="high">',
    );
    const held = new RegExp(`<template id="${HELD_MODULES_ID}">((?:<link [^>]*>)+)</template>`).exec(html);
    expect(held, 'held module announcements').not.toBeNull();
    const modules = [...(held?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(modules.some((m) => m?.startsWith('/assets/Home-'))).toBe(true);
    expect(modules.some((m) => m?.startsWith('/assets/reactDomClient-'))).toBe(true);
    // The boot data still comes with it, for the app's adoption of the page.
    expect(html).toContain('<script type="application/json" id="boot-data">');
  });

  it('writes the page again when the settings change', async () => {
    shop.shop.database.sqlite
      .prepare("UPDATE settings SET value = ? WHERE name = 'Message'")
      .run('Closed Monday');
    try {
      await expect.poll(async () => rootOf(await home(shop.url)).includes('Closed Monday')).toBe(true);
    } finally {
      shop.shop.database.sqlite.prepare("UPDATE settings SET value = ? WHERE name = 'Message'").run(MESSAGE);
    }
  });

  it('draws the product list and a product page for the screen the request names', async () => {
    const list = (await (await fetch(`${shop.url}/api/v1/Products/GetProductsToShow`)).json()) as {
      data: Array<{ productId: number; name: string }>;
    };
    const first = list.data[0];
    if (!first) throw new Error('no product shown');
    for (const [agent, screen] of [
      [PHONE_AGENT, 'phone'],
      [DESK_AGENT, 'wide'],
    ] as const) {
      const products = await pageAt('/Products', agent);
      expect(rootOf(products).startsWith(`<div id="root" ${SERVER_PAGE_ATTRIBUTE}="${screen}">`)).toBe(true);
      expect(rootOf(products)).toContain('<h1>Products</h1>');
      expect(rootOf(products)).toContain(escapeHtml(first.name));
      // The list the page was drawn from stays announced: the app waits for it before adopting the page.
      expect(headOf(products)).toContain(
        '<link rel="preload" as="fetch" crossorigin href="/trpc/catalog.productsToShow">',
      );
    }
    // A phone's cards have no quantity field; a desk's have one.
    const phoneCards = rootOf(await pageAt('/Products', PHONE_AGENT));
    const deskCards = rootOf(await pageAt('/Products', DESK_AGENT));
    expect(phoneCards).not.toContain('product-quantity');
    expect(deskCards).toContain('product-quantity');
    const product = await pageAt(`/Products/${first.productId}/${productSlug(first.name)}`, PHONE_AGENT);
    expect(rootOf(product)).toMatch(
      new RegExp(`<h1 class="product-name"[^>]*>${escapeRegExp(escapeHtml(first.name))}</h1>`),
    );
  });

  it("carries an order's page with its order, looked up once, and leaves a failed lookup to the app", async () => {
    const products = (await (await fetch(`${shop.url}/api/v1/Products/GetProductsToShow`)).json()) as {
      data: ShownProduct[];
    };
    const lines = freelyOrderable(products.data)
      .slice(0, 2)
      .map((p) => ({ productId: p.productId, quantity: 2 }));
    const order = { orderId: await placeOrder(shop, lines), phone: phoneDigits(customer.phoneNumber) };
    const address = `/Order/${order.orderId}/${order.phone}`;
    // A HEAD request looks nothing up (the lookups are counted per visitor): the page is left to the app.
    const checked = await fetch(`${shop.url}${address}`, { method: 'HEAD' });
    expect(checked.status).toBe(200);
    expect(checked.headers.get('cache-control')).toBe('no-cache');
    const res = await fetch(`${shop.url}${address}`, { headers: { 'user-agent': PHONE_AGENT } });
    // The customer's own order: no cache may keep the page, the browser's own included ("Forget this order").
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('accept-encoding, sec-ch-ua-mobile, user-agent');
    const html = await res.text();
    expect(rootOf(html)).toContain(`<h1>Order #<!-- -->${order.orderId}</h1>`);
    const boot = bootData(html);
    expect(boot['orders.byId']).toMatchObject({
      input: { orderId: String(order.orderId), phoneNumber: order.phone },
      answer: { orderId: order.orderId },
    });
    // The order came with the page: its call is not announced as well.
    expect(headOf(html)).not.toContain('orders.byId');
    const wrongPage = await fetch(`${shop.url}/Order/${order.orderId}/5550000000`, {
      headers: { 'user-agent': PHONE_AGENT },
    });
    expect(wrongPage.headers.get('cache-control')).toBe('no-cache');
    const wrong = await wrongPage.text();
    expect(wrong).not.toContain(SERVER_PAGE_ATTRIBUTE);
    expect(bootData(wrong)['orders.byId']).toBeUndefined();
    expect(headOf(wrong)).toContain('orders.byId');
    // With a trailing slash the app's router redirects and draws nothing: the page is left to the app, not
    // written empty, and the order is not looked up for it.
    const slashed = await pageAt(`${address}/`, PHONE_AGENT);
    expect(slashed).not.toContain(SERVER_PAGE_ATTRIBUTE);
    expect(rootOf(slashed)).toContain('<!--shell-->');
    expect(bootData(slashed)['orders.byId']).toBeUndefined();
  });

  it('writes the home page and the list only at their own addresses', async () => {
    for (const address of ['//', '///', '/Products/', '/products']) {
      const res = await fetch(`${shop.url}${address}`, { headers: { 'user-agent': PHONE_AGENT } });
      expect(res.status, address).toBe(200);
      const html = await res.text();
      expect(html, address).not.toContain(SERVER_PAGE_ATTRIBUTE);
      expect(rootOf(html), address).toContain('<!--shell-->');
      expect(res.headers.get('vary'), address).toBe('accept-encoding');
    }
    const written = await fetch(`${shop.url}/`, { headers: { 'user-agent': PHONE_AGENT } });
    expect(await written.text()).toContain(`${SERVER_PAGE_ATTRIBUTE}="phone"`);
    expect(written.headers.get('vary')).toBe('accept-encoding, sec-ch-ua-mobile, user-agent');
  });

  it('leaves a list asked for past the cache (?ignoreCache) to the app', async () => {
    const html = await pageAt('/Products?ignoreCache=true');
    expect(html).not.toContain(SERVER_PAGE_ATTRIBUTE);
    expect(rootOf(html)).toContain('<!--shell-->');
  });

  it('leaves the other pages with the header alone and their scripts announced', async () => {
    const html = await (await fetch(`${shop.url}/FAQ`)).text();
    expect(rootOf(html)).toContain('<!--shell-->');
    expect(html).not.toContain(SERVER_PAGE_ATTRIBUTE);
    expect(headOf(html)).toContain('rel="modulepreload"');
  });

  it('serves the header-only page when the pages build fails', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'nursery-pages-'));
    cpSync(path.join(webDist, 'index.html'), path.join(folder, 'dist', 'index.html'), { recursive: true });
    mkdirSync(path.join(folder, 'dist-server'));
    writeFileSync(
      path.join(folder, 'dist-server', 'serverPage.js'),
      "export async function renderPage() { throw new Error('broken build'); }\n",
    );
    const broken = await startTestServer({ DEMO_DATA: 'true' }, { webRoot: path.join(folder, 'dist') });
    try {
      const html = await home(broken.url);
      expect(rootOf(html)).toContain('<!--shell-->');
      expect(html).not.toContain(SERVER_PAGE_ATTRIBUTE);
      expect(headOf(html)).toContain('rel="modulepreload"');
    } finally {
      await broken.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
