import { describe, expect, it } from 'vitest';
import { singleFlight } from './singleFlight';

function deferred() {
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle! };
}

describe('singleFlight', () => {
  it('refuses a second save while the first runs, in the same tick, and takes the next once it ends', async () => {
    const once = singleFlight();
    const first = deferred();
    let sent = 0;
    const send = () => {
      sent++;
      return first.promise;
    };
    expect(once(send)).toBe(true);
    expect(once(send)).toBe(false);
    expect(sent).toBe(1);
    first.resolve();
    await first.promise;
    await Promise.resolve();
    expect(once(() => Promise.resolve())).toBe(true);
  });

  it('is free again after a failed save, and never leaves the failure unhandled', async () => {
    const once = singleFlight();
    const failed = deferred();
    expect(once(() => failed.promise)).toBe(true);
    failed.reject(new Error('409'));
    await failed.promise.catch(() => undefined);
    await Promise.resolve();
    expect(once(() => Promise.resolve())).toBe(true);
  });

  it('is free again when starting the save throws', () => {
    const once = singleFlight();
    expect(() =>
      once(() => {
        throw new Error('bad input');
      }),
    ).toThrow('bad input');
    expect(once(() => Promise.resolve())).toBe(true);
  });
});
