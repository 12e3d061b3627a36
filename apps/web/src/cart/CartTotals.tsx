import { formatMoney, type Totals } from '@nursery/domain';

/** Subtotal, tax at the shop's rate and total, as the cart and the confirmation show them. */
export function CartTotals({ totals, taxRate }: { totals: Totals; taxRate: number }) {
  const { subtotalCents, taxCents, totalCents } = totals;
  return (
    <dl className="cart-totals" aria-label="Order totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{formatMoney(subtotalCents)}</dd>
      </div>
      <div>
        <dt>Tax ({(taxRate / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%)</dt>
        <dd data-testid="cart-tax">{formatMoney(taxCents)}</dd>
      </div>
      <div className="cart-total">
        <dt>Total</dt>
        <dd data-testid="cart-total">{formatMoney(totalCents)}</dd>
      </div>
    </dl>
  );
}
