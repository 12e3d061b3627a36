import { Worker } from 'node:worker_threads';
import type { OrderDetailsInput } from '@nursery/domain';
import type { ShopConfig } from '../config.ts';
import { type FieldProblem, ShopError, type ShopErrorKind } from '../errors.ts';
import type { IdempotencyClaim } from '../idempotency/claim.ts';
import type { ShopLogger } from '../logger.ts';
import { workerScript } from '../workerScripts.ts';

/**
 * The order writer's thread: storefront orders that come together are checked, written and committed on a worker
 * thread with its own connection to the shop's database, in the same group commits as on the server's thread
 * (groupCommit.ts).
 *
 * better-sqlite3 is synchronous, so on the thread that answers requests every COMMIT's fsync (about 4 ms
 * here) and every statement of an order held all other requests. On its own thread the commit waits for the
 * disk while the server goes on reading, validating and answering; the second core does the SQLite work.
 *
 * The worker reads everything from the database, inside the same BEGIN IMMEDIATE transaction as before: a
 * stock change, a setting or a pick-up day that staff saved on the server's connection is committed before
 * the next order is posted, so the next batch sees it (WAL, one writer at a time, busy_timeout for the
 * other). Its one cache, the season worked out this minute, is dropped before every batch. What lives in the
 * server's memory is kept up to date by the caller after the answer (the product list, the mail to send):
 * submit.ts does that whichever thread wrote the order.
 *
 * The thread starts when orders come together (an order that comes alone is written on the server's thread:
 * writerThreadFor in submit.ts) and stops after `idleMs` without one (ORDER_WRITER_IDLE_SECONDS), so what it
 * holds (its own V8 heap, the bundle's code, SQLite's page cache: about 20 MB of RSS) is given back while the
 * shop is quiet.
 */
export interface OrderWriter {
  /** Writes the order in the next shared durable commit; resolves with it once that commit is on disk. */
  write(input: OrderDetailsInput, receivedAt: Date, claim?: IdempotencyClaim | null): Promise<WrittenAnswer>;
  /** Resolves once every order handed over so far, and any handed over meanwhile, is committed or refused. */
  settled(): Promise<void>;
  /** Waits for the orders under way, then stops the thread. */
  close(): Promise<void>;
  /** Whether the thread is running now (tests). */
  readonly running: boolean;
}

/** What the worker is started with (workerData). */
export interface WriterStart {
  config: ShopConfig;
  file: string;
}

/** One order posted to the worker; `receivedAt` is the shop's clock when the request came in. */
export interface OrderToWrite {
  id: number;
  input: OrderDetailsInput;
  receivedAt: number;
  /** The order's Idempotency-Key, kept in the order's transaction with its answer. */
  claim: IdempotencyClaim | null;
}

/** A refusal or a failure, as it crosses to the server's thread (an Error's class does not). */
export type WriteProblem =
  | { refused: { kind: ShopErrorKind; message: string; problems: readonly FieldProblem[] } }
  | { failed: { message: string; code: string | undefined; stack: string | undefined } };

/**
 * An order written, as it crosses back: the submit's answer as JSON text (submitAnswer in submit.ts), which
 * the REST adapter sends as it is, and the products it changed. A structured clone of the order's objects
 * cost this thread more to read than the text costs the worker to write (and as much again to serialize).
 */
export interface WrittenAnswer {
  json: string;
  productIds: number[];
}

export type WrittenOrder = ({ id: number } & WrittenAnswer) | ({ id: number } & WriteProblem);

export interface WriterLogLine {
  level: 'info' | 'warn' | 'error';
  obj: unknown;
  msg: string | undefined;
}

/** The worker's answer to one posted batch, once its orders are committed or refused. */
export interface WriterReply {
  written: WrittenOrder[];
  /** What the writing logged, for the server's own log. */
  log: WriterLogLine[];
}

/**
 * Orders posted to the thread in one message at most. The thread starts committing the first ones while this
 * thread still reads the rest of a burst, so both work at once; a whole burst in one message had each wait
 * for the other (measured with 50 connections: about 3,300 orders/s against 4,500 with messages of 12-25).
 */
const POST_EVERY = 16;

/** Turns what crossed back into what the caller throws: a ShopError answers the customer as before. */
export function problemToError(problem: WriteProblem): Error {
  if ('refused' in problem) {
    const { kind, message, problems } = problem.refused;
    return new ShopError({ kind, message, problems: [...problems] });
  }
  const error = new Error(problem.failed.message) as Error & { code?: string };
  if (problem.failed.code !== undefined) error.code = problem.failed.code;
  if (problem.failed.stack !== undefined) error.stack = problem.failed.stack;
  return error;
}

/** The other way: what the worker posts for an order that was not written. */
export function errorToProblem(error: unknown): WriteProblem {
  if (error instanceof ShopError) {
    return { refused: { kind: error.kind, message: error.message, problems: error.problems } };
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  const code = (failure as { code?: unknown }).code;
  return {
    failed: {
      message: failure.message,
      code: typeof code === 'string' ? code : undefined,
      stack: failure.stack,
    },
  };
}

interface Waiting {
  resolve(answer: WrittenAnswer): void;
  reject(error: unknown): void;
}

/** One run of the worker, the orders it owes an answer and those not yet posted to it. */
interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
  posted: OrderToWrite[];
}

export function startOrderWriterThread(options: {
  config: ShopConfig;
  file: string;
  log: ShopLogger;
  /** Quiet time after which the thread stops (the configuration's orderWriterIdleMs). */
  idleMs: number;
}): OrderWriter {
  const { idleMs } = options;
  let thread: Thread | null = null;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;
  const everyWaiting = new Set<Promise<unknown>>();

  function start(): Thread {
    const start: WriterStart = { config: options.config, file: options.file };
    const worker = new Worker(workerScript('orderWriter'), { workerData: start });
    const started: Thread = { worker, waiting: new Map(), posted: [] };
    worker.on('message', (reply: WriterReply) => {
      for (const line of reply.log) options.log[line.level](line.obj, line.msg);
      for (const written of reply.written) {
        const waiting = started.waiting.get(written.id);
        if (!waiting) continue;
        started.waiting.delete(written.id);
        if ('json' in written) waiting.resolve(written);
        else waiting.reject(problemToError(written));
      }
      if (started.waiting.size === 0) stopWhenIdle();
    });
    const stopped = (why: Error) => {
      // An order whose batch was under way may or may not be on disk: its caller hears it failed (500),
      // as after a crash, and the next order starts a new thread.
      if (thread === started) thread = null;
      for (const waiting of started.waiting.values()) waiting.reject(why);
      started.waiting.clear();
      // Never handed to another thread: their callers have just been told they failed.
      started.posted = [];
    };
    worker.on('error', (error) => {
      options.log.error({ err: error }, 'the order writer thread failed');
      stopped(error);
    });
    worker.on('exit', (code) => stopped(new Error(`the order writer thread stopped (exit code ${code})`)));
    return started;
  }

  function stopWhenIdle(): void {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      const idle = thread;
      if (idle && idle.waiting.size === 0) {
        thread = null;
        void idle.worker.terminate();
      }
    }, idleMs);
    idleTimer.unref();
  }

  /** The orders of one turn of the event loop go over in one message, as they would share one batch. */
  function postWaiting(to: Thread): void {
    const batch = to.posted;
    to.posted = [];
    if (batch.length > 0) to.worker.postMessage(batch);
  }

  return {
    get running() {
      return thread !== null;
    },
    write(input, receivedAt, claim = null) {
      if (closed) return Promise.reject(new Error('the shop is stopping'));
      if (idleTimer) {
        clearTimeout(idleTimer);
        idleTimer = null;
      }
      thread ??= start();
      const to = thread;
      const id = nextId++;
      const answer = new Promise<WrittenAnswer>((resolve, reject) => {
        to.waiting.set(id, { resolve, reject });
      });
      const count = to.posted.push({ id, input, receivedAt: receivedAt.getTime(), claim });
      if (count >= POST_EVERY) postWaiting(to);
      else if (count === 1) setImmediate(postWaiting, to);
      const settled = answer.then(
        () => undefined,
        () => undefined,
      );
      everyWaiting.add(settled);
      void settled.then(() => everyWaiting.delete(settled));
      return answer;
    },
    async settled() {
      while (everyWaiting.size > 0) await Promise.all(everyWaiting);
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      await Promise.all(everyWaiting);
      const last = thread;
      thread = null;
      if (last) await last.worker.terminate();
    },
  };
}
