import { formatMoney, type Totals } from '@nursery/domain';
import { BusyLabel } from '../components/BusyLabel';
import { CardTable, num } from '../components/CardTable';
import { CartTotals } from './CartTotals';
import { goToStep } from './cartState';
import { updateCart } from './cartStore';
import type { OrderInput, PricedCartLine } from './checkout';
import type { OpenPickUpDay } from './PickUpDayChoice';

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
      <CardTable tableClassName="table table-sm" columns={['Product', num('Qty'), num('Subtotal')]}>
        {orderedLines.map((l) => (
          <ConfirmLineRow key={l.entry.productId} line={l} />
        ))}
      </CardTable>
      <CartTotals totals={totals} taxRate={taxRate} />
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

function ConfirmLineRow({ line }: { line: PricedCartLine }) {
  return (
    <tr>
      <td data-label="Product">
        {line.product?.name ?? `Product ${line.entry.productId}`}
        {line.product?.productSize ? <span className="text-muted"> · {line.product.productSize}</span> : null}
      </td>
      <td className="num" data-label="Qty">
        {line.entry.cartQuantity}
      </td>
      <td className="num" data-label="Subtotal">
        {line.subtotalCents === null ? '—' : formatMoney(line.subtotalCents)}
      </td>
    </tr>
  );
}
