import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ShopError } from './errors.ts';

/**
 * Limits per client address for the public calls worth abusing: guessing order numbers and phone
 * numbers, and flooding the contact form. The product list and checkout are left alone, since a
 * busy spring morning behind one shared address (a library, a school) must still be able to buy.
 */
export interface ShopLimiters {
  orderLookup: RateLimiterMemory;
  contact: RateLimiterMemory;
}

export const ORDER_LOOKUPS_PER_MINUTE = 20;
export const CONTACT_MESSAGES_PER_MINUTE = 5;

export function createLimiters(): ShopLimiters {
  return {
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
