import { orders } from '@nursery/db';
import { formatDateTime, formatMoney, isoTimestamp, type PaidMethod, toDollars } from '@nursery/domain';

/** The check-in columns every order answer reads beside its own (listed so nothing else leaks). */
export const pickupColumns = {
  pickedUpAt: orders.pickedUpAt,
  pickedUpBy: orders.pickedUpBy,
  paidMethod: orders.paidMethod,
  paidCents: orders.paidCents,
  paidCheckNumber: orders.paidCheckNumber,
  paidAt: orders.paidAt,
  paidBy: orders.paidBy,
};

export interface PickupRow {
  pickedUpAt: number | null;
  pickedUpBy: string | null;
  paidMethod: PaidMethod | null;
  paidCents: number | null;
  paidCheckNumber: string | null;
  paidAt: number | null;
  paidBy: string | null;
}

const iso = (at: number | null) => (at === null ? null : isoTimestamp(at));
const shown = (at: number | null, timeZone: string) => (at === null ? null : formatDateTime(at, timeZone));

/** What the customer may read of the check-in (no staff names, no check number). */
export function toOrderPickup(row: PickupRow, timeZone: string) {
  const paid = row.paidMethod !== null && row.paidCents !== null;
  return {
    pickedUpTimestamp: iso(row.pickedUpAt),
    displayPickedUpTimestamp: shown(row.pickedUpAt, timeZone),
    paidMethod: paid ? row.paidMethod : null,
    paid: paid ? toDollars(row.paidCents ?? 0) : null,
    displayPaid: paid ? formatMoney(row.paidCents ?? 0) : null,
    paidTimestamp: paid ? iso(row.paidAt) : null,
  };
}

/** What staff read of the check-in on one order. */
export function toAdminOrderPickup(row: PickupRow, timeZone: string) {
  const paid = row.paidMethod !== null;
  return {
    ...toOrderPickup(row, timeZone),
    pickedUpUsername: row.pickedUpAt === null ? null : row.pickedUpBy,
    displayPaidTimestamp: paid ? shown(row.paidAt, timeZone) : null,
    paidUsername: paid ? row.paidBy : null,
    paidCheckNumber: paid ? row.paidCheckNumber : null,
  };
}

/** The check-in as a row of the admin lists shows it. */
export function toListPickup(row: PickupRow, timeZone: string) {
  const order = toOrderPickup(row, timeZone);
  return {
    pickedUpTimestamp: order.pickedUpTimestamp,
    displayPickedUpTimestamp: order.displayPickedUpTimestamp,
    pickedUpUsername: row.pickedUpAt === null ? null : row.pickedUpBy,
    paidMethod: order.paidMethod,
    paid: order.paid,
    displayPaid: order.displayPaid,
  };
}
