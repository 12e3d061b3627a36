import { type ApiContext, createCaller, RawJson } from '@nursery/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendCachedJson } from './rest/cachedAnswer.ts';

/** tRPC queries whose answer is a cached RawJson: the storefront's product list. */
const CACHED_QUERIES = new Set(['catalog.productsToShow']);

const query = z.object({ batch: z.literal('1').optional(), input: z.string().max(1000).optional() });

/** The tRPC input of a single call, from `?input=` (plain) or `?batch=1&input={"0":...}` (the browser's batch link). */
function callInput(batch: boolean, input: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (input === undefined) return batch ? { ok: false } : { ok: true, value: undefined };
  try {
    const parsed: unknown = JSON.parse(input);
    if (!batch) return { ok: true, value: parsed };
    if (typeof parsed !== 'object' || parsed === null || Object.keys(parsed).length !== 1)
      return { ok: false };
    return { ok: true, value: (parsed as Record<string, unknown>)['0'] };
  } catch {
    return { ok: false };
  }
}

/**
 * A fast path in front of tRPC for cached answers. tRPC would JSON.stringify the whole product list and
 * compress it again on every request (2 MB for 2,000 products); here the procedure still runs through a
 * server-side caller (same input schema, same access rule), and its cached answer is sent in tRPC's own wire
 * format, compressed once per encoding. Anything unusual (a batch of several calls, a malformed input, an
 * error) falls through to tRPC untouched, so errors keep tRPC's exact shape.
 */
export function registerCachedProcedures(
  app: FastifyInstance,
  createContext: (request: FastifyRequest) => Promise<ApiContext>,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith('/trpc/')) return;
    const path = request.url.slice('/trpc/'.length).split('?')[0] ?? '';
    if (!CACHED_QUERIES.has(path)) return;
    const params = query.safeParse(request.query);
    if (!params.success) return;
    const batch = params.data.batch === '1';
    const input = callInput(batch, params.data.input);
    if (!input.ok) return;

    let procedure: unknown = createCaller(await createContext(request));
    for (const part of path.split('.')) procedure = (procedure as Record<string, unknown>)[part];
    if (typeof procedure !== 'function') return;
    let answer: unknown;
    try {
      answer = await (procedure as (input: unknown) => Promise<unknown>)(input.value);
    } catch {
      return; // tRPC answers it again, with its own error shape and status
    }
    if (!(answer instanceof RawJson)) return;
    const [head, tail] = batch ? ['[{"result":{"data":', '}}]'] : ['{"result":{"data":', '}}'];
    return sendCachedJson(request, reply, answer, head, tail);
  });
}
