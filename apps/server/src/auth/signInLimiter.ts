/**
 * Counts failed sign-ins per client address and per e-mail in a sliding window. Past either limit further
 * tries are refused, right or wrong, until the window moves on. Unknown e-mails are counted the same way as
 * real ones, so a lock-out tells nothing about which accounts exist.
 */
export interface SignInLimits {
  perAddress: number;
  perAccount: number;
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAddress: 20, perAccount: 5, windowMs: 15 * 60_000 };

const MAX_TRACKED_KEYS = 10_000;

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.limits.windowMs;
    const times = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Milliseconds to wait before another try is allowed, or 0 when it may go ahead. */
  retryAfter(address: string, email: string): number {
    const checks: Array<[string, number]> = [
      [`ip:${address}`, this.limits.perAddress],
      [`email:${email.trim().toLowerCase()}`, this.limits.perAccount],
    ];
    let wait = 0;
    for (const [key, limit] of checks) {
      const times = this.recent(key);
      if (times.length >= limit) {
        const oldestThatCounts = times[times.length - limit] ?? this.now();
        wait = Math.max(wait, oldestThatCounts + this.limits.windowMs - this.now());
      }
    }
    return wait;
  }

  recordFailure(address: string, email: string): void {
    if (this.failures.size > MAX_TRACKED_KEYS) this.prune();
    const at = this.now();
    for (const key of [`ip:${address}`, `email:${email.trim().toLowerCase()}`]) {
      const times = this.recent(key);
      times.push(at);
      this.failures.set(key, times);
    }
  }

  /** A successful sign-in clears the account's count (not the address's: one office, many people). */
  recordSuccess(email: string): void {
    this.failures.delete(`email:${email.trim().toLowerCase()}`);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
