import type { Shop } from '../shop.ts';

/** Shops whose restore is saving the state it replaces and swapping the backup in. */
const held = new WeakSet<Shop>();

export const RESTORE_UNDER_WAY =
  'The shop is being restored from a backup right now, so it cannot take orders or changes. Please try again in a minute.';

/** Whether changes are refused now because a restore is swapping the backup in. */
export function changesHeld(shop: Shop): boolean {
  return held.has(shop);
}

/**
 * Runs `work` (the backup of the state a restore replaces, then the swap) while every other change is refused,
 * once the orders already handed to the order writer are written. A change that landed after that backup was
 * taken and before the swap would be in neither: a customer would hold the number of an order that is gone.
 */
export async function withChangesHeld<T>(shop: Shop, work: () => Promise<T>): Promise<T> {
  held.add(shop);
  try {
    // A request let through just before reaches the order writer (or this thread's group commit, which
    // commits in the next turn) within this turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    await shop.orderWriter?.settled();
    return await work();
  } finally {
    held.delete(shop);
  }
}
