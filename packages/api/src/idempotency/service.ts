import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { perConnection, type ShopDatabase } from '@nursery/db';
import { ShopError } from '../errors.ts';
import type { ShopRecords } from '../shop.ts';
import type { ApiContext, Caller } from '../trpc.ts';
import type { IdempotencyClaim } from './claim.ts';

export type { IdempotencyClaim, IdempotencyHeader } from './claim.ts';

/**
 * Idempotency keys (the IETF httpapi draft "The Idempotency-Key HTTP Header Field", as Stripe uses it): a
 * create sent with `Idempotency-Key` is answered once, and a retry with the same key and the same body gets
 * that first answer again, for IDEMPOTENCY_KEY_HOURS, without doing anything a second time.
 *
 * - The answer is kept in idempotency_keys, in the create's own transaction where the create can take it (a
 *   storefront order on the writer's thread, a staff order): a crash between the two cannot give two orders.
 * - A request under way holds its key in memory: the same key meanwhile is refused with 409, as the draft says.
 * - Only a create that succeeded is kept: a refusal (a 400, stock gone, ordering closed) wrote nothing, so the
 *   same key may be sent again once the problem is fixed.
 */
export const IDEMPOTENCY_KEY_HOURS = 24;

export const IDEMPOTENCY_KEY_MALFORMED =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters: send a new random key (a UUID) with each new request, and the same key when you retry it.';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key with a new request; to get the first answer again, resend exactly the same body.';
export const IDEMPOTENCY_KEY_IN_USE =
  'A request with this Idempotency-Key is still being processed. Wait a moment, then retry with the same key to get its answer.';

/** The key itself: a Structured Field string (quoted, as the draft writes it) or a bare token (Stripe's form). */
export function readIdempotencyKey(sent: string | undefined): string | null {
  if (sent === undefined) return null;
  const trimmed = sent.trim();
  const key = /^".*"$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new ShopError({ kind: 'bad_request', message: IDEMPOTENCY_KEY_MALFORMED });
  }
  return key;
}

/**
 * Whose keys these are: a token's subject, or for a visitor the client's address (an IPv6 address by its /64,
 * the network a phone keeps while it changes its own address). One caller never reads another's answer.
 */
export function idempotencyScope(caller: Caller, clientIp: string): string {
  if (caller.kind === 'staff' || caller.kind === 'not-staff') return `subject:${caller.identity.subject}`;
  if (isIPv6(clientIp) && !clientIp.startsWith('::ffff:')) {
    const groups = expandIPv6(clientIp).slice(0, 4);
    return `address:${groups.join(':')}::/64`;
  }
  return `address:${clientIp.replace(/^::ffff:/, '')}`;
}

function expandIPv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = address.includes('::') ? [...left, ...Array<string>(missing).fill('0'), ...right] : left;
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** The request's fingerprint: the operation and the input as the server read it (after its schema). */
export function fingerprintOf(operation: string, input: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update('\n')
    .update(JSON.stringify(input) ?? '')
    .digest('hex');
}

const insertKept = perConnection(({ sqlite }: ShopDatabase) =>
  sqlite.prepare<[string, string, string, string, number, string, number]>(
    `insert or replace into idempotency_keys (scope, key, operation, fingerprint, status, answer, expires_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
  ),
);

const selectKept = perConnection(({ sqlite }: ShopDatabase) =>
  sqlite.prepare<[string, string, number], { fingerprint: string; answer: string }>(
    'select fingerprint, answer from idempotency_keys where scope = ? and key = ? and expires_at > ?',
  ),
);

const deleteExpired = perConnection(({ sqlite }: ShopDatabase) =>
  sqlite.prepare<[number]>('delete from idempotency_keys where expires_at <= ?'),
);

/**
 * Writes the answer beside the create, inside the create's transaction (any connection: the order writer's
 * thread has its own). A key already kept, or expired but not yet pruned, is replaced.
 */
export function keepAnswer(database: ShopDatabase, claim: IdempotencyClaim, answerJson: string): void {
  insertKept(database).run(
    claim.scope,
    claim.key,
    claim.operation,
    claim.fingerprint,
    200,
    answerJson,
    claim.expiresAt,
  );
}

interface KeysUnderWay {
  running: Set<string>;
  prunedAt: number;
}

const underWay = new WeakMap<ShopDatabase, KeysUnderWay>();

function keysOf(database: ShopDatabase): KeysUnderWay {
  let keys = underWay.get(database);
  if (!keys) {
    keys = { running: new Set(), prunedAt: 0 };
    underWay.set(database, keys);
  }
  return keys;
}

/** How often expired keys are deleted: at most once a minute, by the next keyed call. */
const PRUNE_EVERY_MS = 60_000;

/** How one operation keeps and gives back its answer. */
export interface AnswerForm<T> {
  toJson(answer: T): string;
  fromJson(json: string): T;
}

/** An answer kept as its JSON: what comes back is what tRPC and REST would have serialized the first time. */
export function jsonAnswer<T>(): AnswerForm<T> {
  return {
    toJson: (answer) => JSON.stringify(answer ?? null),
    // Kept from a T by toJson, never from outside.
    fromJson: (json) => JSON.parse(json) as T,
  };
}

/**
 * The creates that take an Idempotency-Key, the one list the OpenAPI document reads. An integration client's
 * creation is not among them: its answer holds the secret, which the shop never keeps.
 */
export const IDEMPOTENT_CREATE_PATHS = [
  'orders.submit',
  'orders.update',
  'catalog.save',
  'catalog.saveSpecialOrder',
  'stock.insertUpdates',
  'contacts.insert',
  'pickUpDays.save',
  'settings.saveMessageAs',
  'pickup.recordPayment',
  'waitlist.join',
] as const;
// Each path is checked against the router's procedures in restRoute.ts (the routers are built on this file).
export const IDEMPOTENT_CREATES: ReadonlySet<string> = new Set(IDEMPOTENT_CREATE_PATHS);

/** A create whose answer is kept right after it, in a transaction of its own (see withIdempotencyKey). */
export function answerOnce<T>(
  ctx: Pick<ApiContext, 'shop' | 'caller' | 'clientIp' | 'idempotency'>,
  operation: string,
  input: unknown,
  create: () => T | Promise<T>,
): Promise<T> {
  return withIdempotencyKey(ctx, operation, input, jsonAnswer<T>(), async () => ({
    answer: await create(),
    kept: false,
  }));
}

/**
 * Runs a create under the caller's Idempotency-Key, if they sent one: the kept answer of the same request,
 * a refusal (409 while the first is under way, 422 for another body), or the create itself, whose answer is
 * kept. `run` gets the claim: a create that writes in one transaction passes it to keepAnswer there and
 * returns `kept: true`; otherwise the answer is kept right after, in a transaction of its own.
 */
export async function withIdempotencyKey<T>(
  ctx: Pick<ApiContext, 'shop' | 'caller' | 'clientIp' | 'idempotency'>,
  operation: string,
  input: unknown,
  form: AnswerForm<T>,
  run: (claim: IdempotencyClaim | null) => Promise<{ answer: T; kept: boolean }>,
): Promise<T> {
  const key = readIdempotencyKey(ctx.idempotency?.sent);
  if (key === null) return (await run(null)).answer;
  const { shop } = ctx;
  const now = shop.now().getTime();
  const keys = keysOf(shop.database);
  pruneExpired(shop, keys, now);
  const claim: IdempotencyClaim = {
    scope: idempotencyScope(ctx.caller, ctx.clientIp),
    key,
    operation,
    fingerprint: fingerprintOf(operation, input),
    expiresAt: now + IDEMPOTENCY_KEY_HOURS * 3_600_000,
  };
  const id = `${claim.scope}\n${claim.key}`;
  // A retry right after a cut connection lands here while the first is still being written: Retry-After tells
  // a program when to ask again (an order takes well under a second), rather than taking 409 for a refusal.
  if (keys.running.has(id))
    throw new ShopError({ kind: 'conflict', message: IDEMPOTENCY_KEY_IN_USE, retryAfterSeconds: 1 });
  const kept = selectKept(shop.database).get(claim.scope, claim.key, now);
  if (kept) {
    if (kept.fingerprint !== claim.fingerprint) {
      throw new ShopError({ kind: 'unprocessable', message: IDEMPOTENCY_KEY_REUSED });
    }
    if (ctx.idempotency) ctx.idempotency.replayed = true;
    return form.fromJson(kept.answer);
  }
  keys.running.add(id);
  try {
    const done = await run(claim);
    if (!done.kept) keepAnswer(shop.database, claim, form.toJson(done.answer));
    return done.answer;
  } finally {
    keys.running.delete(id);
  }
}

function pruneExpired(shop: ShopRecords, keys: KeysUnderWay, now: number): void {
  if (now - keys.prunedAt < PRUNE_EVERY_MS) return;
  keys.prunedAt = now;
  deleteExpired(shop.database).run(now);
}
