import { orderDetailsSchema } from '@nursery/domain';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { placeOrder } from './orders/publicProcedures.ts';
import { type ApiContext, heldChangeRefusal } from './trpc.ts';

/** A public procedure called without a tRPC caller: the raw input in, the answer (or the procedure's error) out. */
export type DirectCall = (ctx: ApiContext, input: unknown) => Promise<unknown>;

/**
 * The procedure's own steps in its own order, without the caller's proxy and middlewares: the held-change
 * refusal (trpc.ts), the input schema (refused with the TRPCError tRPC throws, the ZodError as its cause), then
 * the function the procedure runs. What the procedure's middlewares add besides is for staff (the guard's staff
 * identity) or turns a ShopError into its TRPCError, which the REST answer reads the same either way.
 */
function directCall<S extends z.ZodType>(
  path: string,
  schema: S,
  call: (ctx: ApiContext, input: z.output<S>) => Promise<unknown>,
): [string, DirectCall] {
  return [
    path,
    async (ctx, input) => {
      const refusal = heldChangeRefusal(ctx.shop, path, 'mutation');
      if (refusal) throw refusal;
      // Synchronously: the schemas here check nothing asynchronously (zod would throw if one did), and
      // tRPC's parseAsync gives the same result a promise later.
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
      return call(ctx, parsed.data);
    },
  ];
}

/**
 * Public mutations that a visitor's REST call runs directly. The order submit is the shop's hottest write:
 * building a tRPC caller and running its middlewares for each was about a tenth of a submit's CPU.
 * directCalls.test.ts holds each to its procedure (answers and refusals).
 */
export const DIRECT_CALLS: ReadonlyMap<string, DirectCall> = new Map([
  directCall('orders.submit', orderDetailsSchema, placeOrder),
]);
