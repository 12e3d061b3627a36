import { useSyncExternalStore } from 'react';

// The open modal <dialog> elements, newest last. A modal dialog sits in the browser's top layer and makes the
// rest of the page inert, so anything that must stay visible and clickable over it (the toasts) is placed
// inside the topmost one.
const open: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function dialogOpened(dialog: HTMLDialogElement): void {
  open.push(dialog);
  changed();
}

export function dialogClosed(dialog: HTMLDialogElement): void {
  const at = open.indexOf(dialog);
  if (at >= 0) open.splice(at, 1);
  changed();
}

const topmost = () => open[open.length - 1] ?? null;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The topmost open modal dialog, or null when none is open. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, topmost, () => null);
}
