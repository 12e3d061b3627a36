import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../trpc';
import { CheckInPanel } from '../Admin/shared/pickup/CheckInPanel';

/**
 * What a signed-in staff member sees on an order page, typically opened by scanning the customer's QR code at
 * the counter: the check-in and payment for this order right here, and the way to the pick-up desk. Loaded only
 * for staff, so customers' pages never carry the tRPC client.
 */
export function StaffCheckIn({ orderId, onChanged }: { orderId: number; onChanged?: () => void }) {
  const order = useQuery({ ...trpc.orders.detailsById.queryOptions({ orderId }), staleTime: 0 });
  // With no payment shown, a payment tapped here is sent as made over none: one another phone recorded meanwhile
  // stands and this one is told and listed as not recorded, instead of replacing it unseen. A payment shown is
  // corrected as shown (this page has not the token the desk keeps for it).
  const tokens = order.data?.paid === null ? { checkInToken: null, paymentToken: null } : undefined;
  return (
    <section className="panel staff-check-in no-print" aria-labelledby="staff-check-in">
      <div className="panel-body">
        <h2 id="staff-check-in">Counter check-in</h2>
        {order.data ? (
          <CheckInPanel order={order.data} tokens={tokens} {...(onChanged ? { onChanged } : {})} />
        ) : order.isError ? (
          <p className="alert alert-danger">{order.error.message}</p>
        ) : (
          <p role="status">Loading...</p>
        )}
        <p className="mb-0">
          <Link
            to="/Admin/Pickup"
            search={{
              ...(order.data?.pickUpDayId ? { day: order.data.pickUpDayId } : {}),
              q: String(orderId),
              order: orderId,
            }}
          >
            Open the pick-up desk
          </Link>
        </p>
      </div>
    </section>
  );
}
