import { FORBIDDEN, type IntegrationScope, UNAUTHORIZED_NO_TOKEN, unauthorizedToken } from '@nursery/domain';
import { initTRPC, type TRPC_ERROR_CODE_KEY, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { z } from 'zod';
import { changesHeld, RESTORE_UNDER_WAY, serverConnectionHeld } from './backup/changesHeld.ts';
import { type FieldProblem, ShopError, type ShopErrorKind } from './errors.ts';
import type { IdempotencyHeader } from './idempotency/claim.ts';
import type { Shop } from './shop.ts';

export interface StaffIdentity {
  subject: string;
  email: string;
  name: string;
  /** Set when the caller is an integration client (a program staff created), not a person. */
  integration?: { clientId: string; scope: IntegrationScope };
}

/** What the bearer token said about the caller, decided once per request by the server's verifier. */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'invalid-token'; reason: string }
  | { kind: 'not-staff'; identity: StaffIdentity }
  | { kind: 'staff'; identity: StaffIdentity };

export interface ApiContext {
  shop: Shop;
  caller: Caller;
  /** Set when the caller is staff: the name written into audit columns. */
  staff: StaffIdentity | null;
  clientIp: string;
  requestId: string;
  /** The Idempotency-Key the request carried (idempotency/service.ts), for the creates that take one. */
  idempotency?: IdempotencyHeader | undefined;
  /** Set by the REST adapter on a file route: it sends a streamed file's bytes, which tRPC's JSON cannot carry. */
  sendsFiles?: boolean | undefined;
  /** Aborted when the request's client hangs up before its answer is out: a big staff job then leaves its line. */
  signal?: AbortSignal | undefined;
}

/**
 * Refuses a streamed file (a backup) to a caller that would never read it: over tRPC the stream would be left
 * unread, holding the backup's turn among the big staff jobs and its snapshot in the data folder.
 */
export function fileOverRestOnly(ctx: ApiContext, restCall: string): void {
  if (ctx.sendsFiles) return;
  throw new ShopError({
    kind: 'bad_request',
    message: `This answer is a file, sent as it is made: download it with ${restCall}.`,
  });
}

/**
 * The one place that declares which procedures anyone may call. Every other procedure is staff-only,
 * so a procedure added later is guarded without a line of its own.
 */
export const PUBLIC_PROCEDURE_PATHS = [
  'site.config',
  'catalog.productsToShow',
  'settings.all',
  'orders.submit',
  'orders.byId',
  'pickUpDays.open',
  'contacts.insert',
  'waitlist.join',
] as const;
// Each path is checked against the router's procedures in restRoute.ts: the router is built from this file.
export const PUBLIC_PROCEDURES: ReadonlySet<string> = new Set(PUBLIC_PROCEDURE_PATHS);

export const READ_SCOPE_ONLY_READS =
  'This integration client has the read scope: it may only read (GET). Create a client with the write scope to change things.';
export const PEOPLE_ONLY =
  'Integration clients are managed by staff (pnpm integrations, or the Integrations calls with a staff token), not by an integration client.';
export const BACKUPS_FOR_PEOPLE =
  "A backup holds the whole shop, staff sign-ins and integration secrets included: it is downloaded and restored by a signed-in staff member, not by an integration client, whatever the client's scope.";

/** What a procedure declares about itself beside its input and output (tRPC's meta). */
export interface ProcedureMeta {
  /**
   * Set on procedures for signed-in people only (peopleProcedure): an integration client is refused them
   * whatever its scope, with these words.
   */
  peopleOnly?: string;
}

/** What the rule of who may call what needs to know of a procedure. */
export interface ProcedureKind {
  type: 'query' | 'mutation' | 'subscription';
  meta?: ProcedureMeta | undefined;
}

/**
 * The one rule of who may call what: null when the caller may call the procedure, else the refusal.
 * Anyone may call PUBLIC_PROCEDURES; staff every other; an integration client with the read scope only
 * queries (every REST GET is a query, every other method a mutation), and no client a people-only procedure.
 */
export function refusalOf(caller: Caller, path: string, kind: ProcedureKind): ShopError | null {
  if (PUBLIC_PROCEDURES.has(path)) return null;
  if (caller.kind === 'not-staff') {
    return new ShopError({
      kind: 'forbidden',
      message: FORBIDDEN,
      challenge: { error: 'insufficient_scope', description: 'not a staff account' },
    });
  }
  if (caller.kind === 'invalid-token') {
    return new ShopError({
      kind: 'unauthorized',
      // What is wrong with the token, in the message for a person and in error_description for a program.
      message: unauthorizedToken(caller.reason),
      challenge: { error: 'invalid_token', description: caller.reason },
    });
  }
  if (caller.kind !== 'staff') {
    // No token at all: RFC 6750 asks for the bare challenge, without an error.
    return new ShopError({ kind: 'unauthorized', message: UNAUTHORIZED_NO_TOKEN, challenge: {} });
  }
  const integration = caller.identity.integration;
  if (!integration) return null;
  const peopleOnly = kind.meta?.peopleOnly;
  if (peopleOnly) {
    return new ShopError({
      kind: 'forbidden',
      message: peopleOnly,
      challenge: { error: 'insufficient_scope', description: 'integration clients may not make this call' },
    });
  }
  if (integration.scope === 'read' && kind.type !== 'query') {
    return new ShopError({
      kind: 'forbidden',
      message: READ_SCOPE_ONLY_READS,
      challenge: {
        error: 'insufficient_scope',
        scope: 'write',
        description: 'this client has the read scope',
      },
    });
  }
  return null;
}

/** Messages of every failed input check, as a person can read them. */
export function inputErrorMessages(error: z.ZodError): string[] {
  const messages = error.issues.map((issue) => {
    const field = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
    // Our own messages are whole sentences that name their subject (and the spec's must stay letter
    // for letter); only zod's generic ones ("Invalid input: ...", no full stop) need the field.
    if (issue.code === 'custom' || !field || /[.?!]$/.test(issue.message)) return issue.message;
    return `${field}: ${issue.message}`;
  });
  return [...new Set(messages)];
}

/** tRPC's code for each kind of the shop's own refusal; the HTTP statuses match SHOP_ERROR_STATUS. */
export const TRPC_CODE_OF: Readonly<Record<ShopErrorKind, TRPC_ERROR_CODE_KEY>> = {
  bad_request: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unprocessable: 'UNPROCESSABLE_CONTENT',
  too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  too_many: 'TOO_MANY_REQUESTS',
};

/** Each failed input check with the path of its field, so a form can mark the field (the messages alone carry no field). */
export function inputErrorProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number'),
    message: issue.message,
  }));
}

const t = initTRPC
  .context<ApiContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      const errors = cause instanceof z.ZodError ? inputErrorMessages(cause) : undefined;
      const problems =
        cause instanceof z.ZodError
          ? inputErrorProblems(cause)
          : cause instanceof ShopError && cause.problems.length > 0
            ? [...cause.problems]
            : undefined;
      // A ShopError that reaches tRPC outside a procedure (thrown while a lazy answer such as a PagedList is
      // written out) arrives as a 500; it is answered with its own code here, where tRPC takes the status from.
      if (cause instanceof ShopError) {
        const code = TRPC_CODE_OF[cause.kind];
        return {
          ...shape,
          code: TRPC_ERROR_CODES_BY_KEY[code],
          message: cause.message,
          data: { ...shape.data, code, httpStatus: cause.status, stack: undefined, errors, problems },
        };
      }
      return {
        ...shape,
        message: errors ? errors.join('\n') : shape.message,
        data: { ...shape.data, stack: undefined, errors, problems },
      };
    },
  });

/** The tRPC error a ShopError becomes: its kind's code, its message, itself as the cause. */
export function toTRPCError(error: ShopError): TRPCError {
  return new TRPCError({ code: TRPC_CODE_OF[error.kind], message: error.message, cause: error });
}

/**
 * Services throw ShopError; tRPC would report anything but its own error as a 500, so each refusal is
 * turned into its code here, once for every procedure.
 */
const shopErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ShopError) throw toTRPCError(result.error.cause);
  return result;
});

const guard = t.middleware(({ ctx, path, type, meta, next }) => {
  const refusal = refusalOf(ctx.caller, path, { type, meta });
  if (refusal) throw refusal;
  if (ctx.caller.kind === 'staff') return next({ ctx: { ...ctx, staff: ctx.caller.identity } });
  return next();
});

/** What a customer can do; the owner's instructions are in the log and on /health. */
const PUBLIC_DAMAGE_HINT = 'Please call or e-mail the nursery to place your order.';

/**
 * Calls that still work while the database is damaged or a restore swaps a backup in: taking what is left and
 * restoring a good backup. Every other change is refused, so nothing more is written into a damaged file, and
 * nothing is written that the restore would drop without keeping it in the backup of what it replaced.
 */
const ALLOWED_WHILE_HELD = new Set(['backup.create', 'backup.restore']);

/** The refusal of a change while the database is damaged or being restored, or null when the call may go on. */
export function heldChangeRefusal(
  shop: Shop,
  path: string,
  type: 'query' | 'mutation' | 'subscription',
): TRPCError | null {
  if (type !== 'mutation' || ALLOWED_WHILE_HELD.has(path)) return null;
  if (changesHeld(shop)) return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: RESTORE_UNDER_WAY });
  // Orders are written on the order writer's own connection, which waits for the long write's commit.
  const longWrite = serverConnectionHeld(shop);
  if (longWrite !== null && !(path === 'orders.submit' && shop.orderWriter)) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: longWrite });
  }
  const damage = shop.database.damage;
  if (!damage) return null;
  return new TRPCError({
    code: 'SERVICE_UNAVAILABLE',
    message: `The shop cannot take orders or changes right now: its database is damaged. ${PUBLIC_DAMAGE_HINT}`,
    cause: new Error(damage),
  });
}

const heldChanges = t.middleware(({ ctx, path, type, next }) => {
  const refusal = heldChangeRefusal(ctx.shop, path, type);
  if (refusal) throw refusal;
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** The only procedure builder: public or staff-only is decided by PUBLIC_PROCEDURES. */
export const procedure = t.procedure.use(shopErrors).use(heldChanges).use(guard);

/**
 * A staff-only procedure that no integration client may call, whatever its scope, refused with `why`: for what
 * hands out or takes in credentials or the whole database. Its REST rows inherit the rule (the handler asks the
 * same refusalOf with the procedure's meta) and the OpenAPI document says so.
 */
export function peopleProcedure(why: string) {
  return procedure.meta({ peopleOnly: why });
}

/** Narrows the context inside a staff-only procedure. */
export function requireStaff(ctx: ApiContext): StaffIdentity {
  if (!ctx.staff) throw new ShopError({ kind: 'unauthorized', message: UNAUTHORIZED_NO_TOKEN });
  return ctx.staff;
}
