import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../trpc';
import type { AdminOrder, OrderListItem } from '../shared/orders/types';
import { CheckInPanel } from '../shared/pickup/CheckInPanel';
import type { DeskOrder } from '../shared/pickup/counterView';
import { paymentText, pickupStatusText } from '../shared/pickup/pickupText';

/** What a card of the desk shows before it is opened: an order of the list, or one kept on the phone. */
export type CardOrder = Pick<
  OrderListItem,
  | 'orderId'
  | 'name'
  | 'phoneNumber'
  | 'totalQuantity'
  | 'displayTotalPrice'
  | 'pickedUpTimestamp'
  | 'displayPickedUpTimestamp'
  | 'pickedUpUsername'
  | 'paidMethod'
  | 'displayPaid'
>;

export function cardOf(entry: DeskOrder): CardOrder {
  return { ...entry.order, displayTotalPrice: entry.order.displayTotal };
}

export function PickupRow({
  order,
  entry,
  open,
  onToggle,
}: {
  order: CardOrder;
  /** The order as kept on the phone with its waiting taps: then nothing is asked of the server. */
  entry: DeskOrder | undefined;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const details = useQuery({
    // With the tokens of its check-in and payment, so a tap on the card acts only on what it shows.
    ...trpc.pickup.counterOrder.queryOptions({ orderId: order.orderId }),
    enabled: open && !entry,
  });
  const tokens = entry ?? details.data;
  // An open card speaks from the order as last answered (a check-in or payment just made), the list may lag.
  const full = tokens?.order;
  const live = entry ? entry.order : open && details.data ? details.data.order : order;
  const pickedUp = live.pickedUpTimestamp !== null;
  const panelId = `pickup-order-${order.orderId}`;
  return (
    <li className={pickedUp ? 'pickup-card is-picked-up' : 'pickup-card'}>
      <div className="pickup-card-head">
        <div>
          <h2 className="pickup-card-title">
            #{order.orderId} {order.name}
          </h2>
          <p className="text-muted mb-0">
            {order.phoneNumber} · {order.totalQuantity} {order.totalQuantity === 1 ? 'plant' : 'plants'} ·{' '}
            {order.displayTotalPrice}
          </p>
          <p className="mb-0">
            <span className={pickedUp ? 'pickup-badge is-picked-up' : 'pickup-badge is-waiting'}>
              {pickedUp ? 'Picked up' : 'Waiting'}
            </span>{' '}
            <span className="text-muted">{paymentText(live)}</span>
          </p>
          {pickedUp ? <p className="text-muted mb-0">{pickupStatusText(live)}</p> : null}
          {entry && entry.waiting > 0 ? (
            <p className="counter-waiting mb-0" data-testid="waiting-to-send">
              {entry.waiting === 1 ? '1 change waits' : `${entry.waiting} changes wait`} on this phone to be
              sent
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          aria-label={`${open ? 'Close' : 'Check in'} order ${order.orderId}`}
          onClick={() => onToggle(!open)}
        >
          {open ? 'Close' : 'Check in'}
        </button>
      </div>
      {open ? (
        <div id={panelId} className="pickup-card-body">
          {full ? (
            <>
              <HandOverList lines={full.products} />
              <CheckInPanel key={full.orderId} order={full} tokens={tokens} />
            </>
          ) : details.isError ? (
            <p className="alert alert-danger">{details.error.message}</p>
          ) : (
            <p role="status">Loading...</p>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** The plants to hand over, as the customer will count them: quantity, name and size, line by line. */
function HandOverList({ lines }: { lines: AdminOrder['products'] }) {
  return (
    <section className="hand-over" aria-label="To hand over">
      <h3>To hand over</h3>
      <ul className="hand-over-lines">
        {lines.map((line) => (
          <li key={line.orderProductXrefId}>
            <span className="hand-over-quantity">{line.quantity}</span> × {line.name}
            {line.productSize ? <span className="text-muted"> ({line.productSize})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
