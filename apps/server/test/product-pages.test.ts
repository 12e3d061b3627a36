/**
 * A product's own page as the first HTML carries it (title, description, canonical address, Open Graph and
 * Twitter tags, schema.org Product JSON-LD), the redirects to its one address, the not-found answers, and
 * the sitemap and robots.txt that point search engines at it.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest, startTestServer, type TestServer } from '../src/testing.ts';
import { setProductStatus } from './support/orders.ts';
import { signedInShop } from './support/shop.ts';
import { type RoutePreloads, writeWebRoot } from './support/webRoot.ts';

const ROUTE_PRELOADS = {
  products: { modules: ['/assets/Products-2.js'], images: [] },
  product: { modules: ['/assets/ProductPage-3.js'], images: [] },
  notFound: { modules: ['/assets/NotFound-11.js'], images: [] },
} satisfies RoutePreloads;

/** A public address with a character that must be escaped in XML and HTML. */
const PUBLIC_URL = 'https://plants.example.org/trees&shrubs';
const HOSTILE_NAME = 'Oak </script><script>alert(1)</script> "Big" & <b>bold</b>';

interface SavedProduct {
  productId: number;
  name: string;
}

let server: TestServer;
let webRoot: string;
let token: string;
const ids: Record<string, number> = {};

async function save(product: Record<string, unknown>): Promise<SavedProduct> {
  const r = await rest<{ product: SavedProduct }>(server.url, 'POST', '/api/v1/Products/SaveProduct', {
    body: { productTypeId: 2, ...product },
    token,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.product;
}

async function setStatus(productId: number, productStatus: number) {
  const r = await setProductStatus(server, token, productId, productStatus);
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  webRoot = writeWebRoot(
    ROUTE_PRELOADS,
    `<meta name="description" content="The build's description of the shop." />`,
  );
  ({ server, token } = await signedInShop(
    { DEMO_DATA: 'false', SHOP_NAME: 'Maple & Pine Nursery' },
    { webRoot },
  ));
  ids.tiered = (
    await save({
      name: 'Bur Oak',
      description: 'Massive, drought-tolerant oak\nwith corky bark and big fringed acorns.',
      species: 'Quercus macrocarpa',
      zones: '3-8',
      productSize: '12-18"',
      prices: [
        { startQuantity: 1, endQuantity: 9, price: 3.75 },
        { startQuantity: 10, endQuantity: 99, price: 3 },
        { startQuantity: 100, endQuantity: null, price: 2.3 },
      ],
    })
  ).productId;
  ids.single = (
    await save({
      name: 'Butternut',
      description: '',
      species: 'Juglans cinerea',
      zones: '3-7',
      prices: [{ startQuantity: 1, endQuantity: null, price: 6 }],
    })
  ).productId;
  ids.soldOut = (
    await save({ name: 'Pitch Pine', prices: [{ startQuantity: 1, endQuantity: null, price: 2 }] })
  ).productId;
  await setStatus(ids.soldOut, 3);
  ids.call = (
    await save({ name: 'Black Spruce', prices: [{ startQuantity: 1, endQuantity: null, price: 2 }] })
  ).productId;
  await setStatus(ids.call, 6);
  ids.inactive = (
    await save({ name: 'White Ash', prices: [{ startQuantity: 1, endQuantity: null, price: 2 }] })
  ).productId;
  await setStatus(ids.inactive, 1);
  ids.hostile = (
    await save({
      name: HOSTILE_NAME,
      description: 'Says </script> and <!-- in its text.',
      prices: [{ startQuantity: 1, endQuantity: null, price: 1 }],
    })
  ).productId;
});

afterAll(async () => {
  await server?.stop();
  rmSync(webRoot, { recursive: true, force: true });
});

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

async function page(address: string, status = 200): Promise<string> {
  const res = await fetch(`${server.url}${address}`, { redirect: 'manual' });
  expect(res.status, address).toBe(status);
  expect(res.headers.get('content-type'), address).toContain('text/html');
  return res.text();
}

/** A meta tag's content, unescaped as a browser reads it. */
function meta(html: string, key: string): string | null {
  const tag = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head(html));
  return tag ? unescapeHtml(tag[1] ?? '') : null;
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');
}

/** The JSON-LD blocks of the first HTML, parsed as a search engine parses them. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...head(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );
}

function productLd(html: string): Record<string, unknown> {
  const blocks = jsonLd(html);
  expect(blocks).toHaveLength(1);
  const product = blocks[0] ?? {};
  expect(product['@context']).toBe('https://schema.org');
  expect(product['@type']).toBe('Product');
  return product;
}

describe('a product page in the first HTML', () => {
  it('carries the title, description, canonical address, Open Graph and Twitter tags', async () => {
    const html = await page(`/Products/${ids.tiered}/bur-oak`);
    const url = `${server.config.publicUrl}/Products/${ids.tiered}/bur-oak`;
    expect(head(html)).toContain('<title>Bur Oak | Maple &amp; Pine Nursery</title>');
    const description = 'Massive, drought-tolerant oak with corky bark and big fringed acorns.';
    expect(meta(html, 'description')).toBe(description);
    // One description: the build's own is replaced, not doubled.
    expect(html).not.toContain("The build's description");
    expect(head(html)).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(html, 'og:type')).toBe('product');
    expect(meta(html, 'og:title')).toBe('Bur Oak');
    expect(meta(html, 'og:description')).toBe(description);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:site_name')).toBe('Maple & Pine Nursery');
    // The price for one (the 1-9 tier), not the 100+ tier's.
    expect(meta(html, 'product:price:amount')).toBe('3.75');
    expect(meta(html, 'product:price:currency')).toBe('USD');
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(meta(html, 'twitter:title')).toBe('Bur Oak');
    // No photo: no image tag rather than a broken one.
    expect(meta(html, 'og:image')).toBeNull();
    // The page's chunk and the list it reads the product from are announced.
    expect(head(html)).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ProductPage-3.js">',
    );
    expect(head(html)).toContain('/trpc/catalog.productsToShow');
    expect(html).toContain('id="boot-data"');
  });

  it('describes the product in schema.org JSON-LD with an AggregateOffer of its price tiers', async () => {
    const product = productLd(await page(`/Products/${ids.tiered}/bur-oak`));
    const url = `${server.config.publicUrl}/Products/${ids.tiered}/bur-oak`;
    expect(product.name).toBe('Bur Oak');
    expect(product.url).toBe(url);
    expect(product.sku).toBe(String(ids.tiered));
    expect(product.category).toBe('Deciduous');
    expect(product.size).toBe('12-18"');
    expect(product.description).toBe('Massive, drought-tolerant oak with corky bark and big fringed acorns.');
    expect(product.additionalProperty).toEqual([
      { '@type': 'PropertyValue', name: 'Species', value: 'Quercus macrocarpa' },
      { '@type': 'PropertyValue', name: 'Hardiness zones', value: '3-8' },
    ]);
    const offers = product.offers as Record<string, unknown>;
    expect(offers['@type']).toBe('AggregateOffer');
    expect(offers.lowPrice).toBe('2.30');
    expect(offers.highPrice).toBe('3.75');
    expect(offers.priceCurrency).toBe('USD');
    expect(offers.offerCount).toBe(3);
    expect(offers.availability).toBe('https://schema.org/InStock');
    const tiers = offers.offers as Record<string, unknown>[];
    expect(tiers.map((o) => [o['@type'], o.price, o.priceCurrency, o.availability])).toEqual([
      ['Offer', '3.75', 'USD', 'https://schema.org/InStock'],
      ['Offer', '3.00', 'USD', 'https://schema.org/InStock'],
      ['Offer', '2.30', 'USD', 'https://schema.org/InStock'],
    ]);
    expect(tiers.map((o) => o.eligibleQuantity)).toEqual([
      { '@type': 'QuantitativeValue', minValue: 1, maxValue: 9, unitCode: 'C62' },
      { '@type': 'QuantitativeValue', minValue: 10, maxValue: 99, unitCode: 'C62' },
      { '@type': 'QuantitativeValue', minValue: 100, unitCode: 'C62' },
    ]);
  });

  it('gives a single price as one Offer, and a description from the facts when staff wrote none', async () => {
    const html = await page(`/Products/${ids.single}/butternut`);
    expect(meta(html, 'description')).toBe(
      'Butternut (Juglans cinerea, zones 3-7): Deciduous from Maple & Pine Nursery.',
    );
    const offers = productLd(html).offers as Record<string, unknown>;
    expect(offers['@type']).toBe('Offer');
    expect(offers.price).toBe('6.00');
    expect(offers.priceCurrency).toBe('USD');
    expect(offers.eligibleQuantity).toEqual({ '@type': 'QuantitativeValue', minValue: 1, unitCode: 'C62' });
  });

  it('takes the availability from the status: Sold Out, Call for Availability', async () => {
    const soldOut = productLd(await page(`/Products/${ids.soldOut}/pitch-pine`));
    expect((soldOut.offers as Record<string, unknown>).availability).toBe('https://schema.org/OutOfStock');
    const call = productLd(await page(`/Products/${ids.call}/black-spruce`));
    expect((call.offers as Record<string, unknown>).availability).toBe(
      'https://schema.org/LimitedAvailability',
    );
  });

  it('escapes staff text everywhere: nothing in a name or description can end the JSON-LD or an attribute', async () => {
    const res = await fetch(`${server.url}/Products/${ids.hostile}/x`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe(`/Products/${ids.hostile}/oak-script-script-alert-1-script-big-b-bold-b`);
    const html = await page(location);
    // The only script elements in the head are the ones the server wrote.
    expect(head(html).match(/<script/g)).toHaveLength(2);
    expect(head(html)).not.toContain('<script>alert');
    expect(head(html)).not.toContain('<b>');
    const product = productLd(html);
    expect(product.name).toBe(HOSTILE_NAME);
    expect(product.description).toBe('Says </script> and <!-- in its text.');
    expect(meta(html, 'og:title')).toBe(HOSTILE_NAME);
    expect(head(html)).toContain(
      '<title>Oak &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Big&quot; &amp; &lt;b&gt;bold&lt;/b&gt; | Maple &amp; Pine Nursery</title>',
    );
  });

  it('names an absolute image address from PUBLIC_URL when the product has a photo', async () => {
    server.shop.database.sqlite
      .prepare('UPDATE products SET full_size_image_path = ?, thumbnail_image_path = ? WHERE product_id = ?')
      .run('photos/bur-oak.jpg', 'photos/bur-oak-thumb.jpg', ids.tiered);
    server.shop.catalogCache.invalidate();
    try {
      const html = await page(`/Products/${ids.tiered}/bur-oak`);
      const image = `${server.config.publicUrl}/media/photos/bur-oak.jpg`;
      expect(meta(html, 'og:image')).toBe(image);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'twitter:image')).toBe(image);
      expect(productLd(html).image).toEqual([image]);
      // The card's photo, the page's largest paint, is asked for with the page.
      expect(head(html)).toContain(
        '<link rel="preload" as="image" href="/media/photos/bur-oak-thumb.jpg" fetchpriority="high">',
      );
    } finally {
      server.shop.database.sqlite
        .prepare(
          'UPDATE products SET full_size_image_path = NULL, thumbnail_image_path = NULL WHERE product_id = ?',
        )
        .run(ids.tiered);
      server.shop.catalogCache.invalidate();
    }
  });

  it('keeps the strict content-security policy: no inline script allowed, the JSON-LD is data', async () => {
    const res = await fetch(`${server.url}/Products/${ids.tiered}/bur-oak`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
  });
});

describe('the one address of a product', () => {
  it('redirects (301) a missing, wrong or differently written slug to the product page, keeping the query', async () => {
    const canonical = `/Products/${ids.tiered}/bur-oak`;
    for (const [address, location] of [
      [`/Products/${ids.tiered}`, canonical],
      [`/Products/${ids.tiered}/`, canonical],
      [`/Products/${ids.tiered}/red-oak`, canonical],
      [`/Products/${ids.tiered}/Bur-Oak`, canonical],
      [`/products/${ids.tiered}/bur-oak`, canonical],
      [`/Products/${ids.tiered}/bur-oak/`, canonical],
      [`/Products/${ids.tiered}/old?utm_source=mail&x=1`, `${canonical}?utm_source=mail&x=1`],
    ] as const) {
      const res = await fetch(`${server.url}${address}`, { redirect: 'manual' });
      expect(res.status, address).toBe(301);
      expect(res.headers.get('location'), address).toBe(location);
      // Browsers must not keep it: a product renamed back to an old name would loop.
      expect(res.headers.get('cache-control'), address).toBe('no-cache');
    }
  });

  it('follows a rename at once: the old address redirects to the new one', async () => {
    const created = await save({
      name: 'Red Maple',
      prices: [{ startQuantity: 1, endQuantity: null, price: 3 }],
    });
    await page(`/Products/${created.productId}/red-maple`);
    await save({
      ...created,
      name: 'Swamp Red Maple',
      prices: [{ startQuantity: 1, endQuantity: null, price: 3 }],
    });
    const res = await fetch(`${server.url}/Products/${created.productId}/red-maple`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/Products/${created.productId}/swamp-red-maple`);
  });

  it('answers the not-found page with 404 for an id the storefront does not show', async () => {
    for (const address of [
      '/Products/999999/anything',
      '/Products/999999',
      `/Products/${ids.inactive}/white-ash`,
      '/Products/abc/bur-oak',
      '/Products/0/x',
      '/Products/012/x',
      `/Products/${ids.tiered}/bur-oak/more`,
    ]) {
      const html = await page(address, 404);
      expect(html, address).toContain('/assets/NotFound-11.js');
      expect(jsonLd(html), address).toEqual([]);
      expect(html, address).not.toContain('og:title');
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  async function sitemap(): Promise<{ text: string; locs: string[] }> {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const text = await res.text();
    return { text, locs: [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '') };
  }

  it('lists the pages and every product the storefront shows, at absolute addresses', async () => {
    const { text, locs } = await sitemap();
    const base = server.config.publicUrl;
    expect(
      text.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(text.trimEnd().endsWith('</urlset>')).toBe(true);
    for (const page of ['/', '/Products', '/TreeCare', '/FAQ', '/Contact'])
      expect(locs).toContain(`${base}${page}`);
    expect(locs).toContain(`${base}/Products/${ids.tiered}/bur-oak`);
    expect(locs).toContain(`${base}/Products/${ids.soldOut}/pitch-pine`);
    expect(locs).toContain(`${base}/Products/${ids.call}/black-spruce`);
    expect(locs.some((loc) => loc.includes(`/Products/${ids.inactive}/`))).toBe(false);
    // Every product entry has the day it last changed.
    const entries = [...text.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)];
    expect(entries).toHaveLength(locs.length);
    for (const [, loc, lastmod] of entries) {
      if (loc?.includes('/Products/')) expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Every address is one the server answers as a page (no redirect, no 404).
    for (const loc of locs.filter((l) => l.includes('/Products/'))) {
      await page(loc.slice(base.length));
    }
  });

  it('follows product changes at once', async () => {
    await sitemap();
    const created = await save({
      name: 'Tulip Tree',
      prices: [{ startQuantity: 1, endQuantity: null, price: 3 }],
    });
    expect((await sitemap()).locs).toContain(
      `${server.config.publicUrl}/Products/${created.productId}/tulip-tree`,
    );
    await setStatus(created.productId, 1);
    expect((await sitemap()).locs.some((l) => l.includes(`/Products/${created.productId}/`))).toBe(false);
  });

  it('is compressed like the other cached answers', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`, { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(await res.text()).toContain('<urlset');
  });

  it('keeps /Admin out and points to the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /Admin');
    expect(lines).toContain('Disallow: /Order/');
    expect(lines).toContain(`Sitemap: ${server.config.publicUrl}/sitemap.xml`);
  });
});

describe('addresses from PUBLIC_URL', () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ DEMO_DATA: 'true', PUBLIC_URL: PUBLIC_URL }, { webRoot });
  });
  afterAll(async () => other?.stop());

  it('writes the canonical address, og:url, the sitemap and robots.txt on the public address, escaped', async () => {
    const sitemapText = await (await fetch(`${other.url}/sitemap.xml`)).text();
    // In XML the & is written &amp;, and nowhere bare.
    expect(sitemapText).not.toContain('trees&shrubs');
    expect(sitemapText).toContain('<loc>https://plants.example.org/trees&amp;shrubs/</loc>');
    const first =
      /<loc>https:\/\/plants\.example\.org\/trees&amp;shrubs(\/Products\/\d+\/[a-z0-9-]+)<\/loc>/.exec(
        sitemapText,
      );
    expect(first).not.toBeNull();
    const path = first?.[1] ?? '';
    const html = await (await fetch(`${other.url}${path}`)).text();
    expect(head(html)).toContain(
      `<link rel="canonical" href="https://plants.example.org/trees&amp;shrubs${path}">`,
    );
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}${path}`);
    expect(productLd(html).url).toBe(`${PUBLIC_URL}${path}`);
    expect(await (await fetch(`${other.url}/robots.txt`)).text()).toContain(
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    );
  });
});
