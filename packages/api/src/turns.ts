/**
 * How long the long jobs (whole lists written out, a catalogue checked or applied, a season rolled over) may
 * hold the server's event loop in one turn before they let others in: visitors' requests then wait at most
 * about this long, well under the 50 ms a request may be held.
 */
export const PIECE_MS = 10;

/**
 * The jobs waiting to go on, in the order they stopped, and when the current turn's pieces began. The time is
 * shared: a job counts what the others did in the same turn. Counted per job, four whole lists written at once
 * each took their 10 ms in the same turn (and again when their sockets drained), and held the loop 69 ms.
 */
const line: (() => void)[] = [];
let turnStarted = performance.now();
let nextTurnAsked = false;
/**
 * The job whose turn it is: the only one that goes on past a pause while the turn has time left. Without it,
 * jobs that started in the same turn each went on once more from their pause's own await after the time was
 * spent (seven pieces in a 10 ms turn of 2 ms pieces, for four jobs).
 */
let owner: object | null = null;

/** In the event loop's next turn (after the I/O waiting meanwhile), the first in line goes on, with PIECE_MS. */
function askNextTurn(): void {
  if (nextTurnAsked) return;
  nextTurnAsked = true;
  setImmediate(() => {
    nextTurnAsked = false;
    turnStarted = performance.now();
    owner = null;
    line.shift()?.();
    if (line.length > 0) askNextTurn();
  });
}

/**
 * Between two pieces of `job`: it goes on at once while the turn has time left and is its own (or nobody's),
 * else it waits in line for a turn of its own.
 */
function pause(job: object): Promise<void> | undefined {
  if (performance.now() - turnStarted < PIECE_MS && (owner === null || owner === job)) {
    owner = job;
    return undefined;
  }
  return new Promise<void>((resolve) => {
    line.push(() => {
      owner = job;
      resolve();
    });
    askNextTurn();
  });
}

/**
 * The function to await between pieces of a long job. Jobs running at once take turns: one goes on per turn
 * of the event loop, each in its order, so several big answers end together rather than one after another.
 */
export function pieces(): () => Promise<void> {
  const job = {};
  return async () => {
    await pause(job);
  };
}

/**
 * A long job written once as a generator that yields between its pieces, run in one go: where nobody waits
 * for the loop meanwhile (a workbook made in memory) or the caller cannot wait (a synchronous transaction).
 */
export function wholly<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same job on the server's thread: between two of its pieces the loop turns once the turn's time is spent. */
export async function inPieces<T>(
  steps: Generator<unknown, T>,
  pause: () => Promise<void> = pieces(),
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
