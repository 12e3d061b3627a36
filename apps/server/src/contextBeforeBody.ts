import { type ApiContext, procedureKind, refusalOf, type ShopError } from '@nursery/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A call's context, from its request, and its reply for the signal of a client that hangs up (ApiContext.signal). */
export type CreateContext = (request: FastifyRequest, reply: FastifyReply) => Promise<ApiContext>;

/** The context of a call resolved before its body was read (refusalsBeforeBody), for its handler. */
const contextsBeforeBody = new WeakMap<FastifyRequest, ApiContext>();

/**
 * Fastify reads and parses a body before a route's handler runs, and the caller used to be checked only there:
 * a caller without a token was answered 400 for a broken body or 413 for a large one (after up to 1 MB of it was
 * read), where every admin call answers 401. Called from the onRequest hook of a call with a body to staff-only
 * procedures (a REST path, or a tRPC call or batch), this resolves the caller first: the refusal of each
 * procedure when the caller may call none of them, else null, and the context is kept for contextOf, so the
 * token is still checked once per request. Throws what createContext throws.
 */
export async function refusalsBeforeBody(
  request: FastifyRequest,
  reply: FastifyReply,
  createContext: CreateContext,
  procedures: readonly string[],
): Promise<ShopError[] | null> {
  const ctx = await createContext(request, reply);
  const refusals: ShopError[] = [];
  for (const path of procedures) {
    const refusal = refusalOf(ctx.caller, path, procedureKind(path) ?? { type: 'mutation' });
    // One call the caller may make: the body is read for it, and each of the others is refused on its own.
    if (!refusal) {
      contextsBeforeBody.set(request, ctx);
      return null;
    }
    refusals.push(refusal);
  }
  return refusals;
}

/** The request's context: the one made before its body was read, else a new one. */
export function contextOf(
  request: FastifyRequest,
  reply: FastifyReply,
  createContext: CreateContext,
): Promise<ApiContext> {
  const ctx = contextsBeforeBody.get(request);
  return ctx ? Promise.resolve(ctx) : createContext(request, reply);
}
