import { z } from 'zod';
import { PAID_METHODS } from '../pickup.ts';

/** Check-in at the counter, as every order answer carries it (spread into the shapes of orders.ts). */

const paidMethod = z
  .enum(PAID_METHODS)
  .nullable()
  .describe('How the counter was paid: cash or check; null while no payment is recorded.');

/** What the customer may read: whether and when the order was picked up, and what was paid. */
export const orderPickupShape = {
  pickedUpTimestamp: z.string().nullable().describe('ISO 8601 instant of the check-in; null while waiting.'),
  displayPickedUpTimestamp: z.string().nullable(),
  paidMethod,
  paid: z
    .number()
    .nullable()
    .describe('The amount paid at the counter in dollars; null when none is recorded.'),
  displayPaid: z.string().nullable(),
  paidTimestamp: z.string().nullable().describe('ISO 8601 instant the payment was recorded.'),
};

/** What staff read besides: who handed the order over, who took the money, and the check's number. */
export const adminOrderPickupShape = {
  ...orderPickupShape,
  pickedUpUsername: z.string().nullable(),
  displayPaidTimestamp: z.string().nullable(),
  paidUsername: z.string().nullable(),
  paidCheckNumber: z.string().nullable(),
};

/** A row of the admin lists: enough to show waiting or picked up and paid at a glance. */
export const orderListPickupShape = {
  pickedUpTimestamp: orderPickupShape.pickedUpTimestamp,
  displayPickedUpTimestamp: orderPickupShape.displayPickedUpTimestamp,
  pickedUpUsername: z.string().nullable(),
  paidMethod,
  paid: orderPickupShape.paid,
  displayPaid: orderPickupShape.displayPaid,
};
