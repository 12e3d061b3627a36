import v8 from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { type IdleMemory, startIdleMemory } from './idleMemory.ts';

const MB = 1024 * 1024;
let running: IdleMemory | null = null;
afterEach(() => running?.stop());

/** Waits on the event loop (idle) until the condition holds or the deadline passes. */
async function until(condition: () => boolean, deadlineMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('idle memory', () => {
  it('collects the garbage of a busy spell once the loop is quiet, and gives the heap back', async () => {
    const seen: Array<{ before: number; after: number }> = [];
    running = startIdleMemory({
      everyMs: 100,
      growthBytes: 8 * MB,
      onCollect: (before, after) => seen.push({ before, after }),
    });
    // A busy spell: objects that live a while (promoted to the old generation) and then are dropped.
    let kept: Array<{ id: number; text: string }> = [];
    for (let i = 0; i < 1_500_000; i += 1) {
      kept.push({ id: i, text: `order ${i}` });
      if (kept.length > 300_000) kept = [];
    }
    kept = [];
    const grown = v8.getHeapStatistics().total_heap_size;
    expect(await until(() => running !== null && running.collections >= 1)).toBe(true);
    expect(seen[0]?.before).toBeGreaterThan(seen[0]?.after ?? Number.POSITIVE_INFINITY);
    // Follow-up collections on the next quiet ticks release the freed pages.
    expect(await until(() => running !== null && running.collections >= 3)).toBe(true);
    expect(v8.getHeapStatistics().total_heap_size).toBeLessThan(grown);
  });

  it('collects once a busy spell ends even when the heap hardly grew', async () => {
    running = startIdleMemory({ everyMs: 100, growthBytes: 512 * MB });
    // Half a second of work on the loop without allocating: the next tick is busy, the one after quiet.
    const until500 = Date.now() + 500;
    let spins = 0;
    while (Date.now() < until500) spins += 1;
    expect(spins).toBeGreaterThan(0);
    expect(await until(() => running !== null && running.collections >= 1)).toBe(true);
  });

  it('leaves a quiet process alone', async () => {
    running = startIdleMemory({ everyMs: 100, quietUtilization: 0.5, growthBytes: 64 * MB });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running.collections).toBe(0);
  });
});
