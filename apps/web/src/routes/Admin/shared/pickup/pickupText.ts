import type { PaidMethod } from '@nursery/domain';

// The pick-up and payment state in words, as the desk, the check-in panel and the Details modal say it.

/** The pick-up state of an order in words, as the desk's list and the panel say it. */
export function pickupStatusText(order: {
  pickedUpTimestamp: string | null;
  displayPickedUpTimestamp: string | null;
  pickedUpUsername: string | null;
}): string {
  if (order.pickedUpTimestamp === null) return 'Waiting';
  return `Picked up ${order.displayPickedUpTimestamp ?? ''}${order.pickedUpUsername ? ` by ${order.pickedUpUsername}` : ''}`;
}

/** What was paid, in words: 'Paid $31.65 by check 1042'. */
export function paymentText(order: {
  paidMethod: PaidMethod | null;
  displayPaid: string | null;
  paidCheckNumber?: string | null;
}): string {
  if (order.paidMethod === null) return 'Not paid yet';
  const how =
    order.paidMethod === 'check'
      ? `check${order.paidCheckNumber ? ` ${order.paidCheckNumber}` : ''}`
      : 'cash';
  return `Paid ${order.displayPaid ?? ''} by ${how}`;
}
