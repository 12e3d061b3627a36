import type { ShopDatabase, ShopDb } from '@nursery/db';
import type { ShopConfig } from './config.ts';
import { createOutbox, type Outbox, type OutgoingEmail } from './mail/outbox.ts';
import { createLimiters, type ShopLimiters } from './rateLimit.ts';
import { RawJson } from './rawJson.ts';

export interface ShopLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export type { OutgoingEmail } from './mail/outbox.ts';

/** Serialized answers kept in memory until something they depend on changes. */
export class AnswerCache {
  private readonly entries = new Map<string, RawJson<unknown>>();
  get<T>(key: string, build: () => T): RawJson<T> {
    const hit = this.entries.get(key) as RawJson<T> | undefined;
    return hit ?? this.rebuild(key, build);
  }
  /** Builds afresh and keeps the new answer, e.g. when a caller asks to bypass the cache. */
  rebuild<T>(key: string, build: () => T): RawJson<T> {
    const answer = new RawJson(build());
    this.entries.set(key, answer);
    return answer;
  }
  invalidate(): void {
    this.entries.clear();
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
  /** Queues an e-mail in the outbox table (inside the caller's transaction when there is one). */
  queueEmail(email: OutgoingEmail): void;
  /** Called after a transaction that queued mail has committed, to try sending at once. */
  flushEmail(): void;
  /** The outgoing mail behind queueEmail/flushEmail: SMTP sending and retries (mail/outbox.ts). */
  outbox: Outbox;
  now(): Date;
  log: ShopLogger;
}

export function createShop(options: {
  config: ShopConfig;
  database: ShopDatabase;
  log: ShopLogger;
  now?: () => Date;
}): Shop {
  const { config, database, log } = options;
  const now = options.now ?? (() => new Date());
  const outbox = createOutbox({ mail: config.mail, database: () => database, log, now });
  return {
    config,
    database,
    db: database.db,
    catalogCache: new AnswerCache(),
    limiters: createLimiters(),
    queueEmail(email) {
      outbox.queue(email);
    },
    flushEmail() {
      outbox.flush();
    },
    outbox,
    now,
    log,
  };
}
