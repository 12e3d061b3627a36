import { orderLines, orders, products } from '@nursery/db';
import {
  type AdminOrderUpdateInput,
  ORDER_STALE,
  type OrderFlagsInput,
  onlyNLeft,
  orderLineUnitPriceCents,
  orderTotals,
  ProductStatus,
  phoneDigits,
  pickUpDayFullForRestore,
  type RestoredOrder,
} from '@nursery/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { loadPriceTiers } from '../catalog/productShape.ts';
import { orderForEmail, tellCustomerOfSave } from '../customerEmails/service.ts';
import { type FieldProblem, ShopError } from '../errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../idempotency/service.ts';
import { checkStaffPickUpDay } from '../pickUpDays/service.ts';
import type { Shop } from '../shop.ts';
import { markSoldOutWhenEmpty } from '../stock/alerts.ts';
import { currentSeason, figuresFor, stockLevels } from '../stock/levels.ts';
import type { StaffIdentity } from '../trpc.ts';
import { queueOrderEvent, queueWebhookEvent } from '../webhooks/events.ts';
import { type AdminOrder, type OrderListItem, orderListItem } from './adminList.ts';
import { adminOrderDetails, orderNotFound } from './adminOrder.ts';
import { loadOrderLines, loadOrderRow, type OrderRow } from './orderShape.ts';
import {
  type LineBeforeTax,
  type OrderPricing,
  type PricedOrderLine,
  priceOrder,
  priceStaticLine,
} from './pricing.ts';

/** The name written into updatedBy and deletedBy: what a colleague would recognise. */
export function staffName(staff: StaffIdentity): string {
  return staff.name.trim() || staff.email || staff.subject;
}

/** A 400 with every problem, each tied to its field where it has one (the order page marks those). */
function refuse(problems: FieldProblem[]): never {
  throw new ShopError({
    kind: 'bad_request',
    message: problems.map((p) => p.message).join('\n'),
    problems,
  });
}

function stale(): never {
  throw new ShopError({ kind: 'conflict', message: ORDER_STALE });
}

function deletedOrderRefused(orderId: number): never {
  refuse([{ path: [], message: `Order ${orderId} is deleted. Restore it before changing it.` }]);
}

interface LineProduct {
  productId: number;
  name: string;
  productSize: string;
  productStatus: number;
  deletedAt: number | null;
}

function splitName(name: string): { firstName: string; lastName: string } {
  const at = name.lastIndexOf(' ');
  return at < 0
    ? { firstName: name, lastName: '' }
    : { firstName: name.slice(0, at), lastName: name.slice(at + 1) };
}

/**
 * Creates (no orderId) or replaces a whole order for staff. Calculated lines are priced again from
 * the tiers in the database (a line whose quantity did not change keeps the price it was sold at,
 * DECISIONS.md: a later price change never alters a placed order), manual lines keep the price typed, totals and tax are recomputed (no
 * tax when exempt) and stock is checked like a submit, counting only what this save adds to the
 * order. An edit based on an outdated version is refused with 409, so two people editing one order
 * never silently overwrite each other. Staff may put any product on an order, also special-order
 * and inactive ones; a deleted product may only stay on an order it was already on.
 */
export function saveAdminOrder(
  shop: Shop,
  staff: StaffIdentity,
  input: AdminOrderUpdateInput,
  claim: IdempotencyClaim | null = null,
): AdminOrder {
  const taxBp = shop.config.taxRateBasisPoints;
  const now = shop.now().getTime();
  const by = staffName(staff);

  const saved = shop.database.sqlite
    .transaction((): AdminOrder => {
      let existing: OrderRow | undefined;
      // What the customer's e-mails said of the order before this save (null for a new order).
      let customerSaw: ReturnType<typeof orderForEmail> = null;
      const before = new Map<number, number>();
      const storedLines = new Map<number, PricedOrderLine>();
      if (input.orderId) {
        existing = loadOrderRow(shop, input.orderId);
        if (!existing) throw orderNotFound(input.orderId);
        if (existing.deletedAt !== null) deletedOrderRefused(existing.orderId);
        if (existing.version !== input.version) stale();
        customerSaw = orderForEmail(shop, existing.orderId);
        for (const l of loadOrderLines(shop, [existing.orderId]).get(existing.orderId) ?? []) {
          before.set(l.productId, (before.get(l.productId) ?? 0) + l.quantity);
          storedLines.set(l.productId, l);
        }
      }

      const ids = input.products.map((l) => l.productId);
      const found = new Map<number, LineProduct>(
        shop.db
          .select({
            productId: products.productId,
            name: products.name,
            productSize: products.productSize,
            productStatus: products.productStatus,
            deletedAt: products.deletedAt,
          })
          .from(products)
          .where(inArray(products.productId, ids))
          .all()
          .map((p) => [p.productId, p]),
      );
      const season = existing ? existing.seasonPurchased : currentSeason(shop);
      const tiers = loadPriceTiers(shop, ids);
      const levels = stockLevels(shop, { productIds: ids, season });

      const problems: FieldProblem[] = [];
      const priced: LineBeforeTax[] = [];
      // Products this save takes more of: only they can have been sold out by it.
      const takenMore: number[] = [];
      for (const [index, line] of input.products.entries()) {
        const problem = (message: string, field?: 'quantity') =>
          problems.push({ path: field ? ['products', index, field] : ['products', index], message });
        const product = found.get(line.productId);
        if (!product) {
          problem(`There is no product number ${line.productId}.`);
          continue;
        }
        const isDeleted = product.deletedAt !== null || product.productStatus === ProductStatus.Deleted;
        if (isDeleted && !before.has(line.productId)) {
          problem(`${product.name} has been deleted and cannot be added to an order.`);
          continue;
        }
        // Only what this save adds counts against the stock: the order's own quantities are already sold.
        const already = before.get(line.productId) ?? 0;
        const added = line.quantity - already;
        const left = figuresFor(levels, line.productId).calculatedStock;
        if (left !== null && added > 0 && added > left) {
          problem(onlyNLeft(Math.max(0, left + already), product.name), 'quantity');
          continue;
        }
        if (left !== null && added > 0) takenMore.push(product.productId);
        if (line.isStatic && line.priceCents !== null) {
          priced.push(priceStaticLine(line.productId, line.quantity, line.priceCents));
          continue;
        }
        // A placed line keeps the price it was sold at while its quantity stays (the rule is in domain).
        const unitPriceCents = orderLineUnitPriceCents(
          tiers.get(line.productId) ?? [],
          line.quantity,
          storedLines.get(line.productId),
        );
        if (unitPriceCents === null) {
          problem(
            `${product.name} has no price for a quantity of ${line.quantity}. Give it a manual price instead.`,
            'quantity',
          );
          continue;
        }
        const subtotalCents = unitPriceCents * line.quantity;
        priced.push({
          productId: line.productId,
          quantity: line.quantity,
          unitPriceCents,
          isStatic: false,
          subtotalCents,
        });
      }
      if (problems.length > 0) refuse(problems);
      // Left out: the order keeps its day. A move into a full day is refused (409) with what to do.
      const pickUpDayId =
        input.pickUpDayId === undefined ? (existing?.pickUpDayId ?? null) : input.pickUpDayId;
      checkStaffPickUpDay(shop, existing?.pickUpDayId ?? null, pickUpDayId);

      const repriced = priceOrder(priced, taxBp, input.isTaxExempt);
      const pricing =
        existing && existing.isTaxExempt === input.isTaxExempt
          ? withStoredTax(repriced, existing, storedLines)
          : repriced;
      const name = input.name ?? [input.firstName, input.lastName].filter(Boolean).join(' ');
      const names =
        input.firstName || input.lastName
          ? { firstName: input.firstName, lastName: input.lastName }
          : splitName(name);
      const fields = {
        ...names,
        name,
        email: input.email,
        phoneNumber: input.phoneNumber,
        phoneDigits: phoneDigits(input.phoneNumber),
        workPhoneNumber: input.workPhoneNumber,
        comments: input.comments,
        isTaxExempt: input.isTaxExempt,
        subtotalCents: pricing.subtotalCents,
        taxCents: pricing.taxCents,
        totalCents: pricing.totalCents,
        totalQuantity: pricing.totalQuantity,
        numItems: pricing.numItems,
        pickUpDayId,
        updatedAt: now,
        updatedBy: by,
      };

      let id: number;
      if (existing) {
        id = existing.orderId;
        const changed = shop.db
          .update(orders)
          .set({ ...fields, version: existing.version + 1 })
          .where(and(eq(orders.orderId, id), eq(orders.version, existing.version)))
          .run();
        if (changed.changes !== 1) stale();
        shop.db.delete(orderLines).where(eq(orderLines.orderId, id)).run();
      } else {
        id = shop.db
          .insert(orders)
          .values({ ...fields, seasonPurchased: season, source: 'admin', createdAt: now })
          .returning({ orderId: orders.orderId })
          .get().orderId;
      }
      shop.db
        .insert(orderLines)
        .values(pricing.lines.map((l) => ({ orderId: id, ...l })))
        .run();

      // Only a season that is still being sold can sell out; an edit of last year's order changes history.
      if (season === currentSeason(shop)) markSoldOutWhenEmpty(shop, takenMore, { changedBy: by });
      tellCustomerOfSave(shop, customerSaw, id);
      // Read inside the transaction, so an Idempotency-Key's answer is kept with the order it describes.
      const details = adminOrderDetails(shop, id);
      if (claim) keepAnswer(shop.database, claim, JSON.stringify(details));
      queueWebhookEvent(shop, existing ? 'order.changed' : 'order.placed', () => details, { orderId: id });
      return details;
    })
    .immediate();

  shop.catalogCache.invalidate();
  shop.flushEmail();
  shop.webhooks.flush();
  return saved;
}

/**
 * An edit that leaves every line and the exemption as they were (a corrected comment or phone number) keeps
 * the tax the order was placed with: orders placed before tax was taken of the subtotal carry per-line
 * rounding, and a placed order's money never changes behind the customer's back. Any change to a line, or
 * to the exemption, taxes the order again by today's rule.
 */
function withStoredTax(
  repriced: OrderPricing,
  existing: OrderRow,
  storedLines: ReadonlyMap<number, PricedOrderLine>,
): OrderPricing {
  if (repriced.lines.length !== storedLines.size) return repriced;
  const lines: PricedOrderLine[] = [];
  for (const line of repriced.lines) {
    const stored = storedLines.get(line.productId);
    if (
      !stored ||
      stored.quantity !== line.quantity ||
      stored.unitPriceCents !== line.unitPriceCents ||
      stored.isStatic !== line.isStatic
    ) {
      return repriced;
    }
    lines.push({ ...line, taxCents: stored.taxCents, totalCents: stored.totalCents });
  }
  return { ...repriced, lines, taxCents: existing.taxCents, totalCents: existing.totalCents };
}

/** Sets the tax exemption of an order and recomputes every line's tax and the order's totals. */
export function setOrderFlags(shop: Shop, staff: StaffIdentity, input: OrderFlagsInput): AdminOrder {
  const taxBp = shop.config.taxRateBasisPoints;
  const now = shop.now().getTime();
  shop.database.sqlite
    .transaction(() => {
      const row = loadOrderRow(shop, input.orderId);
      if (!row) throw orderNotFound(input.orderId);
      if (row.deletedAt !== null) deletedOrderRefused(row.orderId);
      if (input.version && input.version !== row.version) stale();
      const customerSaw = orderForEmail(shop, row.orderId);
      const lines = loadOrderLines(shop, [row.orderId]).get(row.orderId) ?? [];
      const totals = orderTotals(lines, taxBp, input.isTaxExempt);
      const taxCents = totals.taxCents;
      lines.forEach((line, i) => {
        const { taxCents, totalCents } = totals.lines[i]!;
        shop.db
          .update(orderLines)
          .set({ taxCents, totalCents })
          .where(eq(orderLines.orderProductXrefId, line.orderProductXrefId))
          .run();
      });
      shop.db
        .update(orders)
        .set({
          isTaxExempt: input.isTaxExempt,
          taxCents,
          totalCents: row.subtotalCents + taxCents,
          version: row.version + 1,
          updatedAt: now,
          updatedBy: staffName(staff),
        })
        .where(eq(orders.orderId, row.orderId))
        .run();
      tellCustomerOfSave(shop, customerSaw, row.orderId);
      queueOrderEvent(shop, 'order.changed', row.orderId);
    })
    .immediate();
  shop.catalogCache.invalidate();
  shop.flushEmail();
  shop.webhooks.flush();
  return adminOrderDetails(shop, input.orderId);
}

/**
 * Soft delete: the order leaves the public lookup and the stock counts but stays on file with who
 * deleted it, so it can be restored. Deleting a deleted order changes nothing.
 */
export function deleteOrder(shop: Shop, staff: StaffIdentity, orderId: number): OrderListItem {
  const now = shop.now().getTime();
  const row = loadOrderRow(shop, orderId);
  if (!row) throw orderNotFound(orderId);
  if (row.deletedAt === null) {
    shop.database.sqlite
      .transaction(() => {
        shop.db
          .update(orders)
          .set({ deletedAt: now, deletedBy: staffName(staff), version: row.version + 1, updatedAt: now })
          .where(eq(orders.orderId, orderId))
          .run();
        queueOrderEvent(shop, 'order.deleted', orderId);
      })
      .immediate();
    shop.catalogCache.invalidate();
    shop.webhooks.flush();
  }
  return orderListItem(shop, orderId)!;
}

/**
 * Brings a deleted order back, into the lookup and the stock counts; restoring a live order changes
 * nothing. Staff may restore an order even past the stock left (the customer was promised those
 * plants); a product it empties is sold out and the stock list told, as on any order. Not onto a pick-up
 * day that has filled meanwhile: a deleted order holds no place, so staff raise the day's capacity first.
 */
export function restoreOrder(shop: Shop, staff: StaffIdentity, orderId: number): RestoredOrder {
  const now = shop.now().getTime();
  const by = staffName(staff);
  const row = loadOrderRow(shop, orderId);
  if (!row) throw orderNotFound(orderId);
  // The day it had was deleted while the order was (deletePickUpDay keeps it in words): it comes back without one.
  const removed =
    row.deletedAt === null
      ? undefined
      : shop.db.select({ day: orders.removedPickUpDay }).from(orders).where(eq(orders.orderId, orderId)).get()
          ?.day;
  const restoreNotice = removed
    ? `Order ${orderId} is restored without a pick-up day: its day, ${removed}, was deleted while the order was. Choose a day for it in the order.`
    : null;
  if (row.deletedAt !== null) {
    shop.database.sqlite
      .transaction(() => {
        // Inside the transaction: a checkout committed between the check and the restore cannot slip in.
        // A deleted order holds no place, so it counts as coming from no day.
        checkStaffPickUpDay(shop, null, row.pickUpDayId, pickUpDayFullForRestore);
        shop.db
          .update(orders)
          .set({
            deletedAt: null,
            deletedBy: null,
            removedPickUpDay: null,
            version: row.version + 1,
            updatedAt: now,
            updatedBy: by,
          })
          .where(eq(orders.orderId, orderId))
          .run();
        // The order takes its plants back from the stock, so it can sell a product out like a new order.
        if (row.seasonPurchased === currentSeason(shop)) {
          const lines = loadOrderLines(shop, [orderId]).get(orderId) ?? [];
          markSoldOutWhenEmpty(
            shop,
            lines.map((l) => l.productId),
            { changedBy: by },
          );
        }
        queueOrderEvent(shop, 'order.restored', orderId);
      })
      .immediate();
    shop.catalogCache.invalidate();
    shop.flushEmail();
    shop.webhooks.flush();
  }
  return { ...orderListItem(shop, orderId)!, restoreNotice };
}
