import { ProductStatus, productPath, type StorefrontProduct } from '@nursery/domain';
import { escapeHtml, scriptJson } from './html.ts';

/**
 * What a product page's first HTML says about the product, before any script runs: the title, description
 * and image a link preview (Open Graph, Twitter cards) or a search engine reads, the canonical address, and
 * schema.org Product data with its offers. Everything here is text from staff, so every value is escaped for
 * where it goes: HTML attributes through escapeHtml, the JSON-LD block through scriptJson.
 */

/** What a search result or a link preview shows of a description before cutting it. */
const DESCRIPTION_MAX = 160;

/** The shop's prices are dollars (DECISIONS: money). */
const CURRENCY = 'USD';

/** UN/CEFACT code for "one", the unit of an offer's quantity range (schema.org QuantitativeValue.unitCode). */
const UNIT_PIECE = 'C62';

/**
 * schema.org availability from the product's status. Active and Nursery can be ordered online: InStock.
 * Sold Out: OutOfStock. Call for Availability: LimitedAvailability, since the shop may have a few and
 * confirms by phone; PreOrder (a release still to come) and BackOrder (orderable now, delivered later)
 * would both promise something the shop does not (docs/decisions.md).
 */
export function schemaAvailability(product: Pick<StorefrontProduct, 'productStatus' | 'isSoldOut'>): string {
  if (product.isSoldOut || product.productStatus === ProductStatus.SoldOut)
    return 'https://schema.org/OutOfStock';
  if (product.productStatus === ProductStatus.CallForAvailability)
    return 'https://schema.org/LimitedAvailability';
  return 'https://schema.org/InStock';
}

/** Runs of spaces and line breaks as one space, cut at a word before `max` characters with an ellipsis. */
function shortText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:-]+$/, '')}…`;
}

/** The page's description: the product's own, or a sentence made from its facts when staff wrote none. */
export function productDescription(product: StorefrontProduct, shopName: string): string {
  if (product.description.trim() !== '') return shortText(product.description, DESCRIPTION_MAX);
  const facts = [
    product.species,
    product.productSize && `size ${product.productSize}`,
    product.zones && `zones ${product.zones}`,
  ].filter(Boolean);
  const about = facts.length > 0 ? ` (${facts.join(', ')})` : '';
  return shortText(`${product.name}${about}: ${product.productType} from ${shopName}.`, DESCRIPTION_MAX);
}

/** Two decimals, as schema.org and Open Graph read a price. */
const price = (cents: number) => (cents / 100).toFixed(2);

/** The product's photo as an absolute address, for previews fetched from elsewhere; null without one. */
export function productImageUrl(product: StorefrontProduct, publicUrl: string): string | null {
  if (!product.hasImage) return null;
  const image = product.fullSizeImageUrl ?? product.thumbnailImageUrl;
  if (!image) return null;
  // The shop's own /media path, on the public address (which may carry a path of its own).
  return image.startsWith('/') ? `${publicUrl}${image}` : image;
}

/**
 * The schema.org Product. One price: one Offer. Tiers: an AggregateOffer from the lowest to the highest unit
 * price, holding one Offer per tier whose eligibleQuantity says the quantities it applies to.
 */
export function productJsonLd(
  product: StorefrontProduct,
  options: { publicUrl: string; shopName: string },
): Record<string, unknown> {
  const url = `${options.publicUrl}${productPath(product)}`;
  const image = productImageUrl(product, options.publicUrl);
  const availability = schemaAvailability(product);
  const seller = { '@type': 'Organization', name: options.shopName, url: `${options.publicUrl}/` };
  const tiers = [...product.prices].sort((a, b) => a.startQuantity - b.startQuantity);
  const offerOf = (tier: (typeof tiers)[number]) => ({
    '@type': 'Offer',
    price: price(tier.priceCents),
    priceCurrency: CURRENCY,
    availability,
    itemCondition: 'https://schema.org/NewCondition',
    url,
    seller,
    eligibleQuantity: {
      '@type': 'QuantitativeValue',
      minValue: tier.startQuantity,
      ...(tier.endQuantity === null ? {} : { maxValue: tier.endQuantity }),
      unitCode: UNIT_PIECE,
    },
  });
  let offers: Record<string, unknown> | undefined;
  if (tiers.length === 1 && tiers[0]) offers = offerOf(tiers[0]);
  else if (tiers.length > 1) {
    const cents = tiers.map((t) => t.priceCents);
    offers = {
      '@type': 'AggregateOffer',
      lowPrice: price(Math.min(...cents)),
      highPrice: price(Math.max(...cents)),
      priceCurrency: CURRENCY,
      offerCount: tiers.length,
      availability,
      url,
      offers: tiers.map(offerOf),
    };
  }
  const properties = [
    ['Species', product.species],
    ['Hardiness zones', product.zones],
  ].filter(([, value]) => value);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    description: productDescription(product, options.shopName),
    url,
    sku: String(product.productId),
    category: product.productType,
    ...(image ? { image: [image] } : {}),
    ...(product.productSize ? { size: product.productSize } : {}),
    ...(properties.length > 0
      ? {
          additionalProperty: properties.map(([name, value]) => ({ '@type': 'PropertyValue', name, value })),
        }
      : {}),
    ...(offers ? { offers } : {}),
  };
}

/** The page's title as every storefront page writes it: '{title} | {site name}' (the spec). */
export const pageTitle = (title: string, shopName: string) => `${title} | ${shopName}`;

/**
 * The head of a product page: description, canonical link, Open Graph and Twitter card tags, and the JSON-LD
 * block (a data block: the content-security policy has nothing to allow, since it never runs).
 */
export function productHeadTags(
  product: StorefrontProduct,
  options: { publicUrl: string; shopName: string },
): { title: string; description: string; tags: string[] } {
  const url = `${options.publicUrl}${productPath(product)}`;
  const title = pageTitle(product.name, options.shopName);
  const description = productDescription(product, options.shopName);
  const image = productImageUrl(product, options.publicUrl);
  // The price a person pays for one: the tier starting at the smallest quantity, the price the page shows
  // first. The cheapest tier would be the 100+ price, which a shopper buying one never gets.
  const basePrice = [...product.prices].sort((a, b) => a.startQuantity - b.startQuantity)[0];
  const fromPrice = basePrice ? basePrice.priceCents : null;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', options.shopName),
    meta('property', 'og:title', product.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', product.name)] : []),
    ...(fromPrice === null
      ? []
      : [
          meta('property', 'product:price:amount', price(fromPrice)),
          meta('property', 'product:price:currency', CURRENCY),
        ]),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', product.name),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${scriptJson(productJsonLd(product, options))}</script>`,
  ];
  return { title, description, tags };
}
