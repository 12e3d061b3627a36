import { describe, expect, it } from 'vitest';
import { PIECE_MS, pieces } from './turns.ts';

/** Each piece of work holds the thread this long, as a chunk of rows made into JSON does. */
const PIECE_OF_WORK_MS = 2;

function work(): void {
  const until = performance.now() + PIECE_OF_WORK_MS;
  while (performance.now() < until) {
    // busy, as the thread is while it works
  }
}

describe('long jobs share the event loop', () => {
  it('run about PIECE_MS of pieces in a turn of the loop however many run at once, taking turns', async () => {
    // Each turn of the event loop, numbered; every piece notes the turn it ran in and its job.
    let turn = 0;
    let running = true;
    const beat = () => {
      turn += 1;
      if (running) setImmediate(beat);
    };
    setImmediate(beat);
    const ran: { turn: number; job: number }[] = [];
    const job = async (name: number) => {
      const pause = pieces();
      for (let i = 0; i < 60; i++) {
        work();
        ran.push({ turn, job: name });
        await pause();
      }
    };
    // The four start together at the beginning of a turn of the long jobs (as four requests read in one turn
    // do): counted per job, each took its 10 ms in the same turn, 40 ms and more at once; and jobs that went on
    // from their pause's own await each ran once more after the turn's time was spent.
    const warmUp = pieces();
    const started = performance.now();
    while (performance.now() - started < PIECE_MS) work();
    // Past a turn's time: the warm-up waits in line and goes on at the start of a turn, where the four begin.
    await warmUp();
    await Promise.all([0, 1, 2, 3].map(job));
    running = false;
    const perTurn = new Map<number, number>();
    for (const piece of ran) perTurn.set(piece.turn, (perTurn.get(piece.turn) ?? 0) + 1);
    // Pieces go on while the turn has time left, so the one that crosses PIECE_MS is the last.
    expect(Math.max(...perTurn.values())).toBeLessThanOrEqual(PIECE_MS / PIECE_OF_WORK_MS + 1);
    // Each job's pieces ran while the others' were running: none ran to its end before the next began.
    const jobs = ran.map((piece) => piece.job);
    for (const name of [0, 1, 2, 3]) {
      for (const other of [0, 1, 2, 3].filter((o) => o !== name)) {
        expect(jobs.indexOf(other)).toBeLessThan(jobs.lastIndexOf(name));
      }
    }
  });
});
