import { useEffect, useSyncExternalStore } from 'react';

let adoptionPending = false;

/** Called by main.tsx as it adopts a page the server wrote (hydrateRoot). */
export function adoptServerPage(): void {
  adoptionPending = true;
}

const noSubscription = () => () => undefined;

/**
 * Whether this component's first render is the adoption of the page the server wrote: true on the server and
 * while the app adopts that page, false on any other mount (the first mount after the adoption reads it, then
 * it is over). Unlike useHydrated, the adoption itself costs no second render: for what only the first render
 * decides (how much of the list to put in at once).
 */
export function useAdoptingServerPage(): boolean {
  const adopting = useSyncExternalStore(
    noSubscription,
    () => adoptionPending,
    () => true,
  );
  useEffect(() => {
    adoptionPending = false;
  }, []);
  return adopting;
}
