import { customerEmailTemplates, emailOutbox } from '@nursery/db';
import {
  CUSTOMER_EMAIL_KINDS,
  CUSTOMER_EMAIL_LABELS,
  CUSTOMER_EMAIL_PLACEHOLDERS,
  type CustomerEmailKind,
  type CustomerEmailTemplate,
  type CustomerEmailTemplateInput,
  DEFAULT_CUSTOMER_EMAILS,
  displayPickUpDayWithNote,
  formatDateTime,
  type Order,
  type OrderEmail,
  type OrderEmailStatus,
  renderCustomerEmail,
} from '@nursery/domain';
import { asc, eq } from 'drizzle-orm';
import { ShopError } from '../errors.ts';
import { MAX_SEND_AGE_MS, MAX_SEND_ATTEMPTS } from '../mail/queue.ts';
import { orderNotFound } from '../orders/adminOrder.ts';
import { loadOrder, loadOrderRow } from '../orders/orderShape.ts';
import type { Shop, ShopRecords } from '../shop.ts';
import { currentSeason } from '../stock/levels.ts';
import type { StaffIdentity } from '../trpc.ts';
import { customerEmailText, shopPlaceholderValues } from './texts.ts';

export function listCustomerEmailTemplates(shop: ShopRecords): CustomerEmailTemplate[] {
  const saved = new Map(
    shop.db
      .select()
      .from(customerEmailTemplates)
      .all()
      .map((r) => [r.kind, r]),
  );
  return CUSTOMER_EMAIL_KINDS.map((kind) => {
    const own = DEFAULT_CUSTOMER_EMAILS[kind];
    const row = saved.get(kind);
    return {
      kind,
      label: CUSTOMER_EMAIL_LABELS[kind],
      subject: row?.subject ?? own.subject,
      body: row?.body ?? own.body,
      isDefault: !row,
      defaultSubject: own.subject,
      defaultBody: own.body,
      placeholders: Object.entries(CUSTOMER_EMAIL_PLACEHOLDERS[kind]).map(([name, description]) => ({
        name,
        description,
      })),
    };
  });
}

/**
 * Saves one e-mail's text (the input schema has refused unknown placeholders). Saving the shop's own text
 * removes the row, so the e-mail follows the shop's text again when a later version improves it.
 */
export function saveCustomerEmailTemplate(
  shop: ShopRecords,
  staff: StaffIdentity,
  input: CustomerEmailTemplateInput,
): CustomerEmailTemplate[] {
  const own = DEFAULT_CUSTOMER_EMAILS[input.kind];
  if (input.subject === own.subject && input.body === own.body) {
    shop.db.delete(customerEmailTemplates).where(eq(customerEmailTemplates.kind, input.kind)).run();
  } else {
    const stamp = { updatedAt: shop.now().getTime(), updatedBy: staff.name || staff.email };
    shop.db
      .insert(customerEmailTemplates)
      .values({ kind: input.kind, subject: input.subject, body: input.body, ...stamp })
      .onConflictDoUpdate({
        target: customerEmailTemplates.kind,
        set: { subject: input.subject, body: input.body, ...stamp },
      })
      .run();
  }
  shop.log.info({ kind: input.kind, by: staff.name || staff.email }, 'customer e-mail text changed');
  return listCustomerEmailTemplates(shop);
}

/** The order page a customer opens from an e-mail; it asks for the phone number on the order. */
export function orderPageUrl(shop: ShopRecords, orderId: number): string {
  return `${shop.config.publicUrl}/Order/${orderId}`;
}

/**
 * What an order e-mail's placeholders stand for; {pickupDay} is '' for an order without a pick-up day. A change
 * notice is sent only when these values changed (see `orderChangedForCustomer`).
 */
export function orderPlaceholderValues(shop: ShopRecords, order: Order): Record<string, string> {
  const lines = order.products.map(
    (p) =>
      `  ${p.quantity} x ${p.name}${p.productSize ? ` (${p.productSize})` : ''} at ${p.displayUnitPrice} each = ${p.displayPrice}`,
  );
  return {
    ...shopPlaceholderValues(shop),
    orderNumber: String(order.orderId),
    name: order.name,
    firstName: order.firstName || order.name,
    phoneNumber: order.phoneNumber,
    lines: lines.join('\n'),
    subtotal: order.displaySubtotal,
    tax: order.isTaxExempt ? `${order.displayTax} (tax exempt)` : order.displayTax,
    total: order.displayTotal,
    pickupDay: order.displayPickUpDay
      ? displayPickUpDayWithNote(order.displayPickUpDay, order.pickUpDayNote)
      : '',
    lookupUrl: orderPageUrl(shop, order.orderId),
  };
}

/** Whether what the customer's e-mails say about the order differs between two versions of it. */
export function orderChangedForCustomer(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): boolean {
  return Object.keys(after).some((key) => before[key] !== after[key]);
}

export type OrderEmailKind = Exclude<CustomerEmailKind, 'back-in-stock'>;

/**
 * Writes one customer e-mail about an order into the outbox, tied to the order, inside the caller's
 * transaction; the caller flushes after it commits. An order without an e-mail address gets none: null.
 */
export function queueOrderEmail(
  shop: ShopRecords,
  kind: OrderEmailKind,
  order: Pick<Order, 'orderId' | 'email'>,
  values: Readonly<Record<string, string>>,
): number | null {
  if (!order.email) return null;
  const text = customerEmailText(shop, kind);
  return shop.queueEmail({
    kind,
    to: order.email,
    subject: renderCustomerEmail(text.subject, values),
    text: renderCustomerEmail(text.body, values),
    orderId: order.orderId,
  });
}

const STATUS_TEXT: Record<OrderEmailStatus, string> = {
  sent: 'Sent',
  waiting: 'Waiting to be sent',
  retrying: 'Not sent yet: the mail server refused it; trying again',
  failed: 'Not sent: gave up trying',
  'not-sent': 'Not sent: no mail server is set up (SMTP_URL)',
};

export type OutboxRow = typeof emailOutbox.$inferSelect;

function statusOf(shop: Shop, row: OutboxRow): OrderEmailStatus {
  if (row.sentAt !== null) return 'sent';
  if (!shop.outbox.smtpConfigured) return 'not-sent';
  const tooOld = row.createdAt < shop.now().getTime() - MAX_SEND_AGE_MS;
  if (row.attempts >= MAX_SEND_ATTEMPTS || tooOld) return 'failed';
  return row.lastError ? 'retrying' : 'waiting';
}

/** A customer e-mail of the outbox as staff see it: what, to whom, when, and what became of it. */
export function toOrderEmail(shop: Shop, row: OutboxRow): OrderEmail {
  const status = statusOf(shop, row);
  const label = (CUSTOMER_EMAIL_LABELS as Record<string, string>)[row.kind] ?? row.kind;
  return {
    emailId: row.emailId,
    orderId: row.orderId,
    kind: row.kind,
    label,
    to: row.toAddress,
    subject: row.subject,
    createdTimestamp: new Date(row.createdAt).toISOString(),
    displayCreatedTimestamp: formatDateTime(row.createdAt, shop.config.shop.timeZone),
    status,
    displayStatus: STATUS_TEXT[status],
    sentTimestamp: row.sentAt === null ? null : new Date(row.sentAt).toISOString(),
    attempts: row.attempts,
    lastError: row.lastError,
    canRetry: status === 'retrying' || status === 'failed',
  };
}

/**
 * The e-mails the shop wrote to an order's customer, oldest first, with what became of each. The outbox keeps
 * them 30 days (mail/outbox.ts), so this is the order's recent mail, not its whole history.
 */
export function orderEmails(shop: Shop, orderId: number): OrderEmail[] {
  return shop.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.orderId, orderId))
    .orderBy(asc(emailOutbox.emailId))
    .all()
    .map((row) => toOrderEmail(shop, row));
}

/**
 * Staff's Retry of a customer e-mail that did not go (an order's, or a waitlist's notice): tries it again at
 * once. Answers the outbox row as it was before the try, for the caller to answer its list.
 */
export async function retryCustomerEmail<Row extends OutboxRow>(
  shop: Shop,
  emailId: number,
  belongs: (row: OutboxRow) => row is Row,
): Promise<Row> {
  const row = shop.db.select().from(emailOutbox).where(eq(emailOutbox.emailId, emailId)).get();
  if (!row || !belongs(row)) {
    throw new ShopError({ kind: 'not_found', message: `There is no customer e-mail number ${emailId}.` });
  }
  if (!shop.outbox.smtpConfigured) {
    throw new ShopError({
      kind: 'bad_request',
      message:
        'No mail server is set up (SMTP_URL), so the shop cannot send e-mail. The e-mail stays recorded in the outbox.',
    });
  }
  if (row.sentAt !== null) {
    throw new ShopError({ kind: 'bad_request', message: 'That e-mail was sent already.' });
  }
  await shop.outbox.retry(emailId);
  return row;
}

/** Staff's Retry on the order page: answers the order's e-mails as they stand after it. */
export async function retryOrderEmail(shop: Shop, emailId: number): Promise<OrderEmail[]> {
  const row = await retryCustomerEmail(
    shop,
    emailId,
    (r): r is OutboxRow & { orderId: number } => r.orderId !== null,
  );
  return orderEmails(shop, row.orderId);
}

/** An order as its e-mails describe it: the order and the values of its placeholders. */
export interface OrderForEmail {
  order: Order;
  values: Record<string, string>;
}

export function orderForEmail(shop: Shop, orderId: number): OrderForEmail | null {
  const order = loadOrder(shop, orderId);
  if (!order) return null;
  return { order, values: orderPlaceholderValues(shop, order) };
}

/**
 * After staff saved an order (inside the save's transaction): a new order with an e-mail address gets its
 * receipt, as an online one does; an order of the current season whose e-mails would now say something else
 * (lines, prices, tax, total, pick-up day, name, phone) gets a change notice. A fixed comment or an edit of an
 * earlier season's order (history, long picked up) tells nobody. `before` is `orderForEmail` read before the
 * save, null for a new order.
 */
export function tellCustomerOfSave(shop: Shop, before: OrderForEmail | null, orderId: number): void {
  const after = orderForEmail(shop, orderId);
  if (!after || after.order.seasonPurchased !== currentSeason(shop)) return;
  if (!before) queueOrderEmail(shop, 'receipt', after.order, after.values);
  else if (orderChangedForCustomer(before.values, after.values)) {
    queueOrderEmail(shop, 'order-changed', after.order, after.values);
  }
}

export function requireOrder(shop: ShopRecords, orderId: number): void {
  if (!loadOrderRow(shop, orderId)) throw orderNotFound(orderId);
}
