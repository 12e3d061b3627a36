import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';

/**
 * Gives a busy spell's memory back to the system once the shop is quiet again.
 *
 * Under load V8 lets the old generation grow to about four times what is alive (30 MB alive, 120-150 MB
 * committed) before a full collection, and keeps the pages that collection frees in its page pool for
 * reuse. Only a collection that is asked to reduce memory empties that pool. V8's own memory reducer
 * would run one 8 s after the last full collection if it saw a low allocation rate, but it measures the
 * rate at collections: on a server that goes quiet no collection happens, the rate of the busy spell
 * stays its last word ("high alloc") and the reducer waits forever. Measured on the release after the
 * bench's order and list loads: 280 MB resident with 42 MB of heap, for minutes; one low-memory
 * collection brought it to 149 MB.
 *
 * So, once a second, the shop looks at its event loop and its resident memory: when the loop was nearly
 * idle for QUIET_CHECKS seconds in a row and the RSS grew by GROWTH_BYTES since the last collection, it
 * asks V8 for a low-memory collection. A steady trickle of requests is quiet too; a busy loop never
 * collects. The collection takes 50-100 ms (two full collections); it runs only when nobody was waiting a
 * moment ago, at most once per GROWTH_BYTES of growth, so a server whose memory stays up for a real reason
 * (a bigger catalogue) is not collected over and over, and at most once in MIN_INTERVAL_MS. After the
 * collection glibc is asked to hand back its own free pages (giveBackFreeMalloc). No V8 flag is involved
 * (the previous idle collector needed `--expose-gc`, turned on from inside the process, which Node's docs
 * warn about).
 */
export const CHECK_INTERVAL_MS = 1_000;
/** A second in which the event loop worked less than this share of the time counts as quiet. */
export const QUIET_UTILIZATION = 0.05;
/**
 * Quiet seconds in a row before collecting: a pause between two bursts is not the end of a spell. The
 * collection has an after-cost: the burst after it ran at 0.78-0.91 of bare Fastify's rate where the same
 * alternating load (2 s of load, about 4 s of pause) without collections in the pauses ran at 0.96-1.01
 * (settings, 27 Nov, paired runs). Five seconds lets such pauses pass and still gives the memory back within
 * about six seconds of the last request.
 */
export const QUIET_CHECKS = 5;
/** Growth of the RSS since the last collection that is worth one (a collection frees nothing less). */
export const GROWTH_BYTES = 16 * 1024 * 1024;
/**
 * At most one collection in this time. Since glibc hands its free pages back too (giveBackFreeMalloc), the
 * next burst takes them again and the RSS grows past GROWTH_BYTES in every burst: without a floor, traffic
 * in bursts a few seconds apart had a collection (50-250 ms of the loop) in every pause, and the first
 * requests of the next burst waited behind it (p99 of the product list 50-180 ms under the bench's
 * alternating loads, 27 Nov).
 */
export const MIN_INTERVAL_MS = 20_000;

export interface QuietMemoryOptions {
  /** The event loop's utilization (0-1) since the previous call. */
  utilization?: () => number;
  /** The process's resident memory in bytes. */
  rss?: () => number;
  /** The collection that gives memory back. */
  collect?: () => Promise<void>;
  onCollect?: (rssBefore: number, rssAfter: number, ms: number) => void;
  onError?: (error: unknown) => void;
  /** Milliseconds on a monotonic clock (tests set their own). */
  now?: () => number;
  /** 0: no timer; the caller calls check() (tests). */
  intervalMs?: number;
}

export interface QuietMemory {
  /** One look at the loop and the memory; collects when quiet after growth. */
  check(): Promise<void>;
  stop(): void;
}

export function startQuietMemory(options: QuietMemoryOptions = {}): QuietMemory {
  const utilization = options.utilization ?? eventLoopUtilization();
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const collect = options.collect ?? collectAndTrim;
  const now = options.now ?? (() => performance.now());
  let lastCollectionAt = Number.NEGATIVE_INFINITY;
  // 0: the first quiet spell after the start collects once too (migrations, the catalogue's first build).
  let rssAfterLastCollection = 0;
  let quietChecks = 0;
  let collecting = false;
  let broken = false;

  async function check(): Promise<void> {
    if (collecting || broken) return;
    quietChecks = utilization() < QUIET_UTILIZATION ? quietChecks + 1 : 0;
    if (quietChecks < QUIET_CHECKS) return;
    const before = rss();
    if (before - rssAfterLastCollection < GROWTH_BYTES) return;
    if (now() - lastCollectionAt < MIN_INTERVAL_MS) return;
    collecting = true;
    const started = performance.now();
    lastCollectionAt = now();
    try {
      await collect();
      rssAfterLastCollection = rss();
      options.onCollect?.(before, rssAfterLastCollection, performance.now() - started);
    } catch (error) {
      // A runtime without the inspector: saving memory is never a reason to disturb the shop, so stop trying.
      broken = true;
      options.onError?.(error);
    } finally {
      collecting = false;
      quietChecks = 0;
      // The collection itself kept the loop busy: the next look measures from now.
      utilization();
    }
  }

  const intervalMs = options.intervalMs ?? CHECK_INTERVAL_MS;
  const timer = intervalMs > 0 ? setInterval(() => void check(), intervalMs) : null;
  timer?.unref();
  return {
    check,
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/** The event loop's utilization since the previous call (Node's own measure, no hook per request). */
function eventLoopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization;
  };
}

/**
 * V8's low-memory collection, the one a browser asks for under memory pressure: full collections that
 * reduce memory, emptying V8's page pool and shrinking the young generation. Reached through the
 * inspector's in-process session (no port is opened, nothing else is enabled), the documented way to it
 * without starting node with a flag.
 */
export function collectForLowMemory(): Promise<void> {
  const session = new Session();
  session.connect();
  return new Promise((resolve, reject) => {
    session.post('HeapProfiler.collectGarbage', (error) => {
      // Not inside the callback: V8's heap profiler agent is still locked there, and disconnecting (which
      // destroys the agent) would wait on that lock forever; it hung the process when tried.
      setImmediate(() => {
        session.disconnect();
        if (error) reject(error);
        else resolve();
      });
    });
  });
}

/** The default collection: V8's pages first, then the C library's free memory (see giveBackFreeMalloc). */
export async function collectAndTrim(): Promise<void> {
  await collectForLowMemory();
  await giveBackFreeMalloc();
}

type MallocTrim = (pad: number) => number;
let mallocTrim: Promise<MallocTrim | null> | undefined;

/**
 * Asks glibc to hand back to the system the free pages inside its heaps (`malloc_trim(0)`), and says whether
 * it could ask (false off glibc, e.g. musl).
 *
 * After a busy spell, what keeps the RSS up once V8's pages are back is native: glibc's main heap and its
 * thread arenas hold 20-40 MB of free chunks between live ones (requests' buffers, SQLite's and zlib's
 * working memory), which free() never returns because they are not at the top of a heap. Only malloc_trim
 * walks every arena and releases the free pages in the middle (madvise). Node has no binding for it, so
 * it is called through koffi (a maintained FFI library with prebuilt binaries, loaded on first use); it
 * takes a few milliseconds and runs only when the shop is quiet, after the low-memory collection.
 */
export async function giveBackFreeMalloc(): Promise<boolean> {
  mallocTrim ??= loadMallocTrim();
  const trim = await mallocTrim;
  if (!trim) return false;
  trim(0);
  return true;
}

async function loadMallocTrim(): Promise<MallocTrim | null> {
  // glibc only: on musl (no libc.so.6, no malloc_trim) or another system the load fails.
  if (process.platform !== 'linux') return null;
  try {
    const { default: koffi } = await import('koffi');
    const libc = koffi.load('libc.so.6');
    const trim: unknown = libc.func('int malloc_trim(size_t pad)');
    return typeof trim === 'function' ? (pad) => Number(trim(pad)) : null;
  } catch {
    // Without its prebuilt binary (an unusual platform) the shop simply keeps that memory.
    return null;
  }
}
