import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long one piece of a long job (a whole list written out, a catalogue checked) may hold the server's
 * event loop before it lets others in: visitors' requests and the other long jobs then wait at most about
 * this long, well under the 50 ms a request may be held.
 */
export const PIECE_MS = 10;

/**
 * A function to call between pieces of a long job: once the current piece has had its PIECE_MS it waits for
 * the event loop's next turn (after the I/O waiting meanwhile), then starts the next piece.
 */
export function pieces(): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < PIECE_MS) return;
    await nextTurn();
    started = performance.now();
  };
}
