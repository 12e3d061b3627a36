import type { Shop } from './shop.ts';

/**
 * How many big staff jobs run at once: the exports and answers read on their own threads, backups and restores.
 * Each costs tens of megabytes while it runs (a thread with its own heap and SQLite cache, a snapshot and its
 * archive); on the cheapest host (512 MB, one CPU) every one of them at once filled the memory, two at a time
 * stay within it (docs/deploy.md). The others wait their turn, in the order they came.
 */
export const STAFF_JOBS_AT_ONCE = 2;

interface Turns {
  running: number;
  waiting: (() => void)[];
}

const turnsOf = new WeakMap<Shop, Turns>();

/**
 * Waits for a big staff job's turn and answers the function that ends it (calling it again does nothing). A job
 * whose answer streams on after it returns (a backup's archive) ends its turn when the stream ends.
 */
export async function staffJobTurn(shop: Shop): Promise<() => void> {
  let turns = turnsOf.get(shop);
  if (!turns) {
    turns = { running: 0, waiting: [] };
    turnsOf.set(shop, turns);
  }
  const own = turns;
  if (own.running >= STAFF_JOBS_AT_ONCE) {
    await new Promise<void>((resolve) => own.waiting.push(resolve));
  } else {
    own.running += 1;
  }
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    // The turn passes straight to the first in line, so nobody who came later overtakes it.
    const next = own.waiting.shift();
    if (next) next();
    else own.running -= 1;
  };
}

/** Runs `work` as a big staff job, in its turn. */
export async function asStaffJob<T>(shop: Shop, work: () => Promise<T>): Promise<T> {
  const end = await staffJobTurn(shop);
  try {
    return await work();
  } finally {
    end();
  }
}
