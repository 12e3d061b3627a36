import { cardPhotoUrl, placeholderArt } from '@nursery/domain';
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
  const photo = cardPhotoUrl(product);
  if (!photo) {
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
      src={photo}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
