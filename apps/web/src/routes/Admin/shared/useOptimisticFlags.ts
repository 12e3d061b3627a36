import { useState } from 'react';

/**
 * One boolean per row that staff flip in a list (tax exempt, spam), shown optimistically as the
 * spec asks: the box moves in the same event (React state, so a controlled checkbox never snaps
 * back) and shows the server's value again once the call settles, whichever way it went.
 */
export function useOptimisticFlags() {
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  return {
    /** The values just chosen whose calls are still out, by row id. */
    pending,
    /** Shows `value` at once and runs `send`, which must call `settled` when the call ends. */
    flip(id: number, value: boolean, send: (settled: () => void) => void): void {
      setPending((m) => new Map(m).set(id, value));
      send(() =>
        setPending((m) => {
          const next = new Map(m);
          next.delete(id);
          return next;
        }),
      );
    },
  };
}
