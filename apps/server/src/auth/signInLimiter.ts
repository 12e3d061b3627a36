import { clientKey } from '@nursery/api';

/**
 * Counts sign-in attempts in a sliding window, so passwords cannot be guessed at speed, without handing an
 * attacker a way to lock the owner out:
 * - per client address: past `perAddress` failures every further try from it is refused;
 * - per address and account: past `perAccount` failures that address may not try that account again
 *   (the owner's e-mail is often the shop's public one; guesses from elsewhere never lock the owner out);
 * - per account, from everywhere: past `perAccount` failures tries on it slow down to one per
 *   `accountPauseMs`, which bounds guessing spread over many addresses without locking anybody out.
 * An attempt is reserved before its password is checked: guesses sent in parallel are counted one by one,
 * not all let through while the first is still being hashed. Unknown e-mails are counted the same way as
 * real ones, so a refusal tells nothing about which accounts exist.
 */
export interface SignInLimits {
  perAddress: number;
  perAccount: number;
  windowMs: number;
  accountPauseMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAddress: 20,
  perAccount: 5,
  windowMs: 15 * 60_000,
  accountPauseMs: 2_000,
};

const MAX_TRACKED_KEYS = 10_000;

/** An attempt that may go ahead; say how it ended once the password is checked. */
export interface SignInAttempt {
  /** A right password takes the attempt back and clears this address's count on the account. */
  succeeded(): void;
}

export type SignInReservation = { wait: number; attempt?: undefined } | { wait: 0; attempt: SignInAttempt };

export class SignInLimiter {
  private readonly attempts = new Map<string, number[]>();
  /** When each account was last tried, for the slow-down once it has many recent failures. */
  private readonly lastTry = new Map<string, number>();

  private readonly limits: SignInLimits;
  private readonly now: () => number;

  constructor(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS, now: () => number = Date.now) {
    this.limits = limits;
    this.now = now;
  }

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.attempts.get(key) ?? []).filter((t) => t > since);
    if (times.length) this.attempts.set(key, times);
    else this.attempts.delete(key);
    return times;
  }

  private waitFor(key: string, limit: number): number {
    const times = this.recent(key);
    if (times.length < limit) return 0;
    const oldestThatCounts = times[times.length - limit] ?? this.now();
    return Math.max(1, oldestThatCounts + this.limits.windowMs - this.now());
  }

  /**
   * Reserves an attempt, counted as failed until `succeeded` says otherwise, or answers how many
   * milliseconds to wait. Synchronous, so no other attempt can pass between the check and the count.
   */
  reserve(address: string, email: string): SignInReservation {
    if (this.attempts.size > MAX_TRACKED_KEYS || this.lastTry.size > MAX_TRACKED_KEYS) this.prune();
    const account = email.trim().toLowerCase();
    // One client is one client however many addresses of its IPv6 /64 it uses (clientKey).
    const client = clientKey(address);
    const keys = {
      address: `ip:${client}`,
      pair: `pair:${client}\n${account}`,
      account: `email:${account}`,
    };
    const at = this.now();
    let wait = Math.max(
      this.waitFor(keys.address, this.limits.perAddress),
      this.waitFor(keys.pair, this.limits.perAccount),
    );
    if (this.recent(keys.account).length >= this.limits.perAccount) {
      const since = at - (this.lastTry.get(account) ?? 0);
      if (since < this.limits.accountPauseMs) wait = Math.max(wait, this.limits.accountPauseMs - since);
    }
    if (wait > 0) return { wait };

    for (const key of Object.values(keys)) this.attempts.set(key, [...this.recent(key), at]);
    this.lastTry.set(account, at);
    return {
      wait: 0,
      attempt: {
        succeeded: () => {
          this.attempts.delete(keys.pair);
          for (const key of [keys.address, keys.account]) {
            const times = this.attempts.get(key);
            const index = times?.indexOf(at) ?? -1;
            if (times && index >= 0) times.splice(index, 1);
          }
        },
      },
    };
  }

  private prune(): void {
    for (const key of [...this.attempts.keys()]) this.recent(key);
    const since = this.now() - this.limits.windowMs;
    for (const [account, at] of this.lastTry) if (at <= since) this.lastTry.delete(account);
  }
}
