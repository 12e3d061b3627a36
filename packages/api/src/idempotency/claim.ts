// The idempotency types the request context and the order writer carry, apart from the service: both sit
// below the routers the service's checks are written against.

/** What the caller sent in the Idempotency-Key header, and whether the answer given was a kept one. */
export interface IdempotencyHeader {
  /** The header's value as it arrived, undefined without one. */
  readonly sent: string | undefined;
  /** Set when the answer is the one kept for this key (REST says so in `Idempotent-Replayed: true`). */
  replayed: boolean;
}

/** A key claimed for one call: what its transaction writes beside the create (keepAnswer). */
export interface IdempotencyClaim {
  readonly scope: string;
  readonly key: string;
  readonly operation: string;
  readonly fingerprint: string;
  readonly expiresAt: number;
}
