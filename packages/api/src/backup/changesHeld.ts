import { ShopError } from '../errors.ts';
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

/** Shops applying a catalogue spreadsheet: its writes are in one open transaction on the server's connection. */
const applying = new WeakSet<Shop>();

export const CATALOGUE_APPLY_UNDER_WAY =
  'A catalogue spreadsheet is being applied right now, so other changes wait for it. Please try again in a few seconds.';

/** Whether changes on the server's connection are refused now because a catalogue spreadsheet is being applied. */
export function catalogueApplyUnderWay(shop: Shop): boolean {
  return applying.has(shop);
}

/**
 * Runs `work` (a catalogue apply, whose transaction stays open across turns of the event loop so that 5,000
 * rows never hold the loop at once) while every other change on the server's connection is refused: one made
 * between two of its pieces would be inside its transaction, and lost with it were it rolled back. Orders go on:
 * the order writer has its own connection and waits for the apply's commit (busy_timeout) before writing.
 */
export async function withCatalogueApply<T>(shop: Shop, work: () => Promise<T>): Promise<T> {
  if (applying.has(shop)) {
    throw new ShopError({ kind: 'conflict', message: CATALOGUE_APPLY_UNDER_WAY });
  }
  applying.add(shop);
  try {
    // A change let through just before commits within this turn (this thread's group commit in the next).
    await new Promise((resolve) => setImmediate(resolve));
    return await work();
  } finally {
    applying.delete(shop);
  }
}
