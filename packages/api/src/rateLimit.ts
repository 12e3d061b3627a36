import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { clientKey } from './clientKey.ts';
import { ShopError } from './errors.ts';

/**
 * Limits per client address for the public calls worth abusing: guessing order numbers and phone
 * numbers, and flooding the contact form. The product list is left alone and checkout has only an hourly
 * budget no real customer meets, since a busy spring morning behind one shared address (a library, a school
 * ordering thirty trees) must still be able to buy.
 */
export interface ShopLimiters {
  orderLookup: RateLimiterMemory;
  contact: RateLimiterMemory;
  /** Joining a product's waitlist writes a row and, later, an e-mail to the address typed: as the contact form. */
  waitlist: RateLimiterMemory;
  orders: OrderBudget;
}

export const ORDER_LOOKUPS_PER_MINUTE = 20;
export const CONTACT_MESSAGES_PER_MINUTE = 5;
export const WAITLIST_JOINS_PER_MINUTE = 5;

export function createLimiters(options: { ordersPerClientPerHour: number; now: () => number }): ShopLimiters {
  return {
    orders: new OrderBudget(options.ordersPerClientPerHour, options.now),
    orderLookup: new RateLimiterMemory({
      keyPrefix: 'order-lookup',
      points: ORDER_LOOKUPS_PER_MINUTE,
      duration: 60,
    }),
    contact: new RateLimiterMemory({
      keyPrefix: 'contact',
      points: CONTACT_MESSAGES_PER_MINUTE,
      duration: 60,
    }),
    waitlist: new RateLimiterMemory({
      keyPrefix: 'waitlist',
      points: WAITLIST_JOINS_PER_MINUTE,
      duration: 60,
    }),
  };
}

/** Counts one request for the client (by its address's clientKey); past the limit it answers 429 saying how long to wait. */
export async function consumeLimit(limiter: RateLimiterMemory, address: string, what: string): Promise<void> {
  try {
    await limiter.consume(clientKey(address));
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new ShopError({
      kind: 'too_many',
      message: `Too many ${what} from your connection. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
      retryAfterSeconds: seconds,
    });
  }
}

const HOUR_MS = 60 * 60_000;
/**
 * The most clients whose hour is running that the budget keeps: about 100 bytes each, 10 MB at most. Past
 * it, the client whose hour ends soonest is forgotten first. Keeping every budget exact beyond it would let
 * anyone who sprays addresses grow the shop's memory without end; and forgetting gives nobody more than the
 * addresses they sprayed already do (each new address has a whole budget of its own). Up to 100,000
 * clients placing orders within one hour, every budget is exact.
 */
export const MAX_CLIENTS_KEPT = 100_000;

/**
 * How many orders one client address may place in an hour (ORDERS_PER_CLIENT_PER_HOUR; 0 is no budget). It
 * bounds what one script can write into the owner's database and outbox (one client placed 1,453 orders in
 * 10 s) while any burst a real customer makes goes through. A fixed hour from the client's first order,
 * counted in a plain map, synchronously: the order submit is the shop's hottest write and pays O(1) for it.
 * The map holds only clients whose hour is running: it is kept in the order the hours started, so the ones
 * that ended are at its front and are dropped there as the next orders come (a map of one entry per
 * address ever seen held 22,000 after ten seconds of the order bench).
 */
export class OrderBudget {
  private readonly spent = new Map<string, { since: number; count: number }>();

  readonly perHour: number;
  private readonly now: () => number;
  private readonly maxClients: number;

  constructor(perHour: number, now: () => number = Date.now, maxClients: number = MAX_CLIENTS_KEPT) {
    this.perHour = perHour;
    this.now = now;
    this.maxClients = maxClients;
  }

  /** Clients whose budget is kept (tests). */
  get clientsKept(): number {
    return this.spent.size;
  }

  /** Takes one order from the client's budget (by its address's clientKey), or refuses with 429 saying when it refills. */
  take(address: string): void {
    if (this.perHour <= 0) return;
    const key = clientKey(address);
    const now = this.now();
    this.forgetEndedHours(now);
    let entry = this.spent.get(key);
    if (entry && now - entry.since >= HOUR_MS) {
      // Only after the clock went back: the entry is out of order, so it starts again at the end.
      this.spent.delete(key);
      entry = undefined;
    }
    if (!entry) {
      if (this.spent.size >= this.maxClients) this.forgetOldest();
      entry = { since: now, count: 0 };
      this.spent.set(key, entry);
    }
    if (entry.count >= this.perHour) {
      // The wait is worked out once: the minutes people read are the Retry-After seconds programs read, rounded up.
      const seconds = Math.max(1, Math.ceil((entry.since + HOUR_MS - now) / 1000));
      const minutes = Math.ceil(seconds / 60);
      throw new ShopError({
        kind: 'too_many',
        message: `Too many orders from your connection: ${this.perHour} an hour is the most we take online. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, or call us to place a larger order.`,
        retryAfterSeconds: seconds,
      });
    }
    entry.count += 1;
  }

  /** An order that was refused (closed ordering, stock, a bad line) gives its place back. */
  giveBack(address: string): void {
    const key = clientKey(address);
    const entry = this.spent.get(key);
    if (!entry || entry.count <= 0) return;
    entry.count -= 1;
    // A client whose only orders were refused has used nothing: its hour starts with its first real order.
    if (entry.count === 0) this.spent.delete(key);
  }

  /** Drops the hours that are over from the front of the map; stops at the first that is still running. */
  private forgetEndedHours(now: number): void {
    for (const [key, entry] of this.spent) {
      if (now - entry.since < HOUR_MS) return;
      this.spent.delete(key);
    }
  }

  private forgetOldest(): void {
    for (const key of this.spent.keys()) {
      this.spent.delete(key);
      return;
    }
  }
}
