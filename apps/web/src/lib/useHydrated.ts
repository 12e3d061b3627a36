import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React adopts the page the server wrote, true in every render after: for what
 * only the browser can show (what this phone keeps, what its screen is), so the adoption finds the very page
 * the server wrote and the browser's own part follows in the next render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
