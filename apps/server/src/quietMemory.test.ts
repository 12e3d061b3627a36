import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  collectForLowMemory,
  GROWTH_BYTES,
  giveBackFreeMalloc,
  MIN_INTERVAL_MS,
  QUIET_CHECKS,
  QUIET_UTILIZATION,
  startQuietMemory,
} from './quietMemory.ts';

const MB = 1024 * 1024;

/** A quiet memory whose loop load and RSS the test sets, counting the collections. */
function fake(start: { rss: number }) {
  const state = { load: 0, rss: start.rss, collections: 0, rssAfterCollect: start.rss, time: 0 };
  const quiet = startQuietMemory({
    intervalMs: 0,
    utilization: () => state.load,
    rss: () => state.rss,
    now: () => state.time,
    collect: async () => {
      state.collections += 1;
      state.rss = state.rssAfterCollect;
    },
  });
  // As the real timer does, every check comes a second after the one before.
  const check = async () => {
    state.time += 1_000;
    await quiet.check();
  };
  /** `count` checks (a second each) at the present load. */
  const checks = async (count: number) => {
    for (let i = 0; i < count; i += 1) await check();
  };
  return { state, quiet: { check, checks } };
}

describe('quiet memory', () => {
  it('collects once the loop was quiet QUIET_CHECKS checks in a row after the memory grew, and not again until it grows', async () => {
    const { state, quiet } = fake({ rss: 140 * MB });
    state.rssAfterCollect = 120 * MB;
    await quiet.checks(QUIET_CHECKS - 1);
    expect(state.collections).toBe(0); // a pause between two bursts is not yet the end of a spell
    await quiet.check();
    expect(state.collections).toBe(1); // the start's own garbage
    expect(state.rss).toBe(120 * MB);

    // A busy spell: the loop works, the memory grows; nothing is collected while it lasts.
    state.load = 0.9;
    state.rss = 280 * MB;
    await quiet.checks(5);
    expect(state.collections).toBe(1);

    // Quiet again: one collection.
    state.time += MIN_INTERVAL_MS;
    state.load = 0.01;
    state.rssAfterCollect = 130 * MB;
    await quiet.checks(QUIET_CHECKS);
    expect(state.collections).toBe(2);
    expect(state.rss).toBe(130 * MB);

    // Still quiet, memory a little up but less than the growth worth a collection: left alone.
    state.rss = 130 * MB + GROWTH_BYTES - 1;
    await quiet.checks(5);
    expect(state.collections).toBe(2);
    state.time += MIN_INTERVAL_MS;
    state.rss = 130 * MB + GROWTH_BYTES;
    await quiet.check();
    expect(state.collections).toBe(3);
  });

  it('collects at most once in MIN_INTERVAL_MS, however often the shop goes quiet after a burst', async () => {
    const { state, quiet } = fake({ rss: 200 * MB });
    state.rssAfterCollect = 120 * MB;
    await quiet.checks(QUIET_CHECKS);
    expect(state.collections).toBe(1);
    const first = state.time;
    // Bursts of two seconds, each growing the memory past GROWTH_BYTES, with pauses long enough to count
    // as the end of a spell.
    const cycle = (2 + QUIET_CHECKS) * 1_000;
    while (state.time + cycle - first < MIN_INTERVAL_MS) {
      state.load = 0.9;
      state.rss = 200 * MB;
      await quiet.checks(2);
      state.load = 0;
      await quiet.checks(QUIET_CHECKS);
    }
    expect(state.time - first).toBeGreaterThan(cycle); // at least one such pause went by
    expect(state.collections).toBe(1);
    // Once the interval has passed, the next quiet spell gives the memory back.
    state.time = first + MIN_INTERVAL_MS;
    state.rss = 200 * MB;
    await quiet.checks(QUIET_CHECKS);
    expect(state.collections).toBe(2);
  });

  it('lets the pauses of a bursty load pass without a collection', async () => {
    const { state, quiet } = fake({ rss: 200 * MB });
    state.rssAfterCollect = 120 * MB;
    await quiet.checks(QUIET_CHECKS);
    expect(state.collections).toBe(1);
    state.time += MIN_INTERVAL_MS;
    // Two seconds of load, then a pause one second shorter than a spell's end, over and over.
    for (let round = 0; round < 10; round += 1) {
      state.load = 0.9;
      state.rss = 250 * MB;
      await quiet.checks(2);
      state.load = 0;
      await quiet.checks(QUIET_CHECKS - 1);
    }
    expect(state.collections).toBe(1);
    await quiet.check();
    expect(state.collections).toBe(2);
  });

  it('a busy second between quiet ones starts the count again', async () => {
    const { state, quiet } = fake({ rss: 300 * MB });
    state.load = QUIET_UTILIZATION / 2;
    await quiet.checks(QUIET_CHECKS - 1);
    state.load = QUIET_UTILIZATION; // not quiet
    await quiet.check();
    state.load = 0;
    await quiet.checks(QUIET_CHECKS - 1);
    expect(state.collections).toBe(0);
    await quiet.check();
    expect(state.collections).toBe(1);
  });

  it('stops trying when the collection is not available, and says so once', async () => {
    const errors: unknown[] = [];
    let tries = 0;
    const quiet = startQuietMemory({
      intervalMs: 0,
      utilization: () => 0,
      rss: () => 500 * MB,
      collect: () => {
        tries += 1;
        return Promise.reject(new Error('inspector not available'));
      },
      onError: (error) => errors.push(error),
    });
    for (let i = 0; i < 3 * QUIET_CHECKS; i += 1) await quiet.check();
    expect(tries).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it("V8's low-memory collection gives back the pages a burst of garbage left committed, and can run again", async () => {
    // Garbage that lives long enough to reach the old generation, as requests in flight under load do.
    let keep: unknown[][] = [];
    for (let round = 0; round < 40; round += 1) {
      keep.push(Array.from({ length: 20_000 }, (_, i) => ({ round, i, text: `line ${i}` })));
      if (keep.length > 8) keep = keep.slice(-8);
    }
    keep = [];
    const before = v8.getHeapStatistics().total_heap_size;
    await collectForLowMemory();
    const after = v8.getHeapStatistics().total_heap_size;
    expect(after).toBeLessThan(before - 10 * MB);
    // The session is gone after each collection: a second one neither hangs nor fails.
    await collectForLowMemory();
    expect(keep).toHaveLength(0);
  });

  it('glibc hands back the free pages a burst of native buffers left between live ones', async () => {
    // Small buffers live in glibc's heap, not in V8's: one in a hundred kept pins the heap, as requests'
    // buffers, SQLite's and zlib's working memory do after a busy spell.
    const kept: Buffer[] = [];
    let dropped: Buffer[] = [];
    for (let i = 0; i < 200_000; i += 1) {
      const buffer = Buffer.allocUnsafeSlow(300);
      if (i % 100 === 0) kept.push(buffer);
      else dropped.push(buffer);
    }
    dropped = [];
    // The backing stores are freed by the collection; the pages stay with glibc.
    await collectForLowMemory();
    const before = process.memoryUsage.rss();
    expect(await giveBackFreeMalloc()).toBe(true);
    const after = process.memoryUsage.rss();
    expect(before - after).toBeGreaterThan(20 * MB);
    expect(kept).toHaveLength(2_000);
    expect(dropped).toHaveLength(0);
  });
});
