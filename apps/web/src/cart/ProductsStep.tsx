import { ORDERING_CLOSED_TITLE, type Totals } from '@nursery/domain';
import { useRememberedZone } from '../storefront/hardinessZone';
import { cartZoneWarning, zoneNote } from '../storefront/zoneNote';
import { CartLine } from './CartLine';
import { CartTotals } from './CartTotals';
import type { PricedCartLine } from './checkout';
import type { useCartActions } from './useCartActions';

type CartActions = ReturnType<typeof useCartActions>;
/**
 * The cart's first step: its lines (or only the product just added, when one is featured), a word when
 * ordering is closed, and the totals.
 */
export function ProductsStep({
  shownLines,
  featuredProductId,
  ordersAreClosed,
  saving,
  totals,
  taxRate,
  actions,
}: {
  shownLines: readonly PricedCartLine[];
  featuredProductId: number | null;
  ordersAreClosed: boolean;
  saving: boolean;
  totals: Totals;
  taxRate: number;
  actions: CartActions;
}) {
  const { zone } = useRememberedZone();
  const zoneNotes = new Map(
    shownLines.map((line) => [
      line.entry.productId,
      line.product ? zoneNote(line.product.zones, zone) : null,
    ]),
  );
  const outside = shownLines.filter((line) => zoneNotes.get(line.entry.productId)?.fit === 'outside');
  return (
    <>
      {ordersAreClosed && featuredProductId === null ? (
        <p className="alert alert-warning">
          Online ordering is closed right now. Your cart is kept on this device, so you can place the order
          when we reopen.
        </p>
      ) : null}
      {outside.length > 0 ? (
        <p className="alert alert-warning zone-warning">
          {cartZoneWarning(
            outside.map((line) => line.product?.name ?? ''),
            zone ?? '',
          )}
        </p>
      ) : null}
      {shownLines.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <p className="text-muted">
            Browse our trees, shrubs and seeds and use <strong>Add to Cart</strong> on any product.
          </p>
        </div>
      ) : (
        <ul className="cart-lines" aria-label="Products in your cart">
          {shownLines.map((line, index) => (
            <CartLine
              key={line.entry.productId}
              line={line}
              saving={saving}
              autoFocus={featuredProductId !== null && index === 0}
              onQuantity={(q) => actions.setQuantity(line.entry.productId, q)}
              onStep={(d) => actions.step(line.entry.productId, d)}
              onRemove={() => actions.remove(line.entry.productId)}
              zone={zoneNotes.get(line.entry.productId) ?? null}
            />
          ))}
        </ul>
      )}
      <CartTotals totals={totals} taxRate={taxRate} />
    </>
  );
}

/** A product just added offers the whole cart or Close; the whole cart offers Close or Checkout. */
export function ProductsStepFooter({
  featuredProductId,
  ordersAreClosed,
  actions,
  checkout,
}: {
  featuredProductId: number | null;
  ordersAreClosed: boolean;
  actions: CartActions;
  checkout: () => void;
}) {
  return featuredProductId !== null ? (
    <>
      <button type="button" className="btn btn-info" onClick={actions.viewCart}>
        View Cart
      </button>
      <button type="button" className="btn btn-secondary" onClick={actions.hide}>
        Close
      </button>
    </>
  ) : (
    <>
      <button type="button" className="btn btn-secondary" onClick={actions.hide}>
        Close
      </button>
      <button
        type="button"
        className={`btn ${ordersAreClosed ? 'btn-warning' : 'btn-success'}`}
        onClick={checkout}
        title={ordersAreClosed ? ORDERING_CLOSED_TITLE : 'Enter your details to place the order'}
      >
        Checkout
      </button>
    </>
  );
}
