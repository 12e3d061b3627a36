import { describe, expect, it } from 'vitest';
import { sendingPasses } from './sendingPasses.ts';

describe('sendingPasses', () => {
  it('runs one pass at a time: a call during a pass shares it and gets one more round', async () => {
    const sent: number[] = [];
    let queued = 1;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let passes = 0;
    const sending = sendingPasses(
      async (rounds) => {
        passes++;
        while (rounds.next()) {
          const take = queued;
          queued = 0;
          if (take > 0) sent.push(take);
          if (sent.length === 1) await held;
        }
      },
      () => {},
    );
    const first = sending.run();
    expect(sending.underWay()).toBe(first);
    queued = 2;
    const second = sending.run();
    expect(second).toBe(first);
    release();
    await first;
    expect(sent).toEqual([1, 2]);
    expect(passes).toBe(1);
    expect(sending.underWay()).toBeNull();
  });

  it('goes round again when the pass asks for more, and stops when nobody does', async () => {
    let rounds = 0;
    const sending = sendingPasses(
      async (pass) => {
        while (pass.next()) {
          rounds++;
          if (rounds < 3) pass.more();
        }
      },
      () => {},
    );
    await sending.run();
    expect(rounds).toBe(3);
  });

  it('reports a failing pass and starts afresh on the next call', async () => {
    const errors: unknown[] = [];
    let fail = true;
    let done = 0;
    const sending = sendingPasses(
      async (rounds) => {
        while (rounds.next()) {
          if (fail) throw new Error('mail server gone');
          done++;
        }
      },
      (error) => errors.push(error),
    );
    await sending.run();
    expect(errors).toHaveLength(1);
    fail = false;
    await sending.run();
    expect(done).toBe(1);
  });
});
