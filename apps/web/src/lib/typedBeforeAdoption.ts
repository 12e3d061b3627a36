import { type RefObject, useEffect } from 'react';

/**
 * What a visitor typed into a field of a page the server wrote before the app took the page over: the field
 * shows it, but the app's state does not hold it. Taken into the state once, as the app takes the field over.
 */
export function useTypedBeforeAdoption(
  field: RefObject<HTMLInputElement | null>,
  value: string,
  setValue: (typed: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app takes the field over.
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) setValue(typed);
  }, []);
}
