import { formatMoney } from '@nursery/domain';
import { BusyLabel } from '../components/BusyLabel';
import { CartTotals } from './CartTotals';
import { goToStep } from './cartState';
import { updateCart } from './cartStore';
import type { OrderInput, PricedCartLine } from './checkout';
import type { OpenPickUpDay } from './PickUpDayChoice';

type Totals = { subtotalCents: number; taxCents: number; totalCents: number };

/** The checkout's last step: the details and lines as they will be ordered, with the totals. */
export function ConfirmStep({
  input,
  orderedLines,
  totals,
  taxRate,
  pickUpDay,
}: {
  input: OrderInput;
  pickUpDay?: OpenPickUpDay | undefined;
  orderedLines: readonly PricedCartLine[];
  totals: Totals;
  taxRate: number;
}) {
  return (
    <div className="order-confirm">
      <div className="alert alert-info" role="note">
        By placing this order you are committing to purchase the items below. We will send you an e-mail
        within 24 hours to confirm your order and arrange pick-up. No payment is taken online.
      </div>
      <dl className="details-list">
        <dt>Name</dt>
        <dd>{input.name}</dd>
        <dt>Email</dt>
        <dd>{input.email}</dd>
        <dt>Phone</dt>
        <dd>{input.phoneNumber}</dd>
        {pickUpDay ? (
          <>
            <dt>Pick-up day</dt>
            <dd>
              {pickUpDay.displayDate}, {pickUpDay.displayHours}
            </dd>
          </>
        ) : null}
        {input.workPhoneNumber ? (
          <>
            <dt>Work phone</dt>
            <dd>{input.workPhoneNumber}</dd>
          </>
        ) : null}
        {input.comments ? (
          <>
            <dt>Comments</dt>
            <dd className="pre-line">{input.comments}</dd>
          </>
        ) : null}
      </dl>
      {/* On a phone each line is a card with its figures labelled (.table-cards): as three columns, a quantity of
          100,000 and its subtotal ran past the dialog's edge at 320 px. */}
      <div className="table-cards">
        <div className="table-wrap">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Qty
                </th>
                <th scope="col" className="num">
                  Subtotal
                </th>
              </tr>
            </thead>
            <tbody>
              {orderedLines.map((l) => (
                <tr key={l.entry.productId}>
                  <td data-label="Product">
                    {l.product?.name ?? `Product ${l.entry.productId}`}
                    {l.product?.productSize ? (
                      <span className="text-muted"> · {l.product.productSize}</span>
                    ) : null}
                  </td>
                  <td className="num" data-label="Qty">
                    {l.entry.cartQuantity}
                  </td>
                  <td className="num" data-label="Subtotal">
                    {l.subtotalCents === null ? '—' : formatMoney(l.subtotalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <CartTotals
        subtotalCents={totals.subtotalCents}
        taxCents={totals.taxCents}
        totalCents={totals.totalCents}
        taxRate={taxRate}
      />
    </div>
  );
}

/** Back to the details, or Submit Order (once: it says Submitting until the answer comes). */
export function ConfirmStepFooter({ saving, placeOrder }: { saving: boolean; placeOrder: () => void }) {
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={saving}
        onClick={() => updateCart((s) => goToStep(s, 'details'))}
      >
        Go Back
      </button>
      <button
        type="button"
        className="btn btn-success"
        onClick={placeOrder}
        aria-disabled={saving ? true : undefined}
        aria-live="polite"
        data-autofocus
      >
        <BusyLabel busy={saving} busyText="Submitting">
          Submit Order
        </BusyLabel>
      </button>
    </>
  );
}
