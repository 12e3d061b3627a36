import { orderLines, orders, products } from '@nursery/db';
import {
  isOrderableOnline,
  ORDERING_CLOSED_CHECKOUT,
  type OrderDetailsInput,
  onlyNLeft,
  phoneDigits,
  productNotOrderable,
  QUANTITY_MAX,
} from '@nursery/domain';
import { TRPCError } from '@trpc/server';
import { and, inArray, isNull } from 'drizzle-orm';
import { loadPriceTiers } from '../catalog/productShape.ts';
import { isOnlineOrderingOpen } from '../settings/service.ts';
import type { Shop } from '../shop.ts';
import { markSoldOutWhenEmpty } from '../stock/alerts.ts';
import { currentSeason, figuresFor, stockLevels } from '../stock/levels.ts';
import { groupCommitFor } from './groupCommit.ts';
import { loadOrder, type Order } from './orderShape.ts';
import { type PricedOrderLine, priceCalculatedLine, priceOrder } from './pricing.ts';

export interface SubmitAnswer {
  orderId: number;
  phoneNumber: string;
  order: Order;
}

interface OrderedProduct {
  productId: number;
  name: string;
  productStatus: number;
}

/** The same product twice on one order is one line of the summed quantity, as on a packing list. */
function mergeLines(
  lines: OrderDetailsInput['orderProductXrefs'],
): { productId: number; quantity: number }[] {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

function refuse(messages: string[]): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message: messages.join('\n') });
}

/**
 * Places an order from the storefront in one transaction: refuses it while ordering is closed, for
 * products that cannot be ordered online or have too little stock left, prices every line again
 * from the tiers in the database, stores the unit prices used, marks products that reach 0 as Sold
 * Out (telling the stock list) and queues a notice to the owner.
 */
export async function submitOrder(shop: Shop, input: OrderDetailsInput): Promise<SubmitAnswer> {
  const { config } = shop;
  const taxBp = config.taxRateBasisPoints;
  const now = shop.now();

  // Orders arriving together share one durable COMMIT; this one is answered only after it (groupCommit.ts).
  const placed = await groupCommitFor(shop.database.sqlite)
    .transaction(() => {
      if (!isOnlineOrderingOpen(shop)) refuse([ORDERING_CLOSED_CHECKOUT]);

      const wanted = mergeLines(input.orderProductXrefs);
      const ids = wanted.map((l) => l.productId);
      const found = new Map<number, OrderedProduct>(
        shop.db
          .select({
            productId: products.productId,
            name: products.name,
            productStatus: products.productStatus,
          })
          .from(products)
          .where(and(inArray(products.productId, ids), isNull(products.deletedAt)))
          .all()
          .map((p) => [p.productId, p]),
      );
      const tiers = loadPriceTiers(shop, ids);
      const levels = stockLevels(shop, { productIds: ids, trackedOnly: true });

      const problems: string[] = [];
      const priced: PricedOrderLine[] = [];
      for (const { productId, quantity } of wanted) {
        const product = found.get(productId);
        if (!product) {
          problems.push(
            `A product on your order (number ${productId}) is no longer sold. Please remove it from your cart.`,
          );
          continue;
        }
        if (!isOrderableOnline(product.productStatus)) {
          problems.push(productNotOrderable(product.name));
          continue;
        }
        if (quantity > QUANTITY_MAX) {
          problems.push(`You can order at most ${QUANTITY_MAX} of ${product.name}.`);
          continue;
        }
        const left = figuresFor(levels, productId).calculatedStock;
        if (left !== null && quantity > left) {
          problems.push(onlyNLeft(Math.max(0, left), product.name));
          continue;
        }
        const line = priceCalculatedLine(tiers.get(productId) ?? [], productId, quantity, taxBp, false);
        if (!line) {
          problems.push(
            `${product.name} has no price for a quantity of ${quantity}. Please call us about it.`,
          );
          continue;
        }
        priced.push(line);
      }
      if (problems.length > 0) refuse(problems);

      // Tax exemption is granted by staff on an order afterwards, never claimed by a customer online.
      const pricing = priceOrder(priced, taxBp, false);
      const firstName = input.firstName;
      const lastName = input.lastName;
      const inserted = shop.db
        .insert(orders)
        .values({
          firstName,
          lastName,
          name: `${firstName} ${lastName}`,
          email: input.email,
          phoneNumber: input.phoneNumber,
          phoneDigits: phoneDigits(input.phoneNumber),
          workPhoneNumber: input.workPhoneNumber,
          comments: input.comments,
          isTaxExempt: false,
          seasonPurchased: currentSeason(shop),
          subtotalCents: pricing.subtotalCents,
          taxCents: pricing.taxCents,
          totalCents: pricing.totalCents,
          totalQuantity: pricing.totalQuantity,
          numItems: pricing.numItems,
          source: 'online',
          createdAt: now.getTime(),
        })
        .returning({ orderId: orders.orderId })
        .get();
      const orderId = inserted.orderId;
      shop.db
        .insert(orderLines)
        .values(pricing.lines.map((l) => ({ orderId, ...l })))
        .run();

      // A tracked product this order empties is sold out from now on, and the stock list hears of it.
      markSoldOutWhenEmpty(
        shop,
        pricing.lines.map((l) => l.productId),
        { changedBy: `web shop order ${orderId}` },
      );

      const order = loadOrder(shop, orderId)!;
      queueOwnerNotice(shop, order);
      return order;
    })
    .committed();

  shop.catalogCache.invalidate();
  shop.flushEmail();
  return { orderId: placed.orderId, phoneNumber: placed.phoneNumber, order: placed };
}

function queueOwnerNotice(shop: Shop, order: Order): void {
  const lines = order.products.map(
    (p) =>
      `  ${p.quantity} x ${p.name}${p.productSize ? ` (${p.productSize})` : ''} at ${p.displayUnitPrice} = ${p.displayPrice}`,
  );
  const text = [
    `Order ${order.orderId} was placed on ${order.displayCreatedTimestamp}.`,
    '',
    `Name: ${order.name}`,
    `Email: ${order.email}`,
    `Phone: ${order.phoneNumber}`,
    ...(order.workPhoneNumber ? [`Work phone: ${order.workPhoneNumber}`] : []),
    ...(order.comments ? ['', 'Comments:', order.comments] : []),
    '',
    ...lines,
    '',
    `Subtotal: ${order.displaySubtotal}`,
    `Tax: ${order.displayTax}`,
    `Total: ${order.displayTotal}`,
    '',
    `${shop.config.publicUrl}/Admin/Orders/Edit/${order.orderId}`,
  ].join('\n');
  shop.queueEmail({
    kind: 'new-order',
    to: shop.config.mail.ownerEmail,
    subject: `New order ${order.orderId} from ${order.name} (${order.displayTotal})`,
    text,
  });
}
