import { emailOutbox, products, waitlistEntries } from '@nursery/db';
import {
  formatDateTime,
  hasWaitlist,
  isOrderableOnline,
  isShownOnStorefront,
  type ProductWaitlist,
  productPath,
  renderCustomerEmail,
  type WaitlistEntry,
  type WaitlistJoined,
  type WaitlistJoinInput,
  type WaitlistWaiting,
} from '@nursery/domain';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { type OutboxRow, retryCustomerEmail, toOrderEmail } from '../customerEmails/service.ts';
import { customerEmailText, shopPlaceholderValues } from '../customerEmails/texts.ts';
import { ShopError } from '../errors.ts';
import { consumeLimit } from '../rateLimit.ts';
import type { Shop } from '../shop.ts';
import { figuresFor, stockLevels } from '../stock/levels.ts';
import type { ApiContext } from '../trpc.ts';

/** What the waitlist needs of a product: its name for the e-mail and its status for the rules. */
const waitlistProductColumns = {
  productId: products.productId,
  name: products.name,
  productSize: products.productSize,
  productStatus: products.productStatus,
};

/** The address as the list compares it: the same person typing Robin@ and robin@ is one entry. */
function emailKeyOf(email: string): string {
  return email.toLowerCase();
}

function productLabel(p: { name: string; productSize: string }): string {
  return p.productSize ? `${p.name} - ${p.productSize}` : p.name;
}

/**
 * Waitlist/Join: a customer leaves an address (and how many they want) on a Sold Out or Call for Availability
 * product. An address already on the product's list (in any letter case, as e-mails are compared everywhere)
 * is left exactly as it is: anyone can type anyone's address, so a join must not change someone's quantity or
 * place in line, nor arm a told entry to be told again. The answer says they are on the list already.
 */
export async function joinWaitlist(ctx: ApiContext, input: WaitlistJoinInput): Promise<WaitlistJoined> {
  const { shop } = ctx;
  await consumeLimit(shop.limiters.waitlist, ctx.clientIp, 'waitlist requests');
  const product = shop.db
    .select(waitlistProductColumns)
    .from(products)
    .where(and(eq(products.productId, input.productId), isNull(products.deletedAt)))
    .get();
  if (!product || !isShownOnStorefront(product.productStatus)) {
    throw new ShopError({
      kind: 'not_found',
      message: `There is no product number ${input.productId} in the shop.`,
    });
  }
  if (!hasWaitlist(product.productStatus)) {
    throw new ShopError({
      kind: 'bad_request',
      message: `${product.name} can be ordered now: add it to your cart instead of the waitlist.`,
    });
  }
  const label = productLabel(product);
  const added = shop.db
    .insert(waitlistEntries)
    .values({
      productId: product.productId,
      email: input.email,
      emailKey: emailKeyOf(input.email),
      quantity: input.quantity,
      createdAt: shop.now().getTime(),
    })
    .onConflictDoNothing({ target: [waitlistEntries.productId, waitlistEntries.emailKey] })
    .run().changes;
  if (added === 1) {
    shop.log.info({ productId: product.productId }, 'waitlist joined');
    return {
      productId: product.productId,
      email: input.email,
      quantity: input.quantity,
      message: `We will e-mail ${input.email} once when ${label} is back.`,
    };
  }
  const entry = shop.db
    .select({ quantity: waitlistEntries.quantity, toldAt: waitlistEntries.toldAt })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.productId, product.productId),
        eq(waitlistEntries.emailKey, emailKeyOf(input.email)),
      ),
    )
    .get();
  shop.log.info(
    { productId: product.productId },
    'waitlist join of an address already on the list: unchanged',
  );
  return {
    productId: product.productId,
    email: input.email,
    quantity: entry?.quantity ?? input.quantity,
    message:
      entry?.toldAt == null
        ? `You are already on the waitlist for ${label} with ${input.email}, so nothing was changed: we will e-mail you once when it is back.`
        : `You are already on the waitlist for ${label} with ${input.email}, and our e-mail that it is back has gone to you or is on its way, so nothing was changed. If it has sold out again, please call or e-mail the nursery.`,
  };
}

/**
 * Tells the waitlists of these products that can be ordered online again (Active or Nursery, and stock left
 * when it is counted): one e-mail per waiting entry, in the order they joined, each entry written to once
 * (`told_at` marks the notice written; the entry is told when the outbox sends it, see toEntry). The one
 * place the rule lives: a stock change, a status change and a product save all end here. Call inside the
 * transaction that made the change (after writing it), then flushEmail. Answers how many notices were written.
 */
export function tellWaitlists(shop: Shop, productIds: readonly number[]): number {
  if (productIds.length === 0) return 0;
  const waitingFor = shop.db
    .selectDistinct({ productId: waitlistEntries.productId })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.productId, [...productIds]), isNull(waitlistEntries.toldAt)))
    .all()
    .map((r) => r.productId);
  if (waitingFor.length === 0) return 0;
  const levels = stockLevels(shop, { productIds: waitingFor, trackedOnly: true });
  const available = shop.db
    .select(waitlistProductColumns)
    .from(products)
    .where(and(inArray(products.productId, waitingFor), isNull(products.deletedAt)))
    .all()
    .filter((p) => {
      const left = figuresFor(levels, p.productId).calculatedStock;
      return isOrderableOnline(p.productStatus) && (left === null || left > 0);
    });
  if (available.length === 0) return 0;

  const text = customerEmailText(shop, 'back-in-stock');
  const now = shop.now().getTime();
  let told = 0;
  for (const product of available) {
    const entries = shop.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.productId, product.productId), isNull(waitlistEntries.toldAt)))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.waitlistEntryId))
      .all();
    for (const entry of entries) {
      const values = {
        ...shopPlaceholderValues(shop),
        productName: productLabel(product),
        quantity: String(entry.quantity),
        productUrl: `${shop.config.publicUrl}${productPath(product)}`,
        email: entry.email,
      };
      const emailId = shop.queueEmail({
        kind: 'back-in-stock',
        to: entry.email,
        subject: renderCustomerEmail(text.subject, values),
        text: renderCustomerEmail(text.body, values),
      });
      shop.db
        .update(waitlistEntries)
        .set({ toldAt: now, emailId })
        .where(eq(waitlistEntries.waitlistEntryId, entry.waitlistEntryId))
        .run();
      told += 1;
    }
  }
  shop.log.info({ productIds: available.map((p) => p.productId), told }, 'waitlist told');
  return told;
}

type EntryRow = typeof waitlistEntries.$inferSelect;

/**
 * An entry as staff see it. `told_at` is when its notice was written (so nobody is ever written to twice); the
 * customer was told only when the outbox sent that notice, so told and the notice's state come from the outbox
 * row. The outbox keeps a notice 30 days: past that, the entry counts as told when its notice was written.
 */
function toEntry(shop: Shop, row: EntryRow, notice: OutboxRow | undefined): WaitlistEntry {
  const tz = shop.config.shop.timeZone;
  const email = notice ? toOrderEmail(shop, notice) : null;
  const toldAt = notice ? notice.sentAt : row.toldAt;
  return {
    waitlistEntryId: row.waitlistEntryId,
    productId: row.productId,
    email: row.email,
    quantity: row.quantity,
    joinedTimestamp: new Date(row.createdAt).toISOString(),
    displayJoinedTimestamp: formatDateTime(row.createdAt, tz),
    toldTimestamp: toldAt === null ? null : new Date(toldAt).toISOString(),
    displayToldTimestamp: toldAt === null ? null : formatDateTime(toldAt, tz),
    notice: email,
  };
}

/**
 * Every product with customers still to be told (no back-in-stock e-mail written) and how many: the Stock
 * screen says when a restock leaves such a product where tellWaitlists cannot reach them.
 */
export function waitlistWaiting(shop: Shop): WaitlistWaiting {
  return shop.db
    .select({ productId: waitlistEntries.productId, waiting: count() })
    .from(waitlistEntries)
    .where(isNull(waitlistEntries.toldAt))
    .groupBy(waitlistEntries.productId)
    .orderBy(asc(waitlistEntries.productId))
    .all();
}

/** A product's waitlist for staff: every entry in the order they joined, told ones included, with each notice's state. */
export function productWaitlist(shop: Shop, productId: number): ProductWaitlist {
  const exists = shop.db
    .select({ productId: products.productId })
    .from(products)
    .where(eq(products.productId, productId))
    .get();
  if (!exists)
    throw new ShopError({ kind: 'not_found', message: `There is no product number ${productId}.` });
  const entries = shop.db
    .select({ entry: waitlistEntries, notice: emailOutbox })
    .from(waitlistEntries)
    .leftJoin(emailOutbox, eq(emailOutbox.emailId, waitlistEntries.emailId))
    .where(eq(waitlistEntries.productId, productId))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.waitlistEntryId))
    .all()
    .map((row) => toEntry(shop, row.entry, row.notice ?? undefined));
  return { productId, waiting: entries.filter((e) => e.toldTimestamp === null).length, entries };
}

/** Staff's Retry of a back-in-stock notice that did not go: answers the product's waitlist after the try. */
export async function retryWaitlistNotice(shop: Shop, emailId: number): Promise<ProductWaitlist> {
  const entry = shop.db
    .select({ productId: waitlistEntries.productId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.emailId, emailId))
    .get();
  if (!entry) {
    throw new ShopError({
      kind: 'not_found',
      message: `There is no back-in-stock e-mail number ${emailId}.`,
    });
  }
  await retryCustomerEmail(shop, emailId, (row): row is OutboxRow => row.orderId === null);
  return productWaitlist(shop, entry.productId);
}

/** Staff remove an entry (a customer asked, or a typo); answers the product's waitlist as it is now. */
export function removeWaitlistEntry(shop: Shop, waitlistEntryId: number): ProductWaitlist {
  const row = shop.db
    .delete(waitlistEntries)
    .where(eq(waitlistEntries.waitlistEntryId, waitlistEntryId))
    .returning({ productId: waitlistEntries.productId })
    .get();
  if (!row) {
    throw new ShopError({
      kind: 'not_found',
      message: `There is no waitlist entry number ${waitlistEntryId}.`,
    });
  }
  return productWaitlist(shop, row.productId);
}
