import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_LIMITS, SignInLimiter } from './signInLimiter.ts';

describe('the sign-in limiter', () => {
  it('counts an IPv6 client by its /64: a new address in the same /64 is still refused, the next /64 is not', () => {
    const limiter = new SignInLimiter(DEFAULT_SIGN_IN_LIMITS, () => 1_000_000);
    // Twenty failed guesses at twenty accounts, each from another address of one home's /64.
    for (let i = 1; i <= DEFAULT_SIGN_IN_LIMITS.perAddress; i++) {
      expect(limiter.reserve(`2001:db8:77:1::${i}`, `person${i}@example.com`).wait).toBe(0);
    }
    expect(limiter.reserve('2001:db8:77:1:8a2e:370:7334:1', 'someone@example.com').wait).toBeGreaterThan(0);
    expect(limiter.reserve('2001:db8:77:2::1', 'someone@example.com').wait).toBe(0);
  });

  it('locks one client out of an account it guessed at, whichever address of its /64 or IPv4-mapped form it uses', () => {
    const clock = { now: 1_000_000 };
    const limiter = new SignInLimiter(DEFAULT_SIGN_IN_LIMITS, () => clock.now);
    // Three seconds apart, so the account's own slow-down (one try per 2 s) never answers for the lock.
    const tryFrom = (address: string) => {
      clock.now += 3_000;
      return limiter.reserve(address, 'owner@example.com').wait;
    };
    for (let i = 1; i <= DEFAULT_SIGN_IN_LIMITS.perAccount; i++)
      expect(tryFrom(`2001:db8:9:9::${i}`)).toBe(0);
    expect(tryFrom('2001:db8:9:9::99')).toBeGreaterThan(0);
    expect(tryFrom('2001:db8:9:a::1')).toBe(0);

    for (let i = 1; i < DEFAULT_SIGN_IN_LIMITS.perAccount; i++) expect(tryFrom('::ffff:203.0.113.5')).toBe(0);
    expect(tryFrom('203.0.113.5')).toBe(0);
    expect(tryFrom('203.0.113.5')).toBeGreaterThan(0);
    expect(tryFrom('::ffff:203.0.113.5')).toBeGreaterThan(0);
    expect(tryFrom('203.0.113.6')).toBe(0);
  });
});
