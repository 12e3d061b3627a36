import { productPath } from '@nursery/domain';
import { sitemapProducts } from '../catalog/storefront.ts';
import type { ShopConfig } from '../config.ts';
import type { RawJson } from '../rawJson.ts';
import type { Shop } from '../shop.ts';

/**
 * /sitemap.xml and /robots.txt: what search engines may read of the shop and where its pages are.
 * Addresses are absolute from PUBLIC_URL, the address customers use.
 */

/** The storefront's pages with content of their own (the order pages are a customer's, never listed). */
const SITE_PAGES = ['/', '/Products', '/TreeCare', '/FAQ', '/Contact'];

/** Text for XML: the five characters with a meaning in markup. */
function xmlText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** A W3C date (what sitemaps take): the day is all a crawler needs, and it does not leak the time of an edit. */
const w3cDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function urlEntry(loc: string, lastModified: number | null): string {
  const lastmod = lastModified === null ? '' : `<lastmod>${w3cDate(lastModified)}</lastmod>`;
  return `<url><loc>${xmlText(loc)}</loc>${lastmod}</url>`;
}

export function buildSitemapXml(shop: Shop): string {
  const base = shop.config.publicUrl;
  const listed = sitemapProducts(shop);
  // The product list changes when a product does: its newest change dates the list page.
  const newest = listed.length > 0 ? Math.max(...listed.map((p) => p.lastModified)) : null;
  const entries = [
    ...SITE_PAGES.map((page) => urlEntry(`${base}${page}`, page === '/Products' ? newest : null)),
    ...listed.map((p) => urlEntry(`${base}${productPath(p)}`, p.lastModified)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap, built once and kept with the storefront's other cached answers: any change to products
 * drops it (catalogCache.invalidate, and productsChanged after an order, since it cannot update itself).
 */
export function sitemapXml(shop: Shop): RawJson<string> {
  return shop.catalogCache.get('sitemap.xml', () => buildSitemapXml(shop));
}

/**
 * The back office and the calls behind the pages are no place for a crawler; nor are order pages, whose
 * addresses carry a customer's phone number.
 */
export function robotsTxt(config: Pick<ShopConfig, 'publicUrl'>): string {
  return [
    'User-agent: *',
    'Disallow: /Admin',
    'Disallow: /Order/',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /Exports/',
    'Disallow: /oidc/',
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
