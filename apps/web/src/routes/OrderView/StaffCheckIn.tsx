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
  // The order with the tokens of its check-in and payment, as the desk keeps them: a payment or undo tapped here
  // acts only on what this page shows, so one another phone recorded meanwhile stands and this one is told and
  // listed as not recorded, instead of replacing it unseen.
  const counter = useQuery({ ...trpc.pickup.counterOrder.queryOptions({ orderId }), staleTime: 0 });
  const order = counter.data?.order ?? null;
  return (
    <section className="panel staff-check-in no-print" aria-labelledby="staff-check-in">
      <div className="panel-body">
        <h2 id="staff-check-in">Counter check-in</h2>
        {counter.data ? (
          <CheckInPanel
            order={counter.data.order}
            tokens={counter.data}
            {...(onChanged ? { onChanged } : {})}
          />
        ) : counter.isError ? (
          <p className="alert alert-danger">{counter.error.message}</p>
        ) : (
          <p role="status">Loading...</p>
        )}
        <p className="mb-0">
          <Link
            to="/Admin/Pickup"
            search={{
              ...(order?.pickUpDayId ? { day: order.pickUpDayId } : {}),
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
