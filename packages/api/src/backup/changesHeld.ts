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

/**
 * Shops whose server connection holds a transaction open across turns of the event loop (a catalogue apply, a
 * new season), so that thousands of rows never hold the loop at once: the refusal other changes get meanwhile.
 */
const openAcrossTurns = new WeakMap<Shop, { refusal: string; released: Promise<void> }>();

export const CATALOGUE_APPLY_UNDER_WAY =
  'A catalogue spreadsheet is being applied right now, so other changes wait for it. Please try again in a few seconds.';

export const NEW_SEASON_UNDER_WAY =
  'A new season is being started right now, so other changes wait for it. Please try again in a few seconds.';

/** Why changes on the server's connection are refused now (a write open across turns), or null. */
export function serverConnectionHeld(shop: Shop): string | null {
  return openAcrossTurns.get(shop)?.refusal ?? null;
}

/** Settles once the write open across turns has committed or rolled back; at once when none is under way. */
export function serverConnectionReleased(shop: Shop): Promise<void> {
  return openAcrossTurns.get(shop)?.released ?? Promise.resolve();
}

/**
 * Runs `work`, whose transaction on the server's connection stays open across turns of the event loop, while
 * every other change on that connection is refused with `refusal`: one made between two of its pieces would be
 * inside its transaction, and lost with it were it rolled back. Orders go on: the order writer has its own
 * connection and waits for the commit (busy_timeout) before writing. A second such write is refused at once.
 */
export async function withServerConnectionHeld<T>(
  shop: Shop,
  refusal: string,
  work: () => Promise<T>,
): Promise<T> {
  const under = openAcrossTurns.get(shop);
  if (under !== undefined) throw new ShopError({ kind: 'conflict', message: under.refusal });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  openAcrossTurns.set(shop, { refusal, released });
  try {
    // A change let through just before commits within this turn (this thread's group commit in the next).
    await new Promise((resolve) => setImmediate(resolve));
    return await work();
  } finally {
    openAcrossTurns.delete(shop);
    release();
  }
}

/** A catalogue apply (5,000 rows held the loop 5 s at once), with the other changes refused meanwhile. */
export function withCatalogueApply<T>(shop: Shop, work: () => Promise<T>): Promise<T> {
  return withServerConnectionHeld(shop, CATALOGUE_APPLY_UNDER_WAY, work);
}
