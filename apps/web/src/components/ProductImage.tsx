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
        <PlaceholderArt productTypeId={product.productTypeId} />
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

/** A simple drawing per kind of product, so a list without photos still reads at a glance. */
function PlaceholderArt({ productTypeId }: { productTypeId: number }) {
  const common = {
    viewBox: '0 0 64 64',
    width: '42%',
    height: '42%',
    'aria-hidden': true,
    focusable: false,
  } as const;
  switch (productTypeId) {
    case 3: // Conifer
      return (
        <Art>
          <path d="M32 6 14 34h8L10 50h44L42 34h8z" fill="#4f7f53" />
          <rect x="29" y="50" width="6" height="8" fill="#8a6a45" />
        </Art>
      );
    case 1: // Fruit
      return (
        <Art>
          <path
            d="M32 20c-6-6-20-4-20 12 0 14 10 24 20 22 10 2 20-8 20-22 0-16-14-18-20-12z"
            fill="#c8553d"
          />
          <path d="M32 20c0-6 2-10 6-12" stroke="#6b4f36" strokeWidth="3" fill="none" strokeLinecap="round" />
          <path d="M36 12c6-4 12-2 14 2-6 3-11 2-14-2z" fill="#6b9a5a" />
        </Art>
      );
    case 4: // Native Seeds
    case 8: // Seeds
      return (
        <Art>
          <rect x="16" y="10" width="32" height="44" rx="3" fill="#e9dcb8" stroke="#a58b63" strokeWidth="2" />
          <circle cx="32" cy="28" r="8" fill="#e8b33c" />
          <circle cx="32" cy="28" r="3" fill="#6b4a1e" />
          <path d="M32 36v10" stroke="#5b8a4c" strokeWidth="2.5" />
        </Art>
      );
    case 6: // Tree Tubes
      return (
        <Art>
          <rect x="24" y="14" width="16" height="40" rx="2" fill="#d9d4c7" stroke="#8f8a7b" strokeWidth="2" />
          <path d="M32 14V6M32 10l-6-4M32 9l6-4" stroke="#5b8a4c" strokeWidth="2.5" strokeLinecap="round" />
          <path d="M16 56h32" stroke="#a58b63" strokeWidth="4" strokeLinecap="round" />
        </Art>
      );
    case 7: // Shrubs
      return (
        <Art>
          <ellipse cx="22" cy="40" rx="14" ry="12" fill="#6b9a5a" />
          <ellipse cx="42" cy="38" rx="15" ry="14" fill="#4f7f53" />
          <ellipse cx="32" cy="30" rx="12" ry="11" fill="#7fa866" />
          <path d="M10 54h44" stroke="#a58b63" strokeWidth="4" strokeLinecap="round" />
        </Art>
      );
    case 2: // Deciduous
    case 9: // Bigger Trees/Liners
    case 10: // Balled and Burlap/Potted
      return (
        <Art>
          <circle cx="32" cy="26" r="18" fill="#5f9a50" />
          <circle cx="22" cy="30" r="10" fill="#6fa95d" />
          <circle cx="42" cy="24" r="10" fill="#4e8a45" />
          <rect x="29" y="38" width="6" height="18" fill="#7a5a3c" />
          <path d="M18 58h28" stroke="#a58b63" strokeWidth="4" strokeLinecap="round" />
        </Art>
      );
    default:
      return (
        <Art>
          <path d="M32 58V30" stroke="#6b8f5e" strokeWidth="3" fill="none" strokeLinecap="round" />
          <path d="M32 34c-12 0-20-8-20-20 12 0 20 8 20 20z" fill="#8fb57d" />
          <path d="M32 28c0-12 8-20 22-20 0 12-8 20-22 20z" fill="#6b9a5a" />
          <path d="M18 58h28" stroke="#a58b63" strokeWidth="4" strokeLinecap="round" />
        </Art>
      );
  }
}

function Art({ children }: { children: React.ReactNode }) {
  return (
    <svg viewBox="0 0 64 64" width="42%" height="42%" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
