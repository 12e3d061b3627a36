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

const pickLineShape = {
  productId: z.number().int(),
  name: z.string(),
  productSize: z.string(),
  productTypeId: z.number().int(),
  productType: z.string(),
  quantity: z.number().int(),
};

/** A day's pick list: what to pull for each order, and each product's total to pull once. */
export const pickListSchema = z
  .object({
    pickUpDayId: z.number().int().nullable().describe('The day listed; null for the orders without a day.'),
    title: z
      .string()
      .describe("The day as people name it, e.g. 'Saturday, April 4, 2026, 9:00 AM to 4:00 PM'."),
    pickUpDate: z.string().nullable().describe("The day's local date, YYYY-MM-DD."),
    note: z.string().nullable(),
    displayPrintedTimestamp: z.string().describe('When this list was made, in the shop’s time zone.'),
    orderCount: z.number().int().describe('Orders to pull (not deleted, not picked up yet).'),
    pickedUpCount: z.number().int().describe('Orders of the day already picked up, left out of the list.'),
    totalQuantity: z.number().int(),
    products: z
      .array(z.object({ ...pickLineShape, orderCount: z.number().int() }))
      .describe('Each product once with the quantity of the whole day, by product type, then name.'),
    orders: z.array(
      z.object({
        orderId: z.number().int(),
        name: z.string(),
        phoneNumber: z.string(),
        comments: z.string().nullable(),
        totalQuantity: z.number().int(),
        lines: z
          .array(z.object(pickLineShape))
          .describe('By product type, then name: the way the yard is walked.'),
      }),
    ),
  })
  .meta({ id: 'PickList' });
export type PickList = z.infer<typeof pickListSchema>;
