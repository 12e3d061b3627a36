import { describe, expect, it } from 'vitest';
import { ShopError } from './errors.ts';
import { OrderBudget } from './rateLimit.ts';

const HOUR = 60 * 60_000;

function refused(take: () => void): string {
  try {
    take();
  } catch (error) {
    if (error instanceof ShopError && error.kind === 'too_many') return error.message;
    throw error;
  }
  return '';
}

/** A budget on a clock the test moves. */
function budget(perHour: number, maxClients?: number) {
  const clock = { now: 1_000_000 };
  return { clock, orders: new OrderBudget(perHour, () => clock.now, maxClients) };
}

describe('the per-client order budget', () => {
  it("refuses a client's 101st order within its hour after 50,000 other clients ordered, and keeps only clients whose hour runs", () => {
    const { clock, orders } = budget(100);
    for (let i = 0; i < 100; i += 1) orders.take('203.0.113.7');
    for (let i = 0; i < 50_000; i += 1) {
      orders.take(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      if (i % 1000 === 0) clock.now += 60_000; // the 50,000 orders come over 50 minutes
    }
    expect(refused(() => orders.take('203.0.113.7'))).toMatch(
      /^Too many orders from your connection: 100 an hour is the most we take online\. Please wait 10 minutes,/,
    );
    // Others keep their own budget: one of the 50,000 may order again.
    expect(refused(() => orders.take('10.0.0.1'))).toBe('');
    expect(orders.clientsKept).toBe(50_001);

    // The first client's hour is over: it may order again, and the hours that ended are forgotten as orders come.
    clock.now = 1_000_000 + HOUR;
    expect(refused(() => orders.take('203.0.113.7'))).toBe('');
    expect(orders.clientsKept).toBeLessThan(50_001);
    clock.now = 1_000_000 + HOUR + 50 * 60_000 + 1; // every hour of the 50,000 is over
    orders.take('198.51.100.1');
    expect(orders.clientsKept).toBe(2); // the first client's new hour and the newcomer's
  });

  it('a client whose hour ended starts a whole new hour, counted from its next order', () => {
    const { clock, orders } = budget(3);
    for (let i = 0; i < 3; i += 1) orders.take('a');
    clock.now += HOUR - 1;
    expect(refused(() => orders.take('a'))).toMatch(/Please wait 1 minute,/);
    clock.now += 1;
    for (let i = 0; i < 3; i += 1) orders.take('a');
    expect(refused(() => orders.take('a'))).toMatch(/Please wait 60 minutes/);
  });

  it("says the same wait in the message's minutes as in Retry-After's seconds, rounded up", () => {
    const { clock, orders } = budget(1);
    orders.take('a');
    const start = clock.now;
    for (const [left, seconds, minutes] of [
      [HOUR, 3600, 60],
      [HOUR - 1, 3600, 60],
      [60_001, 61, 2],
      [60_000, 60, 1],
      [59_001, 60, 1],
      [1_001, 2, 1],
      [1, 1, 1],
    ] as const) {
      clock.now = start + HOUR - left;
      let refusal: ShopError | undefined;
      try {
        orders.take('a');
      } catch (error) {
        refusal = error as ShopError;
      }
      expect(refusal?.retryAfterSeconds, `${left} ms left`).toBe(seconds);
      expect(refusal?.message, `${left} ms left`).toContain(
        `Please wait ${minutes} minute${minutes === 1 ? '' : 's'},`,
      );
    }
  });

  it('a refused order gives its place back, and a client with nothing placed keeps no entry', () => {
    const { orders } = budget(2);
    orders.take('a');
    orders.take('a');
    orders.giveBack('a');
    orders.take('a');
    expect(refused(() => orders.take('a'))).not.toBe('');
    orders.take('b');
    orders.giveBack('b');
    expect(orders.clientsKept).toBe(1);
    orders.giveBack('nobody');
    expect(orders.clientsKept).toBe(1);
  });

  it('stays bounded when addresses are sprayed: past the most it keeps, the hour that ends soonest goes first', () => {
    const { clock, orders } = budget(1, 1000);
    orders.take('first');
    for (let i = 0; i < 5000; i += 1) {
      clock.now += 1;
      orders.take(`sprayed-${i}`);
      expect(orders.clientsKept).toBeLessThanOrEqual(1000);
    }
    // The most recent clients are still counted exactly.
    expect(refused(() => orders.take('sprayed-4999'))).not.toBe('');
    expect(refused(() => orders.take('sprayed-4001'))).not.toBe('');
  });

  it('0 orders an hour is no budget: nothing is counted or kept', () => {
    const { orders } = budget(0);
    for (let i = 0; i < 500; i += 1) orders.take('a');
    expect(orders.clientsKept).toBe(0);
  });
});
