import { FORBIDDEN, UNAUTHORIZED } from '@nursery/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { Shop } from './shop.ts';

export interface StaffIdentity {
  subject: string;
  email: string;
  name: string;
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
}

/**
 * The one place that declares which procedures anyone may call. Every other procedure is staff-only,
 * so a procedure added later is guarded without a line of its own.
 */
export const PUBLIC_PROCEDURES: ReadonlySet<string> = new Set([
  'site.config',
  'catalog.productsToShow',
  'settings.all',
  'orders.submit',
  'orders.byId',
  'contacts.insert',
]);

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

const t = initTRPC.context<ApiContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const errors = cause instanceof z.ZodError ? inputErrorMessages(cause) : undefined;
    return {
      ...shape,
      message: errors ? errors.join('\n') : shape.message,
      data: { ...shape.data, stack: undefined, errors },
    };
  },
});

const guard = t.middleware(({ ctx, path, next }) => {
  if (PUBLIC_PROCEDURES.has(path)) return next();
  if (ctx.caller.kind === 'staff') return next({ ctx: { ...ctx, staff: ctx.caller.identity } });
  if (ctx.caller.kind === 'not-staff') throw new TRPCError({ code: 'FORBIDDEN', message: FORBIDDEN });
  throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED });
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** The only procedure builder: public or staff-only is decided by PUBLIC_PROCEDURES. */
export const procedure = t.procedure.use(guard);

/** Narrows the context inside a staff-only procedure. */
export function requireStaff(ctx: ApiContext): StaffIdentity {
  if (!ctx.staff) throw new TRPCError({ code: 'UNAUTHORIZED', message: UNAUTHORIZED });
  return ctx.staff;
}
