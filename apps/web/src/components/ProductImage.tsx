import type { StorefrontProduct } from '../storefront/types';

export interface ProductImageProps {
  product: Pick<StorefrontProduct, 'name' | 'hasImage' | 'thumbnailImageUrl' | 'species' | 'productTypeId'>;
  size: number;
  className?: string;
  /** The first cards on screen load at once; the rest wait until they are scrolled to. */
  eager?: boolean;
}

/**
 * A square product image with its size fixed before it loads, so nothing below it jumps.
 * Products without a photo get a drawn seedling rather than a broken image.
 */
export function ProductImage({ product, size, className, eager = false }: ProductImageProps) {
  const alt = product.species ? `${product.name} (${product.species})` : product.name;
  if (!product.hasImage || !product.thumbnailImageUrl) {
    return (
      <div
        className={`product-image product-image-placeholder${className ? ` ${className}` : ''}`}
        role="img"
        aria-label={`No photo yet of ${product.name}`}
      >
        <span className={`placeholder-art placeholder-art-${placeholderArt(product.productTypeId)}`} />
      </div>
    );
  }
  return (
    <img
      className={`product-image${className ? ` ${className}` : ''}`}
      src={product.thumbnailImageUrl}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/**
 * A simple drawing per kind of product, so a list without photos still reads at a glance. The drawings
 * are SVG files under public/images/placeholders (cached once, drawn by CSS), not script on every page.
 */
function placeholderArt(productTypeId: number): string {
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
