import { bareInsert, orderLines, orders, perConnection, type ShopDatabase } from '@nursery/db';
import type { SubmittedOrder } from '@nursery/domain';
import {
  isOrderableOnline,
  ORDERING_CLOSED_CHECKOUT,
  type OrderDetailsInput,
  onlyNLeft,
  phoneDigits,
  productNotOrderable,
  QUANTITY_MAX,
} from '@nursery/domain';
import { sql } from 'drizzle-orm';
import { serverConnectionHeld, serverConnectionReleased } from '../backup/changesHeld.ts';
import { orderPlaceholderValues, queueOrderEmail } from '../customerEmails/service.ts';
import { ShopError } from '../errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../idempotency/service.ts';
import { orderPickUpDay, pickUpDayProblem } from '../pickUpDays/service.ts';
import type { PickupRow } from '../pickup/shape.ts';
import { RawJson } from '../rawJson.ts';
import { recordShortfalls } from '../seasonReport/shortfalls.ts';
import type { Shop, ShopRecords } from '../shop.ts';
import { markSoldOutWhenEmpty } from '../stock/alerts.ts';
import { currentSeason, figuresFor, stockLevels } from '../stock/levels.ts';
import { queueOrderEvent } from '../webhooks/events.ts';
import { groupCommitFor } from './groupCommit.ts';
import { databaseReads, type OrderedProduct, type OrderReads } from './orderReads.ts';
import { type Order, type OrderLineRow, type OrderRow, orderColumns, toOrder } from './orderShape.ts';
import { type LineBeforeTax, type PricedOrderLine, priceCalculatedLine, priceOrder } from './pricing.ts';
import type { OrderWriter, WrittenAnswer } from './writerThread.ts';

export type SubmitAnswer = SubmittedOrder;

/**
 * The order's own insert, bare (bareInsert) as its lines'. The stored row comes back whole (defaults
 * included), so the answer needs no second read.
 */
const orderInsert = perConnection(({ sqlite, db }: ShopDatabase) =>
  bareInsert<OnlineOrderValues, OrderRow>(
    sqlite,
    db
      .insert(orders)
      .values({
        firstName: sql.placeholder('firstName'),
        lastName: sql.placeholder('lastName'),
        name: sql.placeholder('name'),
        email: sql.placeholder('email'),
        phoneNumber: sql.placeholder('phoneNumber'),
        phoneDigits: sql.placeholder('phoneDigits'),
        workPhoneNumber: sql.placeholder('workPhoneNumber'),
        comments: sql.placeholder('comments'),
        // Tax exemption is granted by staff on an order afterwards, never claimed by a customer online.
        isTaxExempt: false,
        seasonPurchased: sql.placeholder('seasonPurchased'),
        subtotalCents: sql.placeholder('subtotalCents'),
        taxCents: sql.placeholder('taxCents'),
        totalCents: sql.placeholder('totalCents'),
        totalQuantity: sql.placeholder('totalQuantity'),
        numItems: sql.placeholder('numItems'),
        pickUpDayId: sql.placeholder('pickUpDayId'),
        source: 'online',
        createdAt: sql.placeholder('createdAt'),
      })
      .returning(orderColumns),
    orderColumns,
  ),
);

/** An order's lines, inserted bare (bareInsert): three or so an order, where drizzle's per-call work cost as much as the insert. */
const lineInsert = perConnection(({ sqlite, db }: ShopDatabase) =>
  bareInsert<PricedOrderLine & { orderId: number }>(
    sqlite,
    db
      .insert(orderLines)
      .values({
        orderId: sql.placeholder('orderId'),
        productId: sql.placeholder('productId'),
        quantity: sql.placeholder('quantity'),
        unitPriceCents: sql.placeholder('unitPriceCents'),
        isStatic: sql.placeholder('isStatic'),
        subtotalCents: sql.placeholder('subtotalCents'),
        taxCents: sql.placeholder('taxCents'),
        totalCents: sql.placeholder('totalCents'),
      })
      .returning({ orderProductXrefId: orderLines.orderProductXrefId }),
  ),
);

/** What the order insert's placeholders take: the stored row less what the database or staff set. */
type OnlineOrderValues = Omit<
  OrderRow,
  'orderId' | 'isTaxExempt' | 'version' | 'deletedAt' | keyof PickupRow
>;

/** The same product twice on one order is one line of the summed quantity, as on a packing list. */
function mergeLines(
  lines: OrderDetailsInput['orderProductXrefs'],
): { productId: number; quantity: number }[] {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

function refuse(messages: string[]): never {
  throw new ShopError({ kind: 'bad_request', message: messages.join('\n') });
}

/**
 * The order writer's thread for the next order, or null to write it on this one. An order that comes alone is
 * written here: its commit holds this thread 2-3 ms, where starting the writer's thread costs about 0.1 s and
 * 20 MB, and with a quiet shop's orders minutes apart it would start again for nearly every one. An order
 * that comes while another waits here for its commit (orders arriving together: an opening morning, a batch
 * from an integration) starts the thread, which then takes every order until it has been quiet for
 * ORDER_WRITER_IDLE_SECONDS. So does an order during a long write: this connection is inside that write's
 * transaction, which the order would join, where the thread's own connection waits for its commit.
 */
function writerThreadFor(shop: Shop): OrderWriter | null {
  const thread = shop.orderWriter;
  if (thread === null) return null;
  const alone =
    !thread.running &&
    serverConnectionHeld(shop) === null &&
    groupCommitFor(shop.database.sqlite).waiting === 0;
  return alone ? null : thread;
}

/**
 * Places an order from the storefront in one transaction: refuses it while ordering is closed, for
 * products that cannot be ordered online or have too little stock left, prices every line again
 * from the tiers in the database, stores the unit prices used, marks products that reach 0 as Sold
 * Out (telling the stock list) and queues a notice to the owner and the customer's receipt.
 *
 * Orders arriving together share one durable COMMIT, and each is answered only after it (groupCommit.ts),
 * on this thread or, when orders come together, on the order writer's (writerThreadFor). The answer is its
 * JSON text, serialized where the order was written: the REST adapter sends it as it is, tRPC reads its value.
 */
export async function submitOrder(
  shop: Shop,
  input: OrderDetailsInput,
  claim: IdempotencyClaim | null = null,
): Promise<RawJson<SubmitAnswer>> {
  let written: WrittenAnswer;
  const write = () => {
    const thread = writerThreadFor(shop);
    return thread
      ? thread.write(input, shop.now(), claim)
      : groupCommitFor(shop.database.sqlite).run(() => writeOrderAnswer(shop, input, claim));
  };
  try {
    try {
      written = await write();
    } catch (error) {
      // A new season or a catalogue apply on a large catalogue can hold the database's write lock longer than
      // the order writer's busy timeout; its batch began nothing (BEGIN IMMEDIATE), so the order is written
      // once that write is done rather than lost with a 500.
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
      await serverConnectionReleased(shop);
      written = await write();
    }
  } catch (error) {
    recordShortfalls(shop, input, error);
    throw error;
  }
  // Only the ordered products' stock, sales and Sold Out changed: the cached list updates those alone.
  shop.catalogCache.productsChanged(written.productIds);
  shop.flushEmail();
  shop.webhooks.flush();
  return RawJson.fromJson<SubmitAnswer>(written.json);
}

/**
 * writeOrder and its answer as text, inside the batch's transaction; with an Idempotency-Key, the answer is
 * kept beside the order in that same transaction, so no crash can leave an order whose retry makes another.
 */
export function writeOrderAnswer(
  shop: ShopRecords,
  input: OrderDetailsInput,
  claim: IdempotencyClaim | null,
  reads?: OrderReads,
): WrittenAnswer {
  const order = writeOrder(shop, input, reads);
  const json = JSON.stringify(submitAnswer(order));
  if (claim) keepAnswer(shop.database, claim, json);
  return { json, productIds: orderedProductIds(order) };
}

/** What a submit answers for the order it stored, on whichever thread wrote it. */
export function submitAnswer(order: Order): SubmitAnswer {
  return { orderId: order.orderId, phoneNumber: order.phoneNumber, order };
}

/** The products whose stock, sales and Sold Out an order changed. */
export function orderedProductIds(order: Order): number[] {
  return order.products.map((p) => p.productId);
}

/**
 * The order's checks and writes, run inside a group commit's transaction (a refusal throws before anything is
 * written); the stored order as the customer sees it. Everything it reads and writes is in the database, so
 * it runs the same on the order writer's own connection, where `shop.now()` is the time the order came in and
 * what only staff change is kept between orders (`reads`, orderReads.ts).
 */
export function writeOrder(
  shop: ShopRecords,
  input: OrderDetailsInput,
  reads: OrderReads = databaseReads,
): Order {
  const taxBp = shop.config.taxRateBasisPoints;
  const now = shop.now();
  reads.begin();
  if (!reads.isOrderingOpen(shop)) refuse([ORDERING_CLOSED_CHECKOUT]);

  const insertLine = lineInsert(shop.database);
  const wanted = mergeLines(input.orderProductXrefs);
  const ids = wanted.map((l) => l.productId);
  const found = new Map<number, OrderedProduct>();
  for (const p of reads.products(shop, ids)) found.set(p.productId, p);
  const tiers = reads.priceTiers(shop, ids);
  const levels = stockLevels(shop, {
    productIds: ids,
    trackedOnly: true,
    countedStock: reads.countedStock,
    orderRanges: reads.orderRanges,
  });

  const problems: string[] = [];
  const priced: LineBeforeTax[] = [];
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
    const line = priceCalculatedLine(tiers.get(productId) ?? [], productId, quantity);
    if (!line) {
      problems.push(`${product.name} has no price for a quantity of ${quantity}. Please call us about it.`);
      continue;
    }
    priced.push(line);
  }
  // The day's capacity is counted here, in the same transaction as the insert below (and after every
  // order before this one in the batch), so concurrent checkouts never book a day past its capacity.
  const dayProblem = pickUpDayProblem(shop, input.pickUpDayId);
  if (dayProblem) problems.push(dayProblem);
  if (problems.length > 0) refuse(problems);

  const pricing = priceOrder(priced, taxBp, false);
  const { firstName, lastName } = input;
  const values: OnlineOrderValues = {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email: input.email,
    phoneNumber: input.phoneNumber,
    phoneDigits: phoneDigits(input.phoneNumber),
    workPhoneNumber: input.workPhoneNumber,
    comments: input.comments,
    seasonPurchased: currentSeason(shop),
    subtotalCents: pricing.subtotalCents,
    taxCents: pricing.taxCents,
    totalCents: pricing.totalCents,
    totalQuantity: pricing.totalQuantity,
    numItems: pricing.numItems,
    pickUpDayId: input.pickUpDayId,
    createdAt: now.getTime(),
  };
  const row = orderInsert(shop.database).get(values);
  if (!row) throw new Error('the order insert returned no row');
  const orderId = row.orderId;
  // The answer's lines are what was just written, in the order written (as loadOrderLines reads them).
  const lines: OrderLineRow[] = pricing.lines.map((l) => {
    const orderProductXrefId = insertLine.get({ ...l, orderId });
    const product = found.get(l.productId);
    if (typeof orderProductXrefId !== 'number' || !product) throw new Error('an order line was not stored');
    return {
      ...l,
      orderProductXrefId,
      orderId,
      name: product.name,
      productSize: product.productSize,
      productTypeId: product.productTypeId,
    };
  });

  // A tracked product this order empties is sold out from now on, and the stock list hears of it.
  // `levels` holds exactly the tracked products of this order (nothing in between changed which).
  const tracked = pricing.lines.filter((l) => levels.has(l.productId)).map((l) => l.productId);
  const soldOut = markSoldOutWhenEmpty(shop, tracked, { changedBy: `web shop order ${orderId}` });
  reads.productsChanged(soldOut.map((p) => p.productId));

  const order = toOrder(row, lines, shop.config.shop.timeZone, orderPickUpDay(shop, row.pickUpDayId));
  queueOwnerNotice(shop, order);
  queueOrderEmail(shop, 'receipt', order, orderPlaceholderValues(shop, order));
  queueOrderEvent(shop, 'order.placed', orderId);
  return order;
}

function queueOwnerNotice(shop: ShopRecords, order: Order): void {
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
    // The day the customer chose is what the nursery plans the order's picking and the day's room by.
    ...(order.displayPickUpDay ? [`Pick-up day: ${order.displayPickUpDay}`] : []),
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
