import { useEffect, useState } from 'react';

/** The spec's progressive reveal: five more cards every 100 ms, 350 px placeholders until then. */
export const REVEAL_GROUP_SIZE = 5;
export const REVEAL_STEP_MS = 100;
export const REVEAL_PLACEHOLDER_HEIGHT_PX = 350;

/**
 * How many items to show. When `active` the count grows by a group every step until `total`;
 * otherwise everything shows at once. `resetKey` starts the reveal over (a new list).
 */
export function useProgressiveReveal(total: number, active: boolean, resetKey: unknown): number {
  const [shown, setShown] = useState(REVEAL_GROUP_SIZE);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey exists to restart the reveal.
  useEffect(() => {
    setShown(REVEAL_GROUP_SIZE);
  }, [resetKey, active]);

  useEffect(() => {
    if (!active || shown >= total) return;
    const timer = window.setTimeout(() => setShown((n) => n + REVEAL_GROUP_SIZE), REVEAL_STEP_MS);
    return () => window.clearTimeout(timer);
  }, [active, shown, total]);

  return active ? Math.min(shown, total) : total;
}
