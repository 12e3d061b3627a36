import { ShopError } from './errors.ts';
import type { Shop } from './shop.ts';

/**
 * How many big staff jobs run at once: the exports and answers read in pieces (exports/readInPieces.ts),
 * backups and restores. Each costs megabytes while it runs (a connection with its SQLite cache, a pick list in
 * memory, a snapshot and its archive, a restore's thread); on the cheapest host (512 MB, one CPU) every one of them at once filled the memory, two at a time
 * stay within it (docs/deploy.md). The others wait their turn, in the order they came.
 */
export const STAFF_JOBS_AT_ONCE = 2;

interface Turns {
  running: number;
  waiting: (() => void)[];
}

/**
 * What a job whose request was closed while it waited is refused with: nobody is there to read its answer, and
 * its turn would have gone to a job nobody wanted while the others behind it waited longer.
 */
export const GONE_BEFORE_ITS_TURN =
  'The request was closed while it waited for its turn among the big staff jobs: nothing was done.';

const turnsOf = new WeakMap<Shop, Turns>();

/**
 * Waits for a big staff job's turn and answers the function that ends it (calling it again does nothing). A job
 * whose answer streams on after it returns (a backup's archive) ends its turn when the stream ends. A request
 * closed while it waits (`signal`, aborted when its client hangs up) leaves the line and is refused.
 */
export async function staffJobTurn(shop: Shop, signal?: AbortSignal): Promise<() => void> {
  let turns = turnsOf.get(shop);
  if (!turns) {
    turns = { running: 0, waiting: [] };
    turnsOf.set(shop, turns);
  }
  const own = turns;
  if (signal?.aborted) throw goneError();
  if (own.running >= STAFF_JOBS_AT_ONCE) {
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        own.waiting.splice(own.waiting.indexOf(turn), 1);
        reject(goneError());
      };
      own.waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
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

function goneError(): ShopError {
  return new ShopError({ kind: 'bad_request', message: GONE_BEFORE_ITS_TURN });
}

/** How many big staff jobs wait for a turn (a request closed while waiting no longer counts). */
export function staffJobsWaiting(shop: Shop): number {
  return turnsOf.get(shop)?.waiting.length ?? 0;
}

/** Runs `work` as a big staff job, in its turn (see staffJobTurn for `signal`). */
export async function asStaffJob<T>(shop: Shop, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const end = await staffJobTurn(shop, signal);
  try {
    return await work();
  } finally {
    end();
  }
}
