import type { Sqlite } from '@nursery/db';

/**
 * Group commit for the storefront's order submits.
 *
 * With `synchronous=FULL` every COMMIT waits for the disk (about 4 ms here), so orders committed one at a
 * time can never pass a few hundred a second, whatever the rest of the server does. Submits that arrive
 * together (in the same turn of the event loop) are therefore written in ONE transaction and share one fsync:
 *
 * - an order that is refused (validation, stock, ordering closed) or fails leaves nothing behind, so its
 *   lines, stock changes and queued mail vanish, and only its own caller gets its own error. A refusal comes
 *   before the order writes anything; an order that fails after writing has the batch run again with each
 *   order in its own SAVEPOINT (`commitBatch`), so a work may run twice and must keep its effects inside the
 *   database (log lines aside) until it returns;
 * - the orders run one after another inside the transaction, so each sees the lines of those before it
 *   (stock checks stay exact within a batch: no overselling);
 * - a caller is answered only after the COMMIT holding its order has returned, i.e. is on disk: an order
 *   acknowledged is an order kept, even if the process dies right after.
 *
 * better-sqlite3 is synchronous, so nothing else in the process can run between BEGIN and COMMIT: other
 * writers (staff edits, stock changes) simply run before or after a batch.
 */

/** Enough to share one fsync among every connection of a busy spring morning, small enough to keep latency low. */
export const MAX_BATCH = 200;

interface Waiting {
  work: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommit {
  /** Runs `work` inside the next shared transaction; settles after that transaction is committed. */
  run<T>(work: () => T): Promise<T>;
  /** The same, shaped like better-sqlite3's `transaction(fn).immediate()`: `transaction(fn).committed()`. */
  transaction<T>(work: () => T): { committed(): Promise<T> };
  /** Batches committed so far and the orders they held: for tests and the benchmark's notes. */
  readonly stats: { batches: number; items: number; largestBatch: number };
  /** Works handed over and not yet committed: they wait for the end of this turn of the event loop. */
  readonly waiting: number;
}

/** Thrown inside a batch's transaction to roll all of it back, so it can run again order by order (see below). */
class WroteThenFailed extends Error {}

export function createGroupCommit(sqlite: Sqlite, maxBatch = MAX_BATCH): GroupCommit {
  // Inside a transaction, better-sqlite3 runs a nested transaction as a SAVEPOINT and rolls back to it
  // (only it) when the function throws. One wrapper serves every order, rather than one made per order.
  const savepoint = sqlite.transaction((work: () => unknown) => work());
  // Rows inserted, changed or deleted on this connection so far (triggers and cascades included).
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let waiting: Waiting[] = [];
  let scheduled = false;
  const stats = { batches: 0, items: 0, largestBatch: 0 };

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // setImmediate runs after the I/O callbacks of this turn: every request already read joins the batch.
    setImmediate(commitWaiting);
  }

  /**
   * Runs the batch in one transaction and commits it. Without savepoints, an order that fails before writing
   * anything (every refusal: closed, stock, day, a bad line) leaves nothing to undo, and the others go on. An
   * order that fails after writing something cannot be undone alone: the whole transaction is rolled back
   * (WroteThenFailed) and the batch runs again with a SAVEPOINT around each order.
   *
   * The savepoints are not the default because they cost more than the order itself: SQLite copies every page
   * an order touches into a statement journal (about 15 pages, 60 KB), which past 64 KB spills to a temporary
   * file, and wrote about 46 pages an order to /var/tmp (a third of the submit's CPU, measured under load).
   */
  function commitBatch(batch: Waiting[], withSavepoints: boolean): Outcome[] {
    const outcomes: Outcome[] = [];
    sqlite
      .transaction(() => {
        for (const item of batch) {
          const before = withSavepoints ? 0 : (totalChanges.get() as number);
          try {
            const value = withSavepoints ? savepoint(item.work) : item.work();
            // A work that swallowed such an error would otherwise have the next ones written outside any
            // transaction (the savepoint's RELEASE used to notice).
            if (!sqlite.inTransaction) throw new Error('the transaction of an order batch ended early');
            outcomes.push({ ok: true, value });
          } catch (error) {
            // Some SQLite errors (disk full, I/O) roll back the whole transaction: then nothing of
            // this batch is kept, and every caller must hear so rather than be told "placed".
            if (!sqlite.inTransaction) throw error;
            if (!withSavepoints && totalChanges.get() !== before) throw new WroteThenFailed();
            outcomes.push({ ok: false, error });
          }
        }
      })
      .immediate();
    return outcomes;
  }

  function commitWaiting(): void {
    scheduled = false;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    if (waiting.length > 0) schedule();
    if (batch.length === 0) return;

    let outcomes: Outcome[];
    try {
      try {
        outcomes = commitBatch(batch, false);
      } catch (error) {
        if (!(error instanceof WroteThenFailed)) throw error;
        // Nothing of the first run was kept or answered: each order runs again, on the same database state.
        outcomes = commitBatch(batch, true);
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }

    stats.batches += 1;
    stats.items += batch.length;
    stats.largestBatch = Math.max(stats.largestBatch, batch.length);
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.error);
    });
  }

  const group: GroupCommit = {
    run<T>(work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (waiting.length >= maxBatch) {
          // A full batch need not wait for the rest of this turn.
          scheduled = false;
          commitWaiting();
        } else {
          schedule();
        }
      });
    },
    transaction<T>(work: () => T) {
      return { committed: () => group.run(work) };
    },
    stats,
    get waiting() {
      return waiting.length;
    },
  };
  return group;
}

const perDatabase = new WeakMap<Sqlite, GroupCommit>();

/** The group commit of one database connection, shared by every submit on it. */
export function groupCommitFor(sqlite: Sqlite): GroupCommit {
  let found = perDatabase.get(sqlite);
  if (!found) {
    found = createGroupCommit(sqlite);
    perDatabase.set(sqlite, found);
  }
  return found;
}
