import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import {
  ANONYMOUS_READS,
  createCaller,
  FreshJson,
  PagedList,
  RawJson,
  restRoutes,
  type Shop,
} from '@nursery/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CreateContext } from './contextBeforeBody.ts';
import type { FrontRead } from './frontDoor.ts';
import {
  type Answering,
  type CachedForm,
  cachedJsonAnswer,
  type ReadyAnswer,
  sendReady,
} from './rest/cachedAnswer.ts';
import { sendWholeList, type WholeListForm } from './rest/wholeList.ts';

/**
 * tRPC queries whose answer is already text: the storefront's product list (a cached RawJson), and the staff
 * answers read on a thread of their own (FreshJson), which tRPC would parse and serialize again on the
 * server's thread (a pick list of thousands of orders is megabytes).
 */
const CACHED_QUERIES = new Set(['catalog.productsToShow', 'pickup.pickList', 'seasonReport.get']);

/**
 * tRPC queries that answer a list read in pages (PagedList: every order, a season's, the deleted ones...):
 * without a limit, tRPC would read the whole list into one array and JSON.stringify it in one go (100,000
 * orders held the server's event loop for seconds, and its memory for 64 MB of text and the objects behind
 * it); here it is written out as it is read, as REST writes it (rest/wholeList.ts).
 */
const WHOLE_LISTS = new Set<string>(
  restRoutes.filter((route) => route.paged).map((route) => route.procedure),
);

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

/** No input, or the empty object a client sends for an optional input it left out. */
function isNoInput(value: unknown): boolean {
  return (
    value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  );
}

/**
 * A fast path in front of tRPC for cached answers and whole lists. tRPC would JSON.stringify the whole
 * product list and compress it again on every request (2 MB for 2,000 products); here its cached answer is
 * sent in tRPC's own wire format, compressed once per encoding, and a whole list is written out as it is read. A visitor's call without a token and without input (what the
 * storefront sends) is answered straight from the shop (ANONYMOUS_READS, no caller built); any other call
 * runs the procedure through a server-side caller (same input schema, same access rule). Anything unusual
 * (a batch of several calls, a malformed input, an error, an answer that is not cached) falls through to
 * tRPC untouched, so errors keep tRPC's exact shape.
 */
export type CachedProcedureHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

export interface CachedProcedures {
  /**
   * The fast path as the part of an onRequest hook that createServer's one hook calls for GET and /trpc/
   * addresses; it calls `done` once, after answering or when tRPC is to answer.
   */
  hook: CachedProcedureHook;
  /** A visitor's call (no token, no input) from the front door (frontDoor.ts), before Fastify. */
  read: FrontRead;
}

interface CachedCall {
  path: string;
  batch: boolean;
  input: unknown;
}

/** The call an address makes, when it is a single call of a cached query with a readable input. */
function cachedCall(url: string): CachedCall | null {
  const queryAt = url.indexOf('?');
  const path = url.slice('/trpc/'.length, queryAt < 0 ? undefined : queryAt);
  if (!CACHED_QUERIES.has(path) && !WHOLE_LISTS.has(path)) return null;
  // No query string: no input, not a batch.
  if (queryAt < 0) return { path, batch: false, input: undefined };
  const params = query.safeParse(parseQuery(url.slice(queryAt + 1)));
  if (!params.success) return null;
  const batch = params.data.batch === '1';
  const input = callInput(batch, params.data.input);
  return input.ok ? { path, batch, input: input.value } : null;
}

/**
 * The storefront asks the same address every time (a batch of one call without input): each address is read
 * once. Bounded, for clients that vary it.
 */
const calls = new Map<string, CachedCall | null>();

function knownCall(url: string): CachedCall | null {
  let call = calls.get(url);
  if (call === undefined) {
    call = cachedCall(url);
    if (calls.size >= 64) calls.clear();
    calls.set(url, call);
  }
  return call;
}

/** tRPC's wire format around a query's answer, for a single call and a batch of one. */
const SINGLE: CachedForm = {
  head: '{"result":{"data":',
  tail: '}}',
  contentType: 'application/json; charset=utf-8',
};
const BATCH: CachedForm = {
  head: '[{"result":{"data":',
  tail: '}}]',
  contentType: 'application/json; charset=utf-8',
};
const SINGLE_LIST: WholeListForm = { open: `${SINGLE.head}[`, close: `]${SINGLE.tail}` };
const BATCH_LIST: WholeListForm = { open: `${BATCH.head}[`, close: `]${BATCH.tail}` };

function readyAnswer(request: IncomingMessage, batch: boolean, answer: RawJson<unknown>): Answering {
  return cachedJsonAnswer(answer, batch ? BATCH : SINGLE, request.headers['accept-encoding']);
}

export function cachedProcedures(shop: Shop, createContext: CreateContext): CachedProcedures {
  /** A visitor's call (no token, no input) of a read the shop answers without a caller. */
  function isVisitorCall(request: IncomingMessage, call: CachedCall): boolean {
    return (
      ANONYMOUS_READS.has(call.path) && request.headers.authorization === undefined && isNoInput(call.input)
    );
  }

  /** A visitor's call, answered straight from the shop when its answer is cached. */
  function visitorAnswer(request: IncomingMessage, call: CachedCall): Answering | undefined {
    const answer = ANONYMOUS_READS.get(call.path)?.(shop);
    return answer instanceof RawJson ? readyAnswer(request, call.batch, answer) : undefined;
  }

  /**
   * The procedure's answer through a server-side caller, or undefined when it fails (tRPC answers it then), and
   * whether the caller is signed in (a token that is anything but absent).
   */
  async function viaCaller(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    input: unknown,
  ): Promise<{ answer: unknown; signedIn: boolean }> {
    const ctx = await createContext(request, reply);
    const signedIn = ctx.caller.kind !== 'anonymous';
    let procedure: unknown = createCaller(ctx);
    for (const part of path.split('.')) procedure = (procedure as Record<string, unknown>)[part];
    if (typeof procedure !== 'function') return { answer: undefined, signedIn };
    try {
      return { answer: await (procedure as (input: unknown) => Promise<unknown>)(input), signedIn };
    } catch {
      return { answer: undefined, signedIn }; // tRPC answers it again, with its own error shape and status
    }
  }

  // A visitor's call is answered without a promise made. After a reply is sent Fastify runs no further hook
  // nor the route: done() only ends the hook.
  const hook: CachedProcedureHook = (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const call = knownCall(request.url);
    if (!call) return done();
    if (isVisitorCall(request.raw, call)) {
      const ready = visitorAnswer(request.raw, call);
      if (ready === undefined) return done();
      if (!(ready instanceof Promise)) {
        sendReady(reply, ready);
        return done();
      }
      // Its compressed bytes are being made: sent once they are (tRPC answers should that fail).
      ready.then((made) => {
        sendReady(reply, made);
        done();
      }, done);
      return;
    }
    viaCaller(request, reply, call.path, call.input).then(({ answer, signedIn }) => {
      if (answer instanceof FreshJson) {
        // Sent once: compressed (when asked) by the route's hook as a stream, a piece at a time.
        const form = call.batch ? BATCH : SINGLE;
        reply
          .header('cache-control', 'no-store')
          .type(form.contentType)
          .send(`${form.head}${answer.json}${form.tail}`);
        // Not done(): its compression is still under way, and done() would run tRPC's route as well.
        return;
      } else if (answer instanceof RawJson) {
        // A signed-in caller's answer is private, as tRPC's own answers to one are (responseMeta in
        // createServer.ts): staff's list holds what visitors do not see, and no browser cache or proxy keeps it.
        const send = (ready: ReadyAnswer) => {
          sendReady(
            reply,
            signedIn ? { ...ready, headers: { ...ready.headers, 'cache-control': 'no-store' } } : ready,
          );
          done();
        };
        Promise.resolve(readyAnswer(request.raw, call.batch, answer)).then(send, done);
        return;
      } else if (answer instanceof PagedList && answer.input.limit === undefined) {
        try {
          sendWholeList(request, reply, answer, call.batch ? BATCH_LIST : SINGLE_LIST);
          // Not done(): a reply whose body is still being written is not yet sent as Fastify counts it, and
          // done() would run tRPC's route as well. A hook that answers ends the request's hooks by not calling
          // it (Fastify's hooks reference, "Respond to a request from a hook").
          return;
        } catch {
          // Its first read failed (an after that names no row): tRPC answers it, in its own error shape.
        }
      }
      done();
    }, done);
  };
  return {
    hook,
    read(request) {
      const call = knownCall(request.url ?? '');
      return call && isVisitorCall(request, call) ? visitorAnswer(request, call) : undefined;
    },
  };
}
