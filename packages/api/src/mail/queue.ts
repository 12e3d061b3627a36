import { bareInsert, emailOutbox, perConnection, type ShopDatabase } from '@nursery/db';
import { asOneLine } from '@nursery/domain';
import { sql } from 'drizzle-orm';

/**
 * Writing an e-mail into the outbox, apart from sending it (outbox.ts): the order writer's thread queues an
 * order's mail inside the order's transaction and loads nothing of the mail library, which only the server's
 * own outbox uses.
 */
export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The order a customer e-mail is about, so staff see it on the order (receipt, change notice, reminder). */
  orderId?: number;
}

/** After this many failed tries a message stays in the outbox with its last error for someone to look at. */
export const MAX_SEND_ATTEMPTS = 12;
/**
 * Older unsent notices are left in the outbox: a week-old "new order" mail helps nobody, and turning SMTP
 * on (or restoring an old backup) must not flood the owner with the whole history.
 * Beside the queue, not the sender: an order's e-mail list (customerEmails/service.ts) reads both, on the
 * order writer's thread too.
 */
export const MAX_SEND_AGE_MS = 7 * 24 * 60 * 60_000;

/** Every placed order queues two e-mails: inserted bare (bareInsert), drizzle's per-call work cost as much as the insert. */
const outboxInsert = perConnection(({ sqlite, db }: ShopDatabase) =>
  bareInsert<OutboxValues>(
    sqlite,
    db.insert(emailOutbox).values({
      kind: sql.placeholder('kind'),
      toAddress: sql.placeholder('toAddress'),
      subject: sql.placeholder('subject'),
      textBody: sql.placeholder('textBody'),
      htmlBody: sql.placeholder('htmlBody'),
      orderId: sql.placeholder('orderId'),
      createdAt: sql.placeholder('createdAt'),
    }),
  ),
);

interface OutboxValues {
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  orderId: number | null;
  createdAt: number;
}

/** Writes one e-mail into the outbox (inside the caller's transaction when there is one); its row's id. */
export function queueEmail(database: ShopDatabase, now: Date, email: OutgoingEmail): number {
  // A subject is one header line; a name typed with a line break (older rows, staff edits) must not
  // split it, whatever the mail library would make of it.
  const subject = asOneLine(email.subject).trim();
  const written = outboxInsert(database).run({
    kind: email.kind,
    toAddress: email.to,
    subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    orderId: email.orderId ?? null,
    createdAt: now.getTime(),
  });
  // No line a queued e-mail: the outbox row is its record, and sending logs "e-mail sent" or why not.
  // Two more lines an order (owner's notice, receipt) were a third of the log's volume under load.
  return Number(written.lastInsertRowid);
}
