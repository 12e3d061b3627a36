import http from 'node:http';
import https from 'node:https';
import { type ShopDatabase, webhookDeliveries, webhookEndpoints } from '@nursery/db';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { OutgoingEmail } from '../mail/outbox.ts';
import { type PassRounds, sendingPasses } from '../sendingPasses.ts';
import { checkWebhookUrl, publicOnlyLookup } from './address.ts';

interface SenderLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * How long to wait after each failed try of a delivery: the Standard Webhooks schedule (at once, 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h) stretched to about three days, so a receiver down over a weekend loses nothing.
 * After the last one fails the delivery is given up (staff may still redeliver it).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  20 * 3_600_000,
] as const;
/** An endpoint that has accepted nothing for this long (the whole schedule, about three days) is disabled. */
export const WEBHOOK_FAILING_WINDOW_MS = WEBHOOK_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
/** A receiver answers at once and does its work later; one that takes longer counts as a failure. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is read of an answer at most; the rest is never read (a hostile receiver cannot stream forever). */
export const WEBHOOK_ANSWER_READ_BYTES = 64 * 1024;
/** What is kept of an answer, for the screen. */
export const WEBHOOK_ANSWER_KEPT_CHARS = 500;
/** Endpoints sent to at once: a slow receiver holds one of these, never a request of the shop. */
export const WEBHOOK_CONCURRENCY = 4;
const CHECK_INTERVAL_MS = 5_000;
const BATCH = 100;
/** Kept this long after they were delivered or given up: the screen shows what happened lately. */
export const WEBHOOK_KEEP_MS = 30 * 24 * 3_600_000;
const PRUNE_INTERVAL_MS = 24 * 3_600_000;

/** A delivery with where and how to send it. */
const DELIVERY_SELECT = `select d.delivery_id as deliveryId, d.endpoint_id as endpointId, d.message_id as messageId,
    d.event_type as eventType, d.payload, d.order_id as orderId, d.status, d.created_at as createdAt,
    d.attempts, d.schedule_step as scheduleStep, d.next_attempt_at as nextAttemptAt,
    d.last_attempt_at as lastAttemptAt, d.last_status_code as lastStatusCode,
    d.last_answer as lastAnswer, d.delivered_at as deliveredAt, e.url, e.secret
  from webhook_deliveries d join webhook_endpoints e on e.endpoint_id = d.endpoint_id`;

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
interface DueDelivery extends DeliveryRow {
  url: string;
  secret: string;
}

export interface WebhookSender {
  /** Starts sending what is due in the background; never throws and never waits. */
  flush(): void;
  /** Sends what is due and resolves when nothing more is (tests and the command line). */
  flushNow(): Promise<void>;
  /** Tries one delivery at once, whatever its state or schedule (staff pressed Redeliver); resolves after. */
  redeliver(deliveryId: number): Promise<void>;
  /** Stops the timers and cuts the tries under way short (they are tried again after the next start). */
  close(): Promise<void>;
}

interface Attempt {
  ok: boolean;
  statusCode: number | null;
  answer: string;
}

/** One POST of a delivery, with the shop's outbound rules, a deadline and a cap on what is read. */
function post(
  delivery: DueDelivery,
  allowPrivate: boolean,
  active: Set<http.ClientRequest>,
): Promise<Attempt> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = checkWebhookUrl(delivery.url, allowPrivate);
    } catch (error) {
      resolve({
        ok: false,
        statusCode: null,
        answer: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    // Signed at each try with the machine's clock: receivers check webhook-timestamp against theirs.
    const signature = new Webhook(delivery.secret).sign(delivery.messageId, new Date(), delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const body = Buffer.from(delivery.payload, 'utf8');
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      active.delete(request);
      resolve(attempt);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: publicOnlyLookup(allowPrivate),
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'user-agent': 'nursery-shop-webhooks',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signature,
        },
        // No pooled connection: a receiver is called a few times an hour, and a kept socket is one more thing
        // a hostile one could hold.
        agent: false,
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const answer = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_ANSWER_KEPT_CHARS);
          // Redirects are not followed (the specification's advice): a 3xx is a failure like any other.
          finish({ ok: statusCode >= 200 && statusCode < 300, statusCode, answer });
        };
        response.on('data', (chunk: Buffer) => {
          if (read >= WEBHOOK_ANSWER_READ_BYTES) return;
          chunks.push(chunk.subarray(0, WEBHOOK_ANSWER_READ_BYTES - read));
          read += chunk.length;
          if (read >= WEBHOOK_ANSWER_READ_BYTES) {
            done();
            request.destroy();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const deadline = setTimeout(() => {
      finish({
        ok: false,
        statusCode: null,
        answer: `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`,
      });
      request.destroy();
    }, WEBHOOK_TIMEOUT_MS);
    request.on('error', (error: NodeJS.ErrnoException) => {
      const answer =
        error.code === 'EINTERNALADDRESS'
          ? "Refused: the address resolves to the shop's own network."
          : `Could not connect: ${error.code ?? error.message}.`;
      finish({ ok: false, statusCode: null, answer });
    });
    active.add(request);
    request.end(body);
  });
}

/**
 * Sends the deliveries queued with the changes that caused them (events.ts). Like the mail outbox: rows are
 * written in the change's transaction, sent after it, and retried on a timer and after a restart; unlike it,
 * each row's schedule is in the database (next_attempt_at), so a restart keeps the backoff. Deliveries about
 * one order reach an endpoint in order: a later one waits until the earlier is delivered (or given up).
 */
export function createWebhookSender(options: {
  database: () => ShopDatabase;
  log: SenderLogger;
  now: () => Date;
  allowPrivate: boolean;
  /** Tells the owner an endpoint was disabled (through the mail outbox). */
  tellOwner: (email: Omit<OutgoingEmail, 'to'>) => void;
  /** Writes rows and never sends (the order writer's thread and the commands). */
  queueOnly?: boolean;
}): WebhookSender {
  const { database, log, now, allowPrivate } = options;
  let closed = false;
  const underWay = new Set<Promise<unknown>>();
  const active = new Set<http.ClientRequest>();
  let timer: NodeJS.Timeout | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;

  function isOpen(): boolean {
    try {
      return !closed && database().sqlite.open;
    } catch {
      return false;
    }
  }

  function due(at: number): DueDelivery[] {
    const { sqlite } = database();
    return sqlite
      .prepare<[number, number], DueDelivery>(
        `${DELIVERY_SELECT}
          where d.status = 'pending' and d.next_attempt_at <= ? and e.disabled_at is null
            and (d.order_id is null or not exists (
                 select 1 from webhook_deliveries p
                  where p.endpoint_id = d.endpoint_id and p.order_id = d.order_id
                    and p.status = 'pending' and p.delivery_id < d.delivery_id))
          order by d.delivery_id
          limit ?`,
      )
      .all(at, BATCH);
  }

  /** Records a try's outcome; answers whether it went through. */
  function record(delivery: DueDelivery, attempt: Attempt): void {
    if (!isOpen()) return;
    const { sqlite, db } = database();
    const at = now().getTime();
    const attempts = delivery.attempts + 1;
    const answer = attempt.answer || null;
    sqlite
      .transaction(() => {
        if (attempt.ok) {
          db.update(webhookDeliveries)
            .set({
              status: 'delivered',
              attempts,
              scheduleStep: delivery.scheduleStep + 1,
              lastAttemptAt: at,
              lastStatusCode: attempt.statusCode,
              lastAnswer: answer,
              deliveredAt: at,
            })
            .where(eq(webhookDeliveries.deliveryId, delivery.deliveryId))
            .run();
          db.update(webhookEndpoints)
            .set({ failingSince: null })
            .where(eq(webhookEndpoints.endpointId, delivery.endpointId))
            .run();
          return;
        }
        const step = delivery.scheduleStep + 1;
        const delay = WEBHOOK_RETRY_DELAYS_MS[step - 1];
        db.update(webhookDeliveries)
          .set({
            status: delay === undefined ? 'failed' : 'pending',
            attempts,
            scheduleStep: step,
            nextAttemptAt: at + (delay ?? 0),
            lastAttemptAt: at,
            lastStatusCode: attempt.statusCode,
            lastAnswer: answer,
          })
          .where(eq(webhookDeliveries.deliveryId, delivery.deliveryId))
          .run();
        const endpoint = db
          .select({
            failingSince: webhookEndpoints.failingSince,
            disabledAt: webhookEndpoints.disabledAt,
            url: webhookEndpoints.url,
            description: webhookEndpoints.description,
          })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.endpointId, delivery.endpointId))
          .get();
        if (!endpoint) return;
        const failingSince = endpoint.failingSince ?? at;
        if (endpoint.failingSince === null) {
          db.update(webhookEndpoints)
            .set({ failingSince })
            .where(eq(webhookEndpoints.endpointId, delivery.endpointId))
            .run();
        }
        if (endpoint.disabledAt === null && at - failingSince >= WEBHOOK_FAILING_WINDOW_MS) {
          const since = new Date(failingSince).toISOString();
          const reason = `Every delivery failed from ${since} for three days; the last answer: ${answer ?? 'none'}`;
          db.update(webhookEndpoints)
            .set({ disabledAt: at, disabledReason: reason.slice(0, 1000) })
            .where(eq(webhookEndpoints.endpointId, delivery.endpointId))
            .run();
          options.tellOwner({
            kind: 'webhook-disabled',
            subject: `Webhook endpoint disabled: ${endpoint.url}`,
            text: [
              `The shop stopped sending events to ${endpoint.url}${endpoint.description ? ` (${endpoint.description})` : ''}:`,
              `every delivery to it has failed since ${since}, for three days.`,
              '',
              `The last answer: ${answer ?? 'none'}`,
              '',
              'The events since then are kept. Once the receiver works again, turn the endpoint back on in',
              'Settings > Integrations: the waiting deliveries are sent again, in order.',
            ].join('\n'),
          });
          log.error(
            { endpointId: delivery.endpointId, url: endpoint.url, failingSince },
            'webhook endpoint disabled: every delivery failed for three days',
          );
        }
      })
      .immediate();
    if (!attempt.ok) {
      log.warn(
        {
          deliveryId: delivery.deliveryId,
          endpointId: delivery.endpointId,
          eventType: delivery.eventType,
          attempts,
          statusCode: attempt.statusCode,
          answer: attempt.answer.slice(0, 200),
        },
        'webhook delivery failed; it will be retried',
      );
    }
  }

  async function attempt(delivery: DueDelivery): Promise<boolean> {
    const tried = post(delivery, allowPrivate, active);
    underWay.add(tried);
    try {
      const outcome = await tried;
      record(delivery, outcome);
      return outcome.ok;
    } finally {
      underWay.delete(tried);
    }
  }

  /** Sends one endpoint's due deliveries in order; after a failure the rest wait for the next pass. */
  async function sendEndpoint(rows: DueDelivery[]): Promise<number> {
    let delivered = 0;
    for (const row of rows) {
      if (!isOpen()) break;
      if (!(await attempt(row))) break;
      delivered++;
    }
    return delivered;
  }

  async function sendDue(rounds: PassRounds): Promise<void> {
    while (rounds.next()) {
      if (!isOpen()) return;
      const rows = due(now().getTime());
      if (rows.length === 0) return;
      const byEndpoint = new Map<string, DueDelivery[]>();
      for (const row of rows) {
        const list = byEndpoint.get(row.endpointId) ?? [];
        list.push(row);
        byEndpoint.set(row.endpointId, list);
      }
      const queues = [...byEndpoint.values()];
      let delivered = 0;
      const workers = Array.from({ length: Math.min(WEBHOOK_CONCURRENCY, queues.length) }, async () => {
        for (let next = queues.shift(); next; next = queues.shift()) delivered += await sendEndpoint(next);
      });
      await Promise.all(workers);
      // A delivery that went through may let the next one about the same order go; a full page may have more.
      if (delivered > 0 || rows.length === BATCH) rounds.more();
    }
  }

  const passes = sendingPasses(sendDue, (error) =>
    log.error({ err: error }, 'sending webhook deliveries failed'),
  );
  function flushNow(): Promise<void> {
    if (options.queueOnly || closed) return Promise.resolve();
    return passes.run();
  }

  function prune(): void {
    if (!isOpen()) return;
    try {
      const { db } = database();
      db.delete(webhookDeliveries)
        .where(
          sql`${webhookDeliveries.status} <> 'pending' and ${webhookDeliveries.createdAt} < ${now().getTime() - WEBHOOK_KEEP_MS}`,
        )
        .run();
    } catch (error) {
      log.warn({ err: error }, 'old webhook deliveries could not be removed');
    }
  }

  if (!options.queueOnly) {
    timer = setInterval(() => void flushNow(), CHECK_INTERVAL_MS);
    // The timers never keep a finished process (a test, a command) alive.
    timer.unref();
    pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
    pruneTimer.unref();
    // Whatever a previous run left unsent goes out now.
    setImmediate(() => {
      prune();
      void flushNow();
    });
  }

  return {
    flush() {
      void flushNow();
    },
    flushNow,
    async redeliver(deliveryId) {
      if (options.queueOnly || !isOpen()) return;
      // A pass under way may be sending this very row; wait for it rather than send it twice at once.
      await passes.underWay();
      const { db } = database();
      db.update(webhookDeliveries)
        .set({ status: 'pending', scheduleStep: 0, nextAttemptAt: now().getTime() })
        .where(eq(webhookDeliveries.deliveryId, deliveryId))
        .run();
      const [row] = database()
        .sqlite.prepare<[number], DueDelivery>(`${DELIVERY_SELECT} where d.delivery_id = ?`)
        .all(deliveryId);
      if (row) await attempt(row);
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      if (pruneTimer) clearInterval(pruneTimer);
      timer = null;
      pruneTimer = null;
      // A try cut short is not recorded (the database is closing): it stays pending and goes after the start.
      for (const request of active) request.destroy();
      await Promise.allSettled([...underWay]);
    },
  };
}
