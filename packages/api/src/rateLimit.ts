import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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

/** Counts one request for the client; past the limit it answers 429 saying how long to wait. */
export async function consumeLimit(
  limiter: RateLimiterMemory,
  clientKey: string,
  what: string,
): Promise<void> {
  try {
    await limiter.consume(clientKey || 'unknown');
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new ShopError({
      kind: 'too_many',
      message: `Too many ${what} from your connection. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    });
  }
}

const HOUR_MS = 60 * 60_000;
const BUDGETS_KEPT_BEFORE_SWEEP = 50_000;

/**
 * How many orders one client address may place in an hour (ORDERS_PER_CLIENT_PER_HOUR; 0 is no budget). It
 * bounds what one script can write into the owner's database and outbox (one client placed 1,453 orders in
 * 10 s) while any burst a real customer makes goes through. A fixed hour from the client's first order,
 * counted in a plain map, synchronously: the order submit is the shop's hottest write and pays O(1) for it.
 */
export class OrderBudget {
  private readonly spent = new Map<string, { since: number; count: number }>();
  private sweepAt = BUDGETS_KEPT_BEFORE_SWEEP;

  constructor(
    readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one order from the client's budget, or refuses with 429 saying when it refills. */
  take(clientKey: string): void {
    if (this.perHour <= 0) return;
    const key = clientKey || 'unknown';
    const now = this.now();
    let entry = this.spent.get(key);
    if (!entry || now - entry.since >= HOUR_MS) {
      if (!entry && this.spent.size >= this.sweepAt) this.sweep(now);
      entry = { since: now, count: 0 };
      this.spent.set(key, entry);
    }
    if (entry.count >= this.perHour) {
      const minutes = Math.max(1, Math.ceil((entry.since + HOUR_MS - now) / 60_000));
      throw new ShopError({
        kind: 'too_many',
        message: `Too many orders from your connection: ${this.perHour} an hour is the most we take online. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, or call us to place a larger order.`,
      });
    }
    entry.count += 1;
  }

  /** An order that was refused (closed ordering, stock, a bad line) gives its place back. */
  giveBack(clientKey: string): void {
    const entry = this.spent.get(clientKey || 'unknown');
    if (entry && entry.count > 0) entry.count -= 1;
  }

  /** Forgets hours that are over; runs only when the map has doubled since the last sweep. */
  private sweep(now: number): void {
    for (const [key, entry] of this.spent) if (now - entry.since >= HOUR_MS) this.spent.delete(key);
    this.sweepAt = Math.max(BUDGETS_KEPT_BEFORE_SWEEP, this.spent.size * 2);
  }
}
