import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey } from './clientKey.ts';
import { ShopError } from './errors.ts';
import {
  CONTACT_MESSAGES_PER_MINUTE,
  ORDER_LOOKUPS_PER_MINUTE,
  OrderBudget,
  WAITLIST_JOINS_PER_MINUTE,
} from './rateLimit.ts';
import { openTestShop, type TestShop } from './testing/testShop.ts';

describe('clientKey', () => {
  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      ' 2001:db8:1:2::9 ',
      '2001:db8:1:2::1.2.3.4',
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe(clientKey('fe80::2%eth1'));
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, and keeps IPv4 addresses whole', () => {
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('198.51.100.8')).not.toBe(clientKey('198.51.100.7'));
    expect(clientKey('')).toBe('unknown');
  });
});

describe('every per-client limit counts an IPv6 client by its /64', () => {
  let t: TestShop;
  beforeAll(() => {
    t = openTestShop({ demo: false });
  });
  afterAll(() => t.close());

  /** The refusal's kind, or 'allowed' when the limit let the call through (whatever it answered then). */
  async function outcome(call: () => Promise<unknown>): Promise<string> {
    try {
      await call();
      return 'allowed';
    } catch (error) {
      const cause = error instanceof ShopError ? error : (error as { cause?: unknown }).cause;
      return cause instanceof ShopError && cause.kind === 'too_many' ? 'too_many' : 'allowed';
    }
  }

  /**
   * `limit` calls from as many addresses of one /64 use up its budget: one more from a further address of the
   * same /64 is refused, one from the next /64 is not.
   */
  async function expectCountedBy64(
    limit: number,
    call: (address: string) => Promise<unknown>,
    prefix: string,
  ) {
    for (let i = 1; i <= limit; i++)
      expect(await outcome(() => call(`${prefix}:2::${i.toString(16)}`))).toBe('allowed');
    expect(await outcome(() => call(`${prefix}:2:abcd:ef01:2345:6789`))).toBe('too_many');
    expect(await outcome(() => call(`${prefix}:3::1`))).toBe('allowed');
  }

  it('order look-ups', async () => {
    await expectCountedBy64(
      ORDER_LOOKUPS_PER_MINUTE,
      (ip) => t.caller({ clientIp: ip }).orders.byId({ orderId: 999_999, phoneNumber: '5552019876' }),
      '2001:db8:a',
    );
  });

  it('contact messages', async () => {
    await expectCountedBy64(
      CONTACT_MESSAGES_PER_MINUTE,
      (ip) =>
        t.caller({ clientIp: ip }).contacts.insert({
          name: 'Grace Hopper',
          email: 'grace@example.com',
          comments: 'Do you have bare root sugar maples this spring?',
          loadTime: Date.now() - 45_000,
        }),
      '2001:db8:b',
    );
  });

  it('waitlist joins', async () => {
    await expectCountedBy64(
      WAITLIST_JOINS_PER_MINUTE,
      (ip) =>
        t
          .caller({ clientIp: ip })
          .waitlist.join({ productId: 999_999, email: 'grace@example.com', quantity: 1 }),
      '2001:db8:c',
    );
  });

  it('the hourly order budget, and an IPv4 client seen through a dual-stack socket', async () => {
    const budget = new OrderBudget(3);
    await expectCountedBy64(
      3,
      async (ip) => {
        budget.take(ip);
      },
      '2001:db8:d',
    );
    budget.take('198.51.100.7');
    budget.take('::ffff:198.51.100.7');
    budget.take('198.51.100.7');
    expect(await outcome(async () => budget.take('::ffff:198.51.100.7'))).toBe('too_many');
    // A refused order gives its place back to the same client, whichever address of the /64 it came from.
    budget.giveBack('2001:db8:d:2::77');
    expect(await outcome(async () => budget.take('2001:db8:d:2::78'))).toBe('allowed');
  });
});
