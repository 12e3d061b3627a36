import { useEffect, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * A value that is `serverValue()` on the server and while the app adopts the page the server wrote, and
 * `browserValue()` in every other render. After the adoption React draws again only where the two differ, so
 * a value the server got right costs no render.
 */
export function useAdoptionValue<T>(browserValue: () => T, serverValue: () => T): T {
  return useSyncExternalStore(noSubscription, browserValue, serverValue);
}

/**
 * False on the server and while React adopts the page the server wrote, true in every render after: for what
 * only the browser can show (what this phone keeps, what its screen is), so the adoption finds the very page
 * the server wrote and the browser's own part follows in the next render.
 */
export function useHydrated(): boolean {
  return useAdoptionValue(
    () => true,
    () => false,
  );
}

let adoptionPending = false;

/** Called by main.tsx as it adopts a page the server wrote (hydrateRoot). */
export function adoptServerPage(): void {
  adoptionPending = true;
}

/**
 * Called once the adoption is committed (RootLayout's first effect): a page mounted later is the app's own,
 * whichever page the server wrote.
 */
export function serverPageAdopted(): void {
  adoptionPending = false;
}

/**
 * Whether this component's first render is the adoption of the page the server wrote: true on the server and
 * while the app adopts that page, false on any mount after the adoption is committed (serverPageAdopted).
 * Unlike useHydrated, the adoption itself costs no second render: for what only the first render decides (how
 * much of the list to put in at once).
 */
export function useAdoptingServerPage(): boolean {
  const adopting = useAdoptionValue(
    () => adoptionPending,
    () => true,
  );
  useEffect(serverPageAdopted, []);
  return adopting;
}
