import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardPictureUrl, PRODUCT_TYPES, placeholderArt } from '@nursery/domain';
import { describe, expect, it } from 'vitest';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const css = readFileSync(path.join(web, 'src/styles/storefront.css'), 'utf8');

// The server announces a card's drawing by its address (cardPictureUrl) in the page's head; the card draws it
// with a class the style sheet maps to a file. Both must name the same file, or the announced one is wasted.
describe('the drawings of products without a photo', () => {
  for (const { productTypeId, productType } of PRODUCT_TYPES) {
    it(`${productType}: the announced file exists and is the one the style sheet draws`, () => {
      const art = placeholderArt(productTypeId);
      const url = cardPictureUrl({ hasImage: false, thumbnailImageUrl: null, productTypeId });
      expect(existsSync(path.join(web, 'public', url))).toBe(true);
      const rule = art === 'default' ? '.placeholder-art' : `.placeholder-art-${art}`;
      const block = new RegExp(`\\${rule} \\{[^}]*url\\("([^"]+)"\\)`).exec(css);
      expect(block?.[1]).toBe(url);
    });
  }
});
