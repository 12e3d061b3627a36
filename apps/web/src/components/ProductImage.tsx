import type { StorefrontProduct } from '../storefront/types';

export interface ProductImageProps {
  product: Pick<StorefrontProduct, 'name' | 'hasImage' | 'thumbnailImageUrl' | 'species'>;
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
        <svg viewBox="0 0 64 64" width="40%" height="40%" aria-hidden="true" focusable="false">
          <path d="M32 58V30" stroke="#6b8f5e" strokeWidth="3" fill="none" strokeLinecap="round" />
          <path d="M32 34c-12 0-20-8-20-20 12 0 20 8 20 20z" fill="#8fb57d" />
          <path d="M32 28c0-12 8-20 22-20 0 12-8 20-22 20z" fill="#6b9a5a" />
          <path d="M18 58h28" stroke="#a58b63" strokeWidth="4" strokeLinecap="round" />
        </svg>
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
