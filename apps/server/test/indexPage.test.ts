/**
 * index.html as the server writes it per page: the route's chunks, first image and data announced in the head,
 * and the shop's identity and settings as an inert data block, so a phone's first paint is the final layout.
 */
import { rmSync } from 'node:fs';
import http from 'node:http';
import { cardPictureUrl, storefrontProductSchema } from '@nursery/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { type RoutePreloads, writeWebRoot } from './support/webRoot.ts';

const ROUTE_PRELOADS = {
  home: { modules: ['/assets/Home-1.js'], images: ['/images/carousel/hills.svg'] },
  products: { modules: ['/assets/Products-2.js', '/assets/pricing-3.js'], images: [] },
  order: { modules: ['/assets/OrderView-4.js', '/assets/DataTable-5.js'], images: [] },
  treeCare: { modules: ['/assets/TreeCare-6.js'], images: [] },
  faq: { modules: ['/assets/Faq-7.js'], images: [] },
  contact: { modules: ['/assets/Contact-8.js', '/assets/forms-9.js'], images: [] },
  lookup: { modules: ['/assets/OrderLookup-10.js', '/assets/forms-9.js'], images: [] },
  notFound: { modules: ['/assets/NotFound-11.js'], images: [] },
} satisfies RoutePreloads;

const modulepreload = (href: string) =>
  `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`;
/** The links a page with no data of its own gets: exactly its route's chunks. */
const chunksOf = (route: keyof typeof ROUTE_PRELOADS) => ROUTE_PRELOADS[route].modules.map(modulepreload);

let shop: TestServer;
let webRoot: string;

beforeAll(async () => {
  webRoot = writeWebRoot(ROUTE_PRELOADS);
  shop = await startTestServer({ DEMO_DATA: 'true' }, { webRoot });
  shop.shop.database.sqlite
    .prepare("UPDATE settings SET value = ? WHERE name = 'Message'")
    .run('<strong>Pick-up</strong> in April </script><script>alert(1)</script>');
});

afterAll(async () => {
  await shop?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = async (address: string, status: 200 | 404 = 200) => {
  const res = await fetch(`${shop.url}${address}`);
  expect(res.status, address).toBe(status);
  expect(res.headers.get('content-type'), address).toContain('text/html');
  return res.text();
};

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const links = (html: string) => [...head(html).matchAll(/<link [^>]*>/g)].map((m) => m[0]);

function bootData(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html);
  expect(block, 'boot data block').not.toBeNull();
  return JSON.parse(block?.[1] ?? 'null') as Record<string, unknown>;
}

async function trpcData(procedurePath: string): Promise<unknown> {
  const body = (await (await fetch(`${shop.url}/trpc/${procedurePath}`)).json()) as {
    result: { data: unknown };
  };
  return body.result.data;
}

describe('index.html per page', () => {
  it('carries the answers of site.config and settings.all, escaped so no markup can end the block', async () => {
    const html = await page('/FAQ');
    const boot = bootData(html);
    expect(boot['site.config']).toEqual(await trpcData('site.config'));
    expect(boot['settings.all']).toEqual(await trpcData('settings.all'));
    // The message's `</script><script>` stays text inside the JSON: the page has one data block and one script.
    expect(html.match(/<script\b/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
    expect(html).toContain('\\u003cstrong>Pick-up\\u003c/strong>');
  });

  it("keeps a message's dollar patterns as typed ($& $` $' are not replacement patterns here)", async () => {
    const typed = "Seeds $5 each: $& $` $' $$ $1";
    shop.shop.database.sqlite.prepare("UPDATE settings SET value = ? WHERE name = 'Message'").run(typed);
    try {
      const html = await page('/Contact');
      expect(bootData(html)['settings.all']).toEqual(await trpcData('settings.all'));
      expect(JSON.stringify(bootData(html))).toContain("Seeds $5 each: $&amp; $` $' $$ $1");
      expect(html.match(/<\/body>/g)).toHaveLength(1);
    } finally {
      shop.shop.database.sqlite
        .prepare("UPDATE settings SET value = ? WHERE name = 'Message'")
        .run('<strong>Pick-up</strong> in April </script><script>alert(1)</script>');
    }
  });

  it('announces the home page chunk and its first carousel image, and no data the first screen does not show', async () => {
    const found = links(await page('/'));
    expect(found).toContain(
      '<link rel="preload" as="image" href="/images/carousel/hills.svg" fetchpriority="high">',
    );
    expect(found).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Home-1.js">',
    );
    expect(found.filter((l) => l.includes('as="fetch"'))).toEqual([]);
  });

  it('announces the product list with the address, mode and credentials of the storefront call', async () => {
    const found = links(await page('/Products'));
    expect(found).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Products-2.js">',
    );
    expect(found).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/pricing-3.js">',
    );
    expect(found).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/trpc/catalog.productsToShow">',
    );
    // The announcements come before the main script, so the browser starts them first.
    const html = await page('/Products');
    expect(html.indexOf('as="fetch"')).toBeLessThan(html.indexOf('<script type="module"'));
    // With ignoreCache the app asks another address: not announced.
    expect(links(await page('/Products?ignoreCache=true'))).not.toContainEqual(
      expect.stringContaining('as="fetch"'),
    );
    // Other pages' chunks never ride along on the two pages the storefront weight is measured on. The first
    // card's picture (the demo's products have no photo: the drawing of its kind) is the page's largest paint.
    const listed = await (await fetch(`${shop.url}/api/v1/Products/GetProductsToShow`)).json();
    const [first] = z.object({ data: z.array(storefrontProductSchema) }).parse(listed).data;
    expect(first).toBeDefined();
    expect(links(await page('/Products'))).toEqual([
      `<link rel="preload" as="image" href="${first && cardPictureUrl(first)}" fetchpriority="high">`,
      ...chunksOf('products'),
      '<link rel="preload" as="fetch" crossorigin href="/trpc/catalog.productsToShow">',
    ]);
    expect(links(await page('/'))).toEqual([
      '<link rel="preload" as="image" href="/images/carousel/hills.svg" fetchpriority="high">',
      ...chunksOf('home'),
    ]);
  });

  it('announces the order view and its order as apps/web/src/lib/publicApi.ts asks for it', async () => {
    const input = encodeURIComponent(JSON.stringify({ orderId: '12', phoneNumber: '(555) 310-4477' }));
    const found = links(await page('/Order/12/(555)%20310-4477'));
    expect(found).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/DataTable-5.js">',
    );
    expect(found).toContain(
      `<link rel="preload" as="fetch" crossorigin href="/trpc/orders.byId?input=${input}">`,
    );
    // Without a phone number the view shows its lookup form: its chunks, and no order asked for.
    expect(links(await page('/Order/12'))).toEqual(chunksOf('order'));
    // A phone the app would fetch with another spelling, or an id it would not fetch at all: chunks only.
    expect(links(await page('/Order/12/555%2F1'))).toEqual(chunksOf('order'));
    expect(links(await page('/Order/abc/5553104477'))).toEqual(chunksOf('order'));
    // /Order redirects to the view when the query has an id, else to the lookup form; with an id and a phone
    // (the lookup form sent before the app has started, or without JavaScript) the server sends it there.
    const looked = await fetch(`${shop.url}/Order?id=12&phone=(555)+310-4477`, { redirect: 'manual' });
    expect(looked.status).toBe(302);
    expect(looked.headers.get('location')).toBe('/Order/12/(555)%20310-4477');
    expect(links(await page('/Order?id=12'))).toEqual(chunksOf('order'));
    expect(links(await page('/Order'))).toEqual(chunksOf('lookup'));
  });

  it('announces the chunks of the pages without data, and no call (an order lookup is rate-limited)', async () => {
    expect(links(await page('/TreeCare'))).toEqual(chunksOf('treeCare'));
    expect(links(await page('/FAQ'))).toEqual(chunksOf('faq'));
    expect(links(await page('/Contact'))).toEqual(chunksOf('contact'));
    expect(links(await page('/Order/Lookup/12'))).toEqual(chunksOf('lookup'));
    expect(links(await page('/Order/Lookup'))).toEqual(chunksOf('lookup'));
    // The app's router ignores letter case and a trailing slash, and so does the announcement.
    expect(links(await page('/faq/'))).toEqual(chunksOf('faq'));
    expect(links(await page('/contact'))).toEqual(chunksOf('contact'));
  });

  it("announces the not-found page's chunk for an address no page matches, answered 404", async () => {
    expect(links(await page('/Nursery/Roses', 404))).toEqual(chunksOf('notFound'));
    expect(links(await page('/Order/Lookup/12/34', 404))).toEqual(chunksOf('notFound'));
  });

  it("answers 404 exactly where the app's router has no page, 200 where it has one", async () => {
    const found = [
      '/',
      '/Products',
      '/products/',
      '/TreeCare',
      '/FAQ',
      '/Contact',
      '/Order',
      '/Order?id=12',
      '/Order/Lookup',
      '/Order/Lookup/12',
      '/Order/12',
      '/Order/12/5553104477',
      '/order/12/5553104477/',
      '/Admin',
      '/Admin/',
      '/admin/login',
      '/Admin/Logout',
      '/Admin/Products',
      '/Admin/Stock',
      '/Admin/Orders',
      '/Admin/Orders/Edit',
      '/Admin/Orders/Edit/12',
      '/ADMIN/CONTACTS',
      '/Admin/Settings',
      '/Admin/Photos/',
    ];
    const missing = [
      '/Nursery',
      '/Products/abc',
      '/Products/99999/no-such-product',
      '/FAQ/more',
      '/Order/12/5553104477/extra',
      '/Order/Lookup/12/34',
      '/index',
      '/Admin/Nothing',
      '/Admin/Products/12',
      '/Admin/Orders/Edit/12/13',
      '/Admin/Logout/now',
      '/Administration',
    ];
    for (const address of found) {
      expect((await fetch(`${shop.url}${address}`)).status, address).toBe(200);
    }
    for (const address of missing) {
      const res = await fetch(`${shop.url}${address}`);
      expect(res.status, address).toBe(404);
      // Still the app: it shows its not-found page (or, in the back office, goes on to the products screen).
      expect(res.headers.get('content-type'), address).toContain('text/html');
      expect(await res.text(), address).toContain('<div id="root">');
    }
    // HEAD says the same.
    expect((await fetch(`${shop.url}/Nursery`, { method: 'HEAD' })).status).toBe(404);
  });

  it('leaves the back office with the plain head and without boot data', async () => {
    for (const address of ['/admin/settings', '/Admin', '/Admin/Orders/Edit/12', '/ADMIN/Products']) {
      const admin = await page(address);
      expect(links(admin), address).toEqual([]);
      expect(admin, address).not.toContain('boot-data');
    }
  });

  it('is compressed and never cached, like the file it replaces', async () => {
    const res = await fetch(`${shop.url}/Products`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });
});

describe('index.html per page when something is off', () => {
  let other: TestServer;
  let otherRoot: string;

  beforeAll(async () => {
    otherRoot = writeWebRoot(null);
    other = await startTestServer({ DEMO_DATA: 'true' }, { webRoot: otherRoot });
  });

  afterAll(async () => {
    await other?.stop();
    rmSync(otherRoot, { recursive: true, force: true });
  });

  /** GET with the request target exactly as given (fetch would normalise it). */
  const rawGet = (target: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(other.url);
      const req = http.get({ hostname, port, path: target }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });

  it('answers an address the URL parser refuses (//[ and the like) with the not-found page, not a 500', async () => {
    for (const target of ['//[', '//a:b@', '//x:99999/Products']) {
      const res = await rawGet(target);
      expect(res.status, target).toBe(404);
      expect(res.body, target).toContain('<div id="root">');
    }
  });

  it('still serves the page, without boot data, when the settings cannot be read', async () => {
    other.shop.database.sqlite.exec('ALTER TABLE settings RENAME TO settings_away');
    try {
      const res = await fetch(`${other.url}/FAQ`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root">');
      expect(html).not.toContain('boot-data');
    } finally {
      other.shop.database.sqlite.exec('ALTER TABLE settings_away RENAME TO settings');
    }
  });
});
