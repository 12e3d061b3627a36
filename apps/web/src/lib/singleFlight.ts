import { useState } from 'react';

/** Runs a save unless one it started is still running; answers whether it ran. */
export type SingleFlight = (send: () => Promise<unknown>) => boolean;

/**
 * One press, one save. A mutation's isPending, and the disabled button it drives, shows only after React
 * renders; an instant double-click delivers its second click before that, and the same save went out twice
 * (a 409 against our own first save, or a second new order or product). The flag here is set synchronously
 * before the request starts. `send` returns the request's promise (mutateAsync); its failure is the
 * mutation's onError to show, as with mutate.
 */
export function singleFlight(): SingleFlight {
  let running = false;
  const release = () => {
    running = false;
  };
  return (send) => {
    if (running) return false;
    running = true;
    try {
      send().then(release, release);
    } catch (error) {
      release();
      throw error;
    }
    return true;
  };
}

/** singleFlight kept for the life of the component. */
export function useSingleFlight(): SingleFlight {
  return useState(singleFlight)[0];
}
