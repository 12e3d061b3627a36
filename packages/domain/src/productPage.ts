/**
 * A product's own address, /Products/{id}/{slug}: the id finds the product, the slug only makes the address
 * readable. The server (head tags, 301 to the right slug, sitemap) and the web app (links, its own redirect)
 * both ask here, so a link the app writes is the address the server calls canonical.
 */

/** The longest slug: enough for any plant name, short enough for a link shared in a message. */
const SLUG_MAX_LENGTH = 80;

/** What a name with no letters or digits at all (say "???") is called in its address. */
const SLUG_FALLBACK = 'product';

/**
 * The slug of a product name: lower-case ASCII letters and digits in words joined by '-'. Accents are
 * dropped (Épinette -> epinette), an apostrophe joins its word (Doug's -> dougs), quotes of sizes go
 * (12-18" -> 12-18), anything else separates words. Cut at a word boundary past SLUG_MAX_LENGTH.
 */
export function productSlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX_LENGTH) {
      if (!slug) slug = word.slice(0, SLUG_MAX_LENGTH);
      break;
    }
    slug = next;
  }
  return slug || SLUG_FALLBACK;
}

/** The product's canonical path on the storefront. */
export function productPath(product: { productId: number; name: string }): string {
  return `/Products/${product.productId}/${productSlug(product.name)}`;
}

/**
 * The id in a product page's path segment, or null when the segment is no product id (the page is then the
 * not-found page): digits only, no sign or leading zeros, within a safe integer.
 */
export function productIdParam(segment: string): number | null {
  if (!/^[1-9][0-9]{0,14}$/.test(segment)) return null;
  return Number(segment);
}

/**
 * The photo a product's card shows, or null when the card draws its placeholder instead (cardPictureUrl).
 */
export function cardPhotoUrl(product: {
  hasImage: boolean;
  thumbnailImageUrl: string | null;
}): string | null {
  return product.hasImage && product.thumbnailImageUrl ? product.thumbnailImageUrl : null;
}

/** The drawings of a product without a photo: SVG files under the web app's public/images/placeholders. */
export type PlaceholderArt = 'fruit' | 'tree' | 'conifer' | 'seeds' | 'tree-tubes' | 'shrubs' | 'default';

/** A simple drawing per kind of product, so a list without photos still reads at a glance. */
export function placeholderArt(productTypeId: number): PlaceholderArt {
  switch (productTypeId) {
    case 1: // Fruit
      return 'fruit';
    case 2: // Deciduous
    case 9: // Bigger Trees/Liners
    case 10: // Balled and Burlap/Potted
      return 'tree';
    case 3: // Conifer
      return 'conifer';
    case 4: // Native Seeds
    case 8: // Seeds
      return 'seeds';
    case 6: // Tree Tubes
      return 'tree-tubes';
    case 7: // Shrubs
      return 'shrubs';
    default:
      return 'default';
  }
}

/**
 * The picture a product's card shows: its photo, or the drawing of its kind, which the storefront's style
 * sheet draws as `.placeholder-art-{art}` from /images/placeholders/{art}.svg. The card draws by these rules,
 * and the server announces the same picture in the head of a page whose first screen shows it largest.
 */
export function cardPictureUrl(product: {
  hasImage: boolean;
  thumbnailImageUrl: string | null;
  productTypeId: number;
}): string {
  return cardPhotoUrl(product) ?? `/images/placeholders/${placeholderArt(product.productTypeId)}.svg`;
}
