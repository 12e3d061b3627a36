import type { ShopDatabase, ShopDb } from '@nursery/db';
import type { ShopConfig } from './config.ts';
import type { ShopLogger } from './logger.ts';
import { createOutbox, type Outbox, type OutgoingEmail } from './mail/outbox.ts';
import type { OrderWriter } from './orders/writerThread.ts';
import { createLimiters, type ShopLimiters } from './rateLimit.ts';
import { RawJson } from './rawJson.ts';
import type { ReplicaMonitor } from './replica/monitor.ts';
import { createWebhookSender, type WebhookSender } from './webhooks/sender.ts';

export type { ShopLogger } from './logger.ts';
export type { OutgoingEmail } from './mail/outbox.ts';

/**
 * Brings a kept answer up to date after some products changed, instead of building it afresh: answers the
 * new value from the old one and the ids of the products that changed.
 */
export type AnswerUpdate<T> = (previous: T, changedProductIds: ReadonlySet<number>) => T;

interface CacheEntry {
  answer: RawJson<unknown>;
  update: AnswerUpdate<unknown> | undefined;
  /** Products changed since `answer` was made; applied by `update` on the next read. */
  changed: Set<number>;
}

/** An answer being made across turns (AnswerCache.remake): what changed meanwhile. */
interface Remaking {
  changed: Set<number>;
  /** Everything changed meanwhile (invalidate): the answer being made is already out of date. */
  dropped: boolean;
}

/** Serialized answers kept in memory until something they depend on changes. */
export class AnswerCache {
  private readonly entries = new Map<string, CacheEntry>();
  private readonly remaking = new Set<Remaking>();
  /**
   * The kept answer, built with `build` when there is none. With `update`, an answer outdated by
   * `productsChanged` is brought up to date from the products that changed rather than rebuilt.
   */
  get<T>(key: string, build: () => T, update?: AnswerUpdate<T>): RawJson<T> {
    const entry = this.entries.get(key);
    if (!entry) return this.rebuild(key, build, update);
    if (entry.changed.size > 0 && entry.update) {
      const value = entry.update(entry.answer.value, entry.changed);
      entry.answer = new RawJson(value);
      entry.changed = new Set();
    }
    return entry.answer as RawJson<T>;
  }
  /** Builds afresh and keeps the new answer, e.g. when a caller asks to bypass the cache. */
  rebuild<T>(key: string, build: () => T, update?: AnswerUpdate<T>): RawJson<T> {
    const answer = new RawJson(build());
    this.entries.set(key, {
      answer,
      update: update as AnswerUpdate<unknown> | undefined,
      changed: new Set(),
    });
    return answer;
  }
  /**
   * Only these products' figures changed (an order's stock and sales, its Sold Out): answers that can update
   * themselves do so on their next read, the others are dropped.
   */
  productsChanged(productIds: Iterable<number>): void {
    const ids = [...productIds];
    for (const [key, entry] of this.entries) {
      if (!entry.update) {
        this.entries.delete(key);
        continue;
      }
      for (const id of ids) entry.changed.add(id);
    }
    for (const remaking of this.remaking) for (const id of ids) remaking.changed.add(id);
  }
  /**
   * Everything changed (a catalogue sheet applied), and the answer under `key` is made anew by `make`, which
   * lets others use the event loop between its reads: the answers kept until then are still served, and
   * dropped once it is kept (the change it follows is the maker's, which answers after this). Products that
   * orders change while it is made are read again on its next read, as after `productsChanged`; an invalidate
   * meanwhile leaves nothing kept.
   */
  async remake<T>(key: string, make: () => Promise<T>, update?: AnswerUpdate<T>): Promise<void> {
    const remaking: Remaking = { changed: new Set(), dropped: false };
    this.remaking.add(remaking);
    let value: T;
    try {
      value = await make();
    } catch (error) {
      this.entries.clear();
      throw error;
    } finally {
      this.remaking.delete(remaking);
    }
    this.entries.clear();
    if (remaking.dropped) return;
    this.entries.set(key, {
      answer: new RawJson(value),
      update: update as AnswerUpdate<unknown> | undefined,
      changed: remaking.changed,
    });
  }
  /** Drops one answer (its source changed and nothing else depends on it); rebuilt on its next read. */
  drop(key: string): void {
    this.entries.delete(key);
  }
  invalidate(): void {
    this.entries.clear();
    for (const remaking of this.remaking) remaking.dropped = true;
  }
}

/**
 * Everything that lives as long as the server: configuration, the database, caches and the mail queue.
 * Services receive it through the tRPC context as `ctx.shop`.
 */
export interface Shop {
  config: ShopConfig;
  database: ShopDatabase;
  db: ShopDb;
  /** The storefront's product list; every change to products, prices, stock or orders invalidates it. */
  catalogCache: AnswerCache;
  /** Per-client request limits for the public calls a script could hammer (lookup, contact form). */
  limiters: ShopLimiters;
  /** Queues an e-mail in the outbox table (inside the caller's transaction when there is one); its id. */
  queueEmail(email: OutgoingEmail): number;
  /** Called after a transaction that queued mail has committed, to try sending at once. */
  flushEmail(): void;
  /** The outgoing mail behind queueEmail/flushEmail: SMTP sending and retries (mail/outbox.ts). */
  outbox: Outbox;
  /**
   * The webhook deliveries' sender (webhooks/sender.ts): the rows are written with the change that causes
   * them (webhooks/events.ts); `flush` after the commit sends them off the request's path.
   */
  webhooks: WebhookSender;
  now(): Date;
  log: ShopLogger;
  /**
   * Where storefront orders are written and committed: a worker thread in the server (orders/writerThread.ts),
   * so the commit's fsync and the SQLite work never hold the thread that answers requests; null writes them
   * on this thread through its group commit (tests, tools).
   */
  orderWriter: OrderWriter | null;
  /** The continuous copy's state, when REPLICA_URL is set and the server runs it. */
  replica: ReplicaMonitor | null;
}

/**
 * What reading and writing the shop's records takes: its configuration, its connection, its clock, its log and
 * the outbox's queue. Writing an order needs nothing more, and the order writer's thread (orders/writerWorker.ts)
 * has nothing more: neither the mail sender, the webhooks' sender, the request limits nor the cached answers.
 */
export type ShopRecords = Pick<Shop, 'config' | 'database' | 'db' | 'now' | 'log' | 'queueEmail'>;

export function createShop(options: {
  config: ShopConfig;
  database: ShopDatabase;
  log: ShopLogger;
  now?: () => Date;
  /**
   * The order writer's thread and the commands: their mail and webhook deliveries are only written, and the
   * server sends them.
   */
  mailQueueOnly?: boolean;
}): Shop {
  const { config, database, log } = options;
  const now = options.now ?? (() => new Date());
  const outbox = createOutbox({
    mail: config.mail,
    database: () => database,
    log,
    now,
    queueOnly: options.mailQueueOnly ?? false,
  });
  const webhooks = createWebhookSender({
    database: () => database,
    log,
    now,
    allowPrivate: config.webhooks.allowPrivateAddresses,
    tellOwner(email) {
      outbox.queue({ ...email, to: config.mail.ownerEmail });
      outbox.flush();
    },
    queueOnly: options.mailQueueOnly ?? false,
  });
  return {
    config,
    database,
    db: database.db,
    catalogCache: new AnswerCache(),
    limiters: createLimiters({
      ordersPerClientPerHour: config.ordersPerClientPerHour,
      now: () => now().getTime(),
    }),
    queueEmail(email) {
      return outbox.queue(email);
    },
    flushEmail() {
      outbox.flush();
    },
    outbox,
    webhooks,
    now,
    log,
    orderWriter: null,
    replica: null,
  };
}
