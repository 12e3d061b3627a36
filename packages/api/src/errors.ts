/**
 * The shop's own refusal: services throw it with a message a person can act on, and each transport maps
 * its kind to its own code (tRPC in trpc.ts, REST in the server's handler), so services and the
 * command-line tools that call them do not depend on tRPC.
 */
export type ShopErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'too_large'
  | 'unsupported_media_type'
  | 'too_many';

/** The HTTP status of each kind, as REST answers it and tRPC's codes also mean. */
export const SHOP_ERROR_STATUS: Readonly<Record<ShopErrorKind, number>> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_large: 413,
  unsupported_media_type: 415,
  too_many: 429,
};

/**
 * One problem of a refused input, tied to the field it is about by that field's path in the input (as zod
 * names it: ['products', 2, 'quantity']), so a form can mark the field; an empty path is about the whole.
 */
export interface FieldProblem {
  path: (string | number)[];
  message: string;
}

/**
 * RFC 6750's answer to a refused bearer token: no error for a request without one, invalid_token for a token
 * that is malformed, expired or revoked, insufficient_scope for a valid one that may not make the call.
 */
export interface BearerChallenge {
  error?: 'invalid_token' | 'insufficient_scope';
  description?: string;
  scope?: string;
}

export class ShopError extends Error {
  override readonly name = 'ShopError';
  readonly kind: ShopErrorKind;
  /** The message's problems field by field, when a form can point at them (tRPC answers them in data.problems). */
  readonly problems: readonly FieldProblem[];
  /**
   * For 'too_many', and a 'conflict' that passes by itself (an Idempotency-Key still under way): seconds until
   * a try may succeed, which REST sends as Retry-After.
   */
  readonly retryAfterSeconds: number | undefined;
  /** For 'unauthorized' and 'forbidden': the bearer challenge REST sends as WWW-Authenticate (RFC 6750). */
  readonly challenge: BearerChallenge | undefined;
  constructor(options: {
    kind: ShopErrorKind;
    message: string;
    cause?: unknown;
    problems?: FieldProblem[];
    retryAfterSeconds?: number;
    challenge?: BearerChallenge;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = options.kind;
    this.problems = options.problems ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.challenge = options.challenge;
  }

  get status(): number {
    return SHOP_ERROR_STATUS[this.kind];
  }
}

/** The Retry-After seconds a refusal carries, whether thrown as it is or wrapped by tRPC (its cause). */
export function retryAfterOf(error: unknown): number | undefined {
  const shopError =
    error instanceof ShopError
      ? error
      : error instanceof Error && error.cause instanceof ShopError
        ? error.cause
        : undefined;
  return shopError?.retryAfterSeconds;
}
