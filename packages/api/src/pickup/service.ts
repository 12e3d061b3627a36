import { orders } from '@nursery/db';
import { type CheckInInput, formatMoney, type RecordPaymentInput } from '@nursery/domain';
import { eq } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { type AdminOrder, adminOrderDetails, orderNotFound } from '../orders/adminList.ts';
import { staffName } from '../orders/adminUpdate.ts';
import type { Shop } from '../shop.ts';
import type { StaffIdentity } from '../trpc.ts';
import { queueOrderEvent } from '../webhooks/events.ts';

/**
 * Check-in at the counter. These writes touch only the order's pick-up and payment columns, which the order
 * editor never writes, so they leave the order's version alone: a colleague with the order open in the editor
 * can still save it, and nothing of the check-in is overwritten (docs/decisions.md).
 */

type Change = Partial<typeof orders.$inferInsert>;

/** Applies a change to a live order (a deleted one is refused) and answers the order as staff see it. */
function changeOrder(
  shop: Shop,
  orderId: number,
  event: 'order.pickedUp' | 'order.paid',
  change: (row: { pickedUpAt: number | null; totalCents: number }) => Change | null,
) {
  shop.database.sqlite
    .transaction(() => {
      const row = shop.db
        .select({ deletedAt: orders.deletedAt, pickedUpAt: orders.pickedUpAt, totalCents: orders.totalCents })
        .from(orders)
        .where(eq(orders.orderId, orderId))
        .get();
      if (!row) throw orderNotFound(orderId);
      if (row.deletedAt !== null) {
        throw new ShopError({
          kind: 'bad_request',
          message: `Order ${orderId} is deleted. Restore it before checking it in or recording a payment.`,
        });
      }
      const set = change(row);
      if (set) {
        shop.db.update(orders).set(set).where(eq(orders.orderId, orderId)).run();
        queueOrderEvent(shop, event, orderId);
      }
    })
    .immediate();
  shop.webhooks.flush();
  return adminOrderDetails(shop, orderId);
}

/**
 * Marks an order picked up now, by the signed-in staff member. An order already picked up keeps its first
 * record: a second tap (or a colleague at the other till) must not rewrite who handed it over.
 */
export function checkIn(shop: Shop, staff: StaffIdentity, input: CheckInInput): AdminOrder {
  const now = shop.now().getTime();
  return changeOrder(shop, input.orderId, 'order.pickedUp', (row) =>
    row.pickedUpAt === null ? { pickedUpAt: now, pickedUpBy: staffName(staff) } : null,
  );
}

/** Undoes a mistaken check-in: the order is waiting again. A payment recorded stays (it may have come first). */
export function undoCheckIn(shop: Shop, _staff: StaffIdentity, input: CheckInInput): AdminOrder {
  return changeOrder(shop, input.orderId, 'order.pickedUp', (row) =>
    row.pickedUpAt === null ? null : { pickedUpAt: null, pickedUpBy: null },
  );
}

/**
 * Records what was paid at the counter for the order, replacing what was recorded before, with who took it and
 * when. What is recorded is what the order received, so it cannot be more than the order's total: a customer
 * who hands over more gets change, and $9,999 typed for a $68.58 order is a slip (docs/decisions.md).
 */
export function recordPayment(shop: Shop, staff: StaffIdentity, input: RecordPaymentInput): AdminOrder {
  const now = shop.now().getTime();
  return changeOrder(shop, input.orderId, 'order.paid', (row) => {
    if (input.amount > row.totalCents) {
      const total = formatMoney(row.totalCents);
      throw new ShopError({
        kind: 'bad_request',
        message: `Order ${input.orderId} comes to ${total}: record at most ${total} as paid, and give anything over it back as change.`,
        problems: [{ path: ['amount'], message: `At most ${total}, the order's total.` }],
      });
    }
    return {
      paidMethod: input.method,
      paidCents: input.amount,
      paidCheckNumber: input.method === 'check' ? input.checkNumber : null,
      paidAt: now,
      paidBy: staffName(staff),
    };
  });
}

/** Takes back a payment recorded by mistake. */
export function clearPayment(shop: Shop, _staff: StaffIdentity, input: CheckInInput): AdminOrder {
  return changeOrder(shop, input.orderId, 'order.paid', () => ({
    paidMethod: null,
    paidCents: null,
    paidCheckNumber: null,
    paidAt: null,
    paidBy: null,
  }));
}
