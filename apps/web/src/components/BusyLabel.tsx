import type { ReactNode } from 'react';

/**
 * What a button says: its own words, or while its work is under way a spinner and what it is doing
 * ("Submitting", "Saving..."), so nobody presses it again to learn whether the first press took.
 */
export function BusyLabel({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return busy ? (
    <>
      <span className="spinner" aria-hidden="true" /> {busyText}
    </>
  ) : (
    children
  );
}
