/**
 * Gives memory back to a small host once the shop goes quiet after a busy spell.
 *
 * V8 collects its old generation only when it reaches a limit that grows with the traffic: after a busy
 * morning the heap holds 100+ MB of garbage (34-40 MB live) and keeps it, idle, until the next busy spell,
 * because a quiet server allocates too little to trigger a collection. So when the event loop has been idle
 * for a tick after a busy one, or the heap has grown well past where the last collection left it, the shop
 * runs a full collection itself, then twice more on later quiet ticks: the first frees the garbage, the later
 * ones let V8 hand the emptied pages back to the system. A quiet shop never collects (no busy tick, the heap
 * does not grow), and a busy one never does either (the loop is not idle). A collection takes 20-30 ms.
 */
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

export interface IdleMemoryOptions {
  /** How often to look, in milliseconds. */
  everyMs?: number;
  /** Share of the last interval the event loop may have been busy and still count as quiet. */
  quietUtilization?: number;
  /** Growth of the heap since the last collection that is worth a collection, in bytes. */
  growthBytes?: number;
  /** Told after each collection (for the log and for tests). */
  onCollect?: (before: number, after: number, ms: number) => void;
}

export interface IdleMemory {
  stop(): void;
  /** Collections run so far. */
  readonly collections: number;
}

/** Follow-up collections after the first one of a quiet spell: the pages freed by one are released by the next. */
const FOLLOW_UPS = 2;

function exposedGc(): () => void {
  // The gc function exists only with --expose-gc; the flag can be turned on in a running process, and a new
  // context then has it as a global (the main context was created before the flag).
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  if (typeof gc !== 'function') throw new Error('V8 did not expose gc');
  return () => gc();
}

export function startIdleMemory(options: IdleMemoryOptions = {}): IdleMemory {
  const everyMs = options.everyMs ?? 1000;
  const quietUtilization = options.quietUtilization ?? 0.05;
  const growthBytes = options.growthBytes ?? 16 * 1024 * 1024;
  const gc = exposedGc();
  let collections = 0;
  let followUps = 0;
  // A busy spell leaves garbage in pages V8 keeps even when the heap's size hardly grew (a burst served
  // mostly from the young generation after a collection): it is collected when the spell ends, too.
  let busySpell = false;
  let settled = v8.getHeapStatistics().total_heap_size;
  let last = performance.eventLoopUtilization();

  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy > quietUtilization) {
      busySpell = true;
      return;
    }
    const heap = v8.getHeapStatistics().total_heap_size;
    if (followUps === 0 && !busySpell && heap < settled + growthBytes) return;
    busySpell = false;
    const started = performance.now();
    gc();
    collections += 1;
    followUps = followUps > 0 ? followUps - 1 : FOLLOW_UPS;
    settled = v8.getHeapStatistics().total_heap_size;
    options.onCollect?.(heap, settled, performance.now() - started);
    // The collection itself made this tick busy; start the next measure after it.
    last = performance.eventLoopUtilization();
  }, everyMs);
  timer.unref();

  return {
    stop: () => clearInterval(timer),
    get collections() {
      return collections;
    },
  };
}
