import { z } from 'zod';
import { orderPickUpDayShape } from './pickUpDays.ts';
import { adminOrderPickupShape, orderListPickupShape, orderPickupShape } from './pickup.ts';

/** What the order procedures answer; the server's types are inferred from these (see catalog.ts). */

/** One line of an order as shown: the unit price it was sold at and the line's figures. */
export const orderLineSchema = z
  .object({
    orderProductXrefId: z.number().int(),
    productId: z.number().int(),
    name: z.string(),
    productSize: z.string(),
    productTypeId: z.number().int(),
    productType: z.string(),
    quantity: z.number().int(),
    unitPrice: z.number(),
    displayUnitPrice: z.string(),
    price: z.number().describe("The line's subtotal in dollars."),
    displayPrice: z.string(),
    tax: z.number(),
    displayTax: z.string(),
    total: z.number(),
    displayTotal: z.string(),
    isStatic: z.boolean().describe('The unit price was typed by staff instead of taken from the tiers.'),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The lines as they were sent: what an edit form starts from. */
export const orderLineInputEchoSchema = z
  .object({
    orderProductXrefId: z.number().int(),
    productId: z.number().int(),
    quantity: z.number().int(),
    price: z.number().describe('The unit price in dollars.'),
    isStatic: z.boolean(),
  })
  .meta({ id: 'OrderProductXref' });
export type OrderProductXref = z.infer<typeof orderLineInputEchoSchema>;

const orderShape = {
  orderId: z.number().int(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  workPhoneNumber: z.string().nullable(),
  email: z.string(),
  comments: z.string().nullable(),
  isTaxExempt: z.boolean(),
  createdTimestamp: z.string().describe('ISO 8601 instant.'),
  displayCreatedTimestamp: z.string().describe("In the shop's time zone, e.g. '3/14/2025 9:05 AM'."),
  displayCreatedTimestampDate: z.string(),
  seasonPurchased: z.number().int(),
  version: z.number().int(),
  numItems: z.number().int(),
  totalQuantity: z.number().int(),
  subtotal: z.number(),
  displaySubtotal: z.string(),
  tax: z.number(),
  displayTax: z.string(),
  total: z.number(),
  displayTotal: z.string(),
  ...orderPickUpDayShape,
  products: z.array(orderLineSchema),
  orderProductXrefs: z.array(orderLineInputEchoSchema),
};

/** An order with its lines, as its customer may read it. */
export const orderSchema = z.object({ ...orderShape, ...orderPickupShape }).meta({ id: 'Order' });

export type Order = z.infer<typeof orderSchema>;

/** An order as staff see it: the public shape plus who changed or deleted it and when. */
export const adminOrderSchema = z
  .object({
    ...orderShape,
    deletedTimestamp: z.string().nullable(),
    displayDeletedTimestamp: z.string().nullable(),
    deletedUsername: z.string().nullable(),
    updatedTimestamp: z.string().nullable(),
    displayUpdatedTimestamp: z.string().nullable(),
    updatedUsername: z.string().nullable(),
    source: z.string().describe("'online' for the storefront, 'admin' for an order staff entered."),
    ...adminOrderPickupShape,
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** One row of the admin order tables: the spec's "Order (list)" shape plus the version to edit from. */
export const orderListItemSchema = z
  .object({
    orderId: z.number().int(),
    createdTimestamp: z.string().describe('ISO 8601 instant.'),
    displayCreatedTimestamp: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    numItems: z.number().int(),
    displayNumItems: z.string(),
    totalQuantity: z.number().int(),
    totalPrice: z.number(),
    displayTotalPrice: z.string(),
    isTaxExempt: z.boolean(),
    seasonPurchased: z.number().int(),
    deletedTimestamp: z.string().nullable(),
    displayDeletedTimestamp: z.string().nullable(),
    deletedUsername: z.string().nullable(),
    version: z.number().int(),
    ...orderPickUpDayShape,
    ...orderListPickupShape,
  })
  .meta({ id: 'OrderListItem' });
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** RestoreOrder's answer: the order as the list shows it, and what staff must know about the restore. */
export const restoredOrderSchema = orderListItemSchema
  .extend({
    restoreNotice: z
      .string()
      .nullable()
      .describe(
        'Set when the order came back changed: its pick-up day was deleted while the order was, so it has none now.',
      ),
  })
  .meta({ id: 'RestoredOrder' });
export type RestoredOrder = z.infer<typeof restoredOrderSchema>;

/** One page of the admin Orders list and how many orders match its filters in all. */
export const orderListPageSchema = z
  .object({
    total: z.number().int().describe('Orders matching the season, text and tax filters, on every page.'),
    rows: z.array(orderListItemSchema),
  })
  .meta({ id: 'OrderListPage' });
export type OrderListPage = z.infer<typeof orderListPageSchema>;

/** The season dropdown: newest first, from the current season down to the oldest with an order, then All Seasons (-1). */
export const seasonChoicesSchema = z
  .object({
    currentSeason: z.number().int(),
    seasons: z.array(z.object({ value: z.number().int(), label: z.string() })),
  })
  .meta({ id: 'SeasonChoices' });
export type SeasonChoices = z.infer<typeof seasonChoicesSchema>;

/** Orders/Submit's answer. */
export const submittedOrderSchema = z
  .object({ orderId: z.number().int(), phoneNumber: z.string(), order: orderSchema })
  .meta({ id: 'SubmittedOrder' });
export type SubmittedOrder = z.infer<typeof submittedOrderSchema>;
