import { emailOutbox, type ShopDatabase, type ShopDb } from '@nursery/db';
import { and, asc, eq, gte, isNull, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { type PassRounds, sendingPasses } from '../sendingPasses.ts';
import { MAX_SEND_AGE_MS, MAX_SEND_ATTEMPTS, type OutgoingEmail, queueEmail } from './queue.ts';

export type { OutgoingEmail } from './queue.ts';

interface MailLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export interface MailSettings {
  smtpUrl: string | undefined;
  from: string;
}

/** The first retry waits this long; each further one twice as long, up to an hour. */
export const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;
const RETRY_CHECK_INTERVAL_MS = 30_000;
const BATCH = 50;
/**
 * New-order notices to one address go out at most once a window: the first of a quiet spell at once, the
 * ones placed meanwhile together in one e-mail when the window ends. A burst of orders (a school's, or a
 * script's) is then a handful of e-mails listing them, not one per order. Rows stay one per order, written
 * with the order, so none is lost; only the sending gathers them.
 */
export const NOTICE_WINDOW_MS = 60_000;
const GATHERED_KINDS: Record<string, (count: number) => string> = {
  'new-order': (count) => `${count} new orders`,
};
const MAX_GATHERED = 200;
/**
 * Notices are kept this long, sent or not: the outbox is a record of what the shop said lately, not an
 * archive (at 100,000 orders it was half of shop.db). Pruned at start and once a day (docs/deploy.md).
 */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60_000;
const PRUNE_INTERVAL_MS = 24 * 60 * 60_000;

/** Removes notices older than OUTBOX_KEEP_MS, whatever became of them; answers how many went. */
export function pruneOutbox(db: ShopDb, now: Date): number {
  return db
    .delete(emailOutbox)
    .where(lt(emailOutbox.createdAt, now.getTime() - OUTBOX_KEEP_MS))
    .run().changes;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

export interface Outbox {
  /** Writes the message into the outbox table (inside the caller's transaction when there is one); its id. */
  queue(email: OutgoingEmail): number;
  /** Starts sending what is due in the background; never throws and never waits. */
  flush(): void;
  /** Sends what is due and resolves when this pass is over (tests and the command line). */
  flushNow(): Promise<void>;
  /**
   * Staff asked to send this unsent message again: it is tried at once, whatever its age or earlier tries, and
   * counts its automatic retries afresh if this try fails too. Resolves when the try is over.
   */
  retry(emailId: number): Promise<void>;
  /** Stops the retry timer. */
  close(): void;
  readonly smtpConfigured: boolean;
}

/**
 * The shop's outgoing mail. Every message is written to the outbox table first, so a mail server outage
 * never loses a notice or fails the order that caused it. With SMTP configured, unsent rows are sent in
 * the background; a failure keeps the row with its attempt count and last error and is retried with
 * growing delays on a timer and at the next start. Without SMTP the rows stay in the outbox and the log.
 */
export function createOutbox(options: {
  mail: MailSettings;
  database: () => ShopDatabase;
  log: MailLogger;
  now: () => Date;
  /**
   * Writes rows and never sends, prunes nor retries: the order writer's thread (orders/writerThread.ts)
   * queues an order's mail inside its transaction, and the server's own outbox sends it.
   */
  queueOnly?: boolean;
}): Outbox {
  const { mail, database, log, now } = options;
  const smtpConfigured = Boolean(mail.smtpUrl);
  const transport: Transporter | null =
    mail.smtpUrl && !options.queueOnly
      ? nodemailer.createTransport({
          url: mail.smtpUrl,
          // A mail server that hangs must not hold messages for the default ten minutes.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        })
      : null;
  // When each failed message may be tried again; empty after a restart, so the start retries everything.
  const notBefore = new Map<number, number>();
  let timer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  // When a gathered notice last went to each kind and address, and the pass that sends the held ones.
  const lastGathered = new Map<string, number>();
  let windowTimer: NodeJS.Timeout | null = null;
  let windowTimerAt = 0;

  function flushAfter(ms: number): void {
    const at = Date.now() + ms;
    if (windowTimer && windowTimerAt <= at) return;
    if (windowTimer) clearTimeout(windowTimer);
    windowTimerAt = at;
    windowTimer = setTimeout(() => {
      windowTimer = null;
      void flushNow();
    }, ms);
    windowTimer.unref();
  }

  function isOpen(): boolean {
    try {
      return database().sqlite.open;
    } catch {
      return false;
    }
  }

  type OutboxRow = typeof emailOutbox.$inferSelect;

  /** Sends one e-mail for the rows (one, or several gathered notices) and records the outcome on each. */
  async function deliver(rows: OutboxRow[], gatheredKey: string | null): Promise<void> {
    const [first] = rows;
    if (!first) return;
    const title = GATHERED_KINDS[first.kind];
    const single = rows.length === 1 || !title;
    const message = single
      ? { subject: first.subject, text: first.textBody, ...(first.htmlBody ? { html: first.htmlBody } : {}) }
      : {
          subject: `${title(rows.length)}: ${first.subject} and ${rows.length - 1} more`,
          text: rows.map((r) => `${r.subject}\n\n${r.textBody}`).join(`\n\n${'-'.repeat(40)}\n\n`),
        };
    try {
      await transport?.sendMail({ from: mail.from, to: first.toAddress, ...message });
      if (gatheredKey) lastGathered.set(gatheredKey, now().getTime());
      for (const row of rows) notBefore.delete(row.emailId);
      if (!isOpen()) return;
      const sentAt = now().getTime();
      for (const row of rows) {
        database()
          .db.update(emailOutbox)
          .set({ sentAt, attempts: row.attempts + 1, lastError: null })
          .where(eq(emailOutbox.emailId, row.emailId))
          .run();
      }
      log.info(
        { emailIds: rows.map((r) => r.emailId), kind: first.kind, to: first.toAddress },
        rows.length === 1 ? 'e-mail sent' : `e-mail sent gathering ${rows.length} notices`,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (!isOpen()) return;
      for (const row of rows) {
        const attempts = row.attempts + 1;
        notBefore.set(row.emailId, now().getTime() + retryDelayMs(attempts));
        database()
          .db.update(emailOutbox)
          .set({ attempts, lastError: reason.slice(0, 1000) })
          .where(eq(emailOutbox.emailId, row.emailId))
          .run();
        const giveUp = attempts >= MAX_SEND_ATTEMPTS;
        log[giveUp ? 'error' : 'warn'](
          { emailId: row.emailId, kind: row.kind, to: row.toAddress, attempts, err: reason },
          giveUp
            ? 'e-mail could not be sent; it stays in the outbox and is no longer retried'
            : 'e-mail could not be sent; it stays in the outbox and will be retried',
        );
      }
    }
  }

  async function sendDue(rounds: PassRounds): Promise<void> {
    if (!transport) return;
    // Rows looked at in this pass (sent, failed, held or not due), and the gathered kinds and addresses this
    // pass may send to (decided once, so all that is due for one address goes out together).
    const seen = new Set<number>();
    const gatherNow = new Set<string>();
    while (rounds.next()) {
      if (!isOpen()) return;
      const { db } = database();
      const limit = BATCH + seen.size;
      const fetched = db
        .select()
        .from(emailOutbox)
        .where(
          and(
            isNull(emailOutbox.sentAt),
            lt(emailOutbox.attempts, MAX_SEND_ATTEMPTS),
            gte(emailOutbox.createdAt, now().getTime() - MAX_SEND_AGE_MS),
          ),
        )
        .orderBy(asc(emailOutbox.emailId))
        .limit(limit)
        .all();
      const singles: OutboxRow[][] = [];
      const gathered = new Map<string, OutboxRow[][]>();
      for (const row of fetched) {
        if (seen.has(row.emailId)) continue;
        seen.add(row.emailId);
        if ((notBefore.get(row.emailId) ?? 0) > now().getTime()) continue;
        if (!GATHERED_KINDS[row.kind]) {
          singles.push([row]);
          continue;
        }
        const key = `${row.kind}\n${row.toAddress}`;
        if (!gatherNow.has(key)) {
          const wait =
            (lastGathered.get(key) ?? Number.NEGATIVE_INFINITY) + NOTICE_WINDOW_MS - now().getTime();
          if (wait > 0) {
            flushAfter(wait);
            continue;
          }
          gatherNow.add(key);
        }
        const chunks = gathered.get(key) ?? [];
        const last = chunks.at(-1);
        if (last && last.length < MAX_GATHERED) last.push(row);
        else chunks.push([row]);
        gathered.set(key, chunks);
      }
      for (const rows of singles) await deliver(rows, null);
      for (const [key, chunks] of gathered) for (const rows of chunks) await deliver(rows, key);
      // A full page may have more behind it.
      if (fetched.length === limit) rounds.more();
    }
  }

  const passes = sendingPasses(sendDue, (error) => log.error({ err: error }, 'sending the outbox failed'));
  function flushNow(): Promise<void> {
    if (!transport) return Promise.resolve();
    return passes.run();
  }

  function prune(): void {
    if (!isOpen()) return;
    try {
      const removed = pruneOutbox(database().db, now());
      if (removed > 0) log.info({ removed }, 'e-mail notices older than 30 days removed from the outbox');
    } catch (error) {
      // A busy or read-only database keeps its old notices until the next pass; never a reason to stop.
      log.warn({ err: error }, 'old e-mail notices could not be removed from the outbox');
    }
  }
  if (!options.queueOnly) {
    prune();
    pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
    pruneTimer.unref();
  }

  if (!smtpConfigured && !options.queueOnly) {
    log.info(
      {},
      "no SMTP_URL configured: e-mails are kept in the outbox, not sent (an order's page lists its own)",
    );
  }

  if (transport) {
    timer = setInterval(() => {
      if (!isOpen()) {
        if (timer) clearInterval(timer);
        return;
      }
      void flushNow();
    }, RETRY_CHECK_INTERVAL_MS);
    // The retry timer never keeps a finished process (a test, a command) alive.
    timer.unref();
    // Whatever a previous run left unsent goes out now.
    setImmediate(() => void flushNow());
  }

  return {
    smtpConfigured,
    queue(email) {
      return queueEmail(database(), now(), email);
    },
    async retry(emailId) {
      if (!transport || !isOpen()) return;
      // A pass under way may be sending this very row; wait for it rather than send it twice.
      await passes.underWay();
      const row = database()
        .db.select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.emailId, emailId), isNull(emailOutbox.sentAt)))
        .get();
      if (!row) return;
      notBefore.delete(emailId);
      await deliver([{ ...row, attempts: 0 }], null);
    },
    flush() {
      void flushNow();
    },
    flushNow,
    close() {
      if (timer) clearInterval(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      if (windowTimer) clearTimeout(windowTimer);
      windowTimer = null;
      timer = null;
      pruneTimer = null;
      transport?.close();
    },
  };
}
