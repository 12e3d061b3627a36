import { selectTier, tierLabel } from '@nursery/domain';
import type { ProductPrice } from '../storefront/types';

export interface PriceTableProps {
  prices: readonly ProductPrice[];
  /** The quantity in the cart: its tier is shown in bold. */
  quantity: number;
  productName: string;
}

/** 'Price per Unit' for a single price; otherwise one row per quantity range (1-9, 10+). */
export function PriceTable({ prices, quantity, productName }: PriceTableProps) {
  if (prices.length === 0) return <p className="price-table-empty text-muted">Call for pricing</p>;
  const sorted = [...prices].sort((a, b) => a.startQuantity - b.startQuantity);
  const current = quantity > 0 ? selectTier(sorted, quantity) : null;
  return (
    <table className="price-table">
      <caption className="sr-only">Prices for {productName}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Price each</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((tier) => {
          const isCurrent = current?.productPriceId === tier.productPriceId;
          return (
            <tr key={tier.productPriceId} className={isCurrent ? 'is-current' : undefined}>
              <th scope="row">{tierLabel(tier, sorted.length)}</th>
              <td>
                {isCurrent ? <strong>{tier.displayPrice}</strong> : tier.displayPrice}
                {isCurrent ? <span className="sr-only"> (your price)</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
