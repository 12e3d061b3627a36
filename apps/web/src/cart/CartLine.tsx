import { formatMoney, isOrderableOnline } from '@nursery/domain';
import { PriceTable } from '../components/PriceTable';
import { ProductImage } from '../components/ProductImage';
import type { ZoneNote } from '../storefront/zoneNote';
import type { PricedCartLine } from './checkout';
import { QuantityInput } from './QuantityInput';

/** One product in the cart: its picture, prices, quantity and line total, and the way to remove it. */
export function CartLine({
  line,
  saving,
  autoFocus,
  onQuantity,
  onStep,
  onRemove,
  zone,
}: {
  line: PricedCartLine;
  /** How the product's zones meet the customer's zone, when they have set one. */
  zone: ZoneNote | null;
  saving: boolean;
  autoFocus: boolean;
  onQuantity: (q: number) => void;
  onStep: (d: 1 | -1) => void;
  onRemove: () => void;
}) {
  const { entry, product } = line;
  if (!product) {
    return (
      <li className="cart-line cart-line-missing">
        <div className="cart-line-info">
          <strong>A product that is no longer offered</strong>
          <p className="text-muted mb-0">It will not be part of your order.</p>
        </div>
        <button type="button" className="btn btn-sm btn-danger" onClick={onRemove} disabled={saving}>
          Remove
        </button>
      </li>
    );
  }
  const orderable = isOrderableOnline(product.productStatus);
  return (
    <li className="cart-line" data-product-id={product.productId}>
      <ProductImage product={product} size={72} className="cart-line-image" eager />
      <div className="cart-line-info">
        <div className="cart-line-name">
          <strong>{product.name}</strong>
          {product.productSize ? <span className="text-muted"> · {product.productSize}</span> : null}
        </div>
        <div className="text-muted cart-line-type">{product.productType}</div>
        {!orderable ? (
          <p className="form-error mb-0">
            {product.displayProductStatus}: this product cannot be ordered online, so it is not part of your
            order.
          </p>
        ) : null}
        {zone && zone.fit !== 'inside' ? (
          <p className={`zone-note zone-note-${zone.fit}`}>{zone.text}</p>
        ) : null}
        <PriceTable prices={product.prices} quantity={entry.cartQuantity} productName={product.name} />
      </div>
      <div className="cart-line-controls">
        <QuantityInput
          productName={product.name}
          quantity={entry.cartQuantity}
          onChange={onQuantity}
          onStep={onStep}
          withButtons
          disabled={saving}
          autoFocus={autoFocus}
        />
        <div className="cart-line-subtotal" aria-live="polite">
          {!orderable ? (
            <span className="text-muted">—</span>
          ) : line.subtotalCents === null ? (
            <span className="text-muted">{entry.cartQuantity > 0 ? 'No price for this quantity' : '—'}</span>
          ) : (
            formatMoney(line.subtotalCents)
          )}
        </div>
        <button
          type="button"
          className="btn btn-sm btn-link"
          onClick={onRemove}
          disabled={saving}
          aria-label={`Remove ${product.name} from cart`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
